/** IcebergSource / IcebergSink as Pulumi components under mocks, in update and preview mode. */
import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import { installMocks, isSecretOutput, recorded, settle } from "./pulumi-mocks.js";
import { drainUnhandled } from "./setup.js";
import { expectValidFlinkSql } from "./sql-validate.js";

type Components = typeof import("../src/components/iceberg-source.js") & typeof import("../src/components/iceberg-sink.js") & typeof import("../src/components/table-definition.js");

const columns = [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }];

for (const preview of [false, true]) {
  describe(`Iceberg components under mocks (${preview ? "preview" : "update"})`, () => {
    let m: Components;
    before(async () => {
      await installMocks({ preview });
      m = { ...(await import("../src/components/iceberg-source.js")), ...(await import("../src/components/iceberg-sink.js")), ...(await import("../src/components/table-definition.js")) };
    });

    it("registers an IcebergSource with plain outputs, its TableDefinition, and no args sent to the engine", async () => {
      const src = new m.IcebergSource("orders", { catalog: { name: "lake", uri: "thrift://m:9083" }, database: "db", table: "orders", columns, streaming: true, startSnapshotId: 3821550127947089987n });
      expect(src.tableName).to.equal("orders");
      const ddl = await settle(src.ddl);
      expectValidFlinkSql(ddl);
      expect(await settle(src.options)).to.include({ streaming: "true", "start-snapshot-id": "3821550127947089987", "starting-strategy": "INCREMENTAL_FROM_SNAPSHOT_ID" });
      expect((await settle(src.icebergSchema)).fields.map((f) => f.name)).to.deep.equal(["id", "v"]);
      expect(await settle(src.icebergPartitionSpec)).to.deep.equal({ "spec-id": 0, fields: [] });
      const def = m.getTableDefinition(src)!;
      expect(def).to.include({ resourceType: "IcebergSource", label: 'IcebergSource "orders"', tableName: "orders", writable: false, bounded: false, ddl, ddlPlain: ddl });
      expect(def.unboundedReason).to.contain("streaming: true");
      expect(def.commitInterval).to.equal(undefined);
      expect(def.iceberg).to.include({ database: "db", table: "orders", formatVersion: 2, needsFormatV3: false, upsert: false, streamingRead: true });
      await new Promise((r) => setImmediate(r));
      const rec = recorded.filter((r) => r.type === "flink-iceberg:index:IcebergSource" && r.name === "orders");
      if (!preview || rec.length > 0) expect(rec).to.have.length(1);
      for (const r of rec) expect(JSON.stringify(r.inputs)).to.not.contain("3821550127947089987");
    });

    it("registers an IcebergSink with commitInterval for the job", async () => {
      const snk = new m.IcebergSink("daily", { catalog: { name: "lake", type: "rest", uri: "https://cat" }, database: "db", table: "daily", columns, primaryKey: ["id"], upsertEnabled: true, commitInterval: "30s" });
      expect(snk.commitInterval).to.equal("30s");
      const def = m.getTableDefinition(snk)!;
      expect(def.commitInterval).to.deep.equal({ millis: 30000, text: "30s" });
      expect(def).to.include({ writable: true, bounded: true });
      expect(def.iceberg).to.include({ upsert: true, streamingRead: false });
      expect((await settle(snk.options))["upsert-enabled"]).to.equal("true");
    });

    it("throws one FlinkIcebergValidationError from the constructor, before registering", () => {
      const before = recorded.length;
      expect(() => new m.IcebergSink("bad", { catalog: { name: "lake", uri: "thrift://u" }, database: "db", table: "t", columns, upsertEnabled: true, formatVersion: 1 }))
        .to.throw(/IcebergSink "bad": 2 problems/)
        .with.property("issues")
        .that.has.length(2);
      expect(recorded.length).to.equal(before);
    });

    it("renders when an Output uri is known; the ddl is an Output in the TableDefinition", async () => {
      const uri = pulumi.output("thrift://from-output:9083");
      const src = new m.IcebergSource("late", { catalog: { name: "lake", uri }, database: "db", table: "t", columns });
      const def = m.getTableDefinition(src)!;
      expect(def.ddlPlain).to.equal(undefined);
      expect(pulumi.Output.isInstance(def.ddl)).to.equal(true);
      expect((await settle(src.options))["uri"]).to.equal("thrift://from-output:9083");
      expect(await isSecretOutput(src.ddl)).to.equal(false);
    });

    it("a secret uri makes ddl and options reject with the credential message once known", async () => {
      const uri = pulumi.secret("thrift://user:pw@metastore:9083");
      const snk = new m.IcebergSink("secret-uri", { catalog: { name: "lake", uri }, database: "db", table: "t", columns });
      for (const o of [snk.ddl, snk.options] as pulumi.Output<unknown>[]) {
        let err: unknown;
        try {
          await settle(o);
        } catch (e) {
          err = e;
        }
        expect(err, "expected the Output to reject").to.be.instanceOf(Error);
        expect((err as { issues: { path: string }[] }).issues.map((i) => i.path)).to.deep.equal(["catalog.uri"]);
        expect((err as Error).message).to.contain('IcebergSink "secret-uri"').and.contain("Pulumi secret").and.contain("Kubernetes Secret");
        expect((err as Error).message).to.not.contain("user:pw");
      }
      // registerOutputs fails the deployment with the same error: that is the point.
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      for (const r of drainUnhandled()) expect(String(r)).to.contain("catalog.uri: is a Pulumi secret");
    });

    it("an unknown uri (preview) neither throws nor hangs", async () => {
      const unknown = pulumi.output(pulumi.unknown as unknown as string);
      expect(await (unknown as unknown as { isKnown: Promise<boolean> }).isKnown).to.equal(false);
      const src = new m.IcebergSource("unknown-uri", { catalog: { name: "lake", uri: unknown }, database: "db", table: "t", columns });
      const known = await (src.ddl as unknown as { isKnown: Promise<boolean> }).isKnown;
      expect(known).to.equal(false);
    });
  });
}
