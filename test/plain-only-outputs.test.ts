/**
 * Outputs from other resources passed where a prop takes a plain value (a namespace from a
 * Namespace, a Secret's generated name, a checkpoint directory interpolated from a bucket), in a
 * `pulumi preview` where they are unknown: one error at the prop's path that says what to write,
 * never Pulumi's "Calling [toJSON] on an [Output<T>]" text or a crash, and the other checks still run.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { errorOf, type Api } from "./api.js";
import { deferredInPlainProps, ICEBERG_TABLE_DEFERRED, plainOnlyMessage } from "../src/validation/plain-only.js";

/** A resource whose `value` output the preview mocks leave unknown, as a real preview does for a resource not created yet. */
class Pending extends pulumi.CustomResource {
  declare readonly value: pulumi.Output<string>;
  constructor(name: string) {
    super("test:index:Pending", name, { value: undefined });
  }
}

describe("Outputs at props that take plain values (preview)", () => {
  let api: Api;
  before(async () => {
    await pulumi.runtime.setMocks(
      {
        newResource: (a) => ({ id: `${a.name}-id`, state: a.type === "test:index:Pending" ? {} : a.inputs }),
        call: (a) => a.inputs,
      },
      "project",
      "stack",
      true,
    );
    api = await import("../src/index.js");
  });

  const cols = [{ name: "id", type: "BIGINT" }, { name: "country", type: "STRING" }];
  const MESSAGE = plainOnlyMessage();

  function job(prefix: string, kubernetes: Record<string, unknown>, select = "id, country") {
    const src = new api.FlinkTable(`${prefix}_src`, { columns: cols, options: { connector: "datagen" } });
    const sink = new api.IcebergSink(`${prefix}_sink`, { catalog: { name: "lake", type: "rest", uri: new Pending(`${prefix}-rest`).value }, database: "db", table: prefix, columns: cols });
    return () =>
      new api.FlinkSqlJob(`${prefix}-job`, {
        statements: [api.sql`INSERT INTO ${sink} SELECT ${select} FROM ${src}`],
        kubernetes: { namespace: "flink", image: new Pending(`${prefix}-image`).value, flinkVersion: "v2_1", ...kubernetes } as never,
      });
  }

  it("names the prop of each Output once, with what to write, and keeps the statements' own checks", () => {
    const e = errorOf(job("ns", { namespace: new Pending("ns-namespace").value, envFromSecrets: { AWS_ACCESS_KEY_ID: { secretName: new Pending("ns-secret").value, key: "id" } } }, "id, contry"));
    expect(e.issues.map((i) => i.path)).to.deep.equal(["kubernetes.namespace", 'kubernetes.envFromSecrets["AWS_ACCESS_KEY_ID"].secretName', "statements[0]"]);
    // The explanation once; the second Output refers to the first.
    expect(e.issues.slice(0, 2).map((i) => i.message)).to.deep.equal([
      MESSAGE,
      "is a Pulumi Output too, but this prop takes a plain value: write the value itself (see kubernetes.namespace for why, and which props take Outputs)",
    ]);
    expect(e.issues[2]!.message).to.match(/^the SELECT list reads "contry", which is not a column of FlinkTable "ns_src"; did you mean "country"\?/);
    expect(e.message).to.not.contain("Calling [toJSON]");
    expect(MESSAGE).to.equal(
      "is a Pulumi Output, but this prop takes a plain value: preview checks it, and renders it into the script or the manifests, before other resources exist. " +
        "Write the value itself: a fixed name that you also give the resource it comes from (ordered with dependsOn), or one from stack configuration (new pulumi.Config().require(...)). " +
        "The props that take Outputs are catalog.uri and catalog.warehouse of an Iceberg table, FlinkTable option values (but connector, format and what decides the plan), " +
        "values interpolated in sql`...` (with sqlLiteral for a quoted value), kubernetes.image, and sqlGateway.endpoint, sessionProperties and headers",
    );
  });

  it("a checkpoint directory built with pulumi.interpolate is an error at kubernetes.checkpointDir, not a crash", () => {
    const dir = pulumi.interpolate`s3://${new Pending("cp-bucket").value}/checkpoints`;
    const e = errorOf(job("cp", { upgradeMode: "last-state", checkpointDir: dir, allowNonRestoredState: true }));
    expect(e.name).to.equal("FlinkIcebergValidationError");
    // Alone: not also "upgradeMode last-state ...: set kubernetes.checkpointDir", which the checks say of an unset one.
    expect(e.issues).to.deep.equal([{ path: "kubernetes.checkpointDir", message: MESSAGE }]);
  });

  it("an Output in an array is reported alone, not also as a malformed or missing array (primaryKey)", () => {
    const e = errorOf(
      () =>
        new api.FlinkTable("pk_t", {
          columns: cols,
          primaryKey: [new Pending("pk-col").value as never],
          options: { connector: "upsert-kafka", topic: "t", "properties.bootstrap.servers": "kafka:9092", "key.format": "json", "value.format": "json" },
        }),
    );
    expect(e.issues).to.deep.equal([{ path: "primaryKey[0]", message: MESSAGE }]);
  });

  it("on the SQL Gateway target and on the tables, too (savepointDir, commitInterval, a column name)", () => {
    const src = new api.FlinkTable("gw_src", { columns: cols, options: { connector: "datagen" } });
    const sink = new api.IcebergSink("gw_sink", { catalog: { name: "lake", type: "rest", uri: "http://rest:8181" }, database: "db", table: "gw", columns: cols });
    const gw = errorOf(() => new api.FlinkSqlJob("gw-job", { statements: [api.sql`INSERT INTO ${sink} SELECT * FROM ${src}`], sqlGateway: { endpoint: new Pending("gw-endpoint").value, savepointDir: new Pending("gw-sp").value as never } }));
    expect(gw.issues).to.deep.equal([{ path: "sqlGateway.savepointDir", message: MESSAGE }]);
    const interval = errorOf(() => new api.IcebergSink("ci_sink", { catalog: { name: "lake", type: "rest", uri: "http://rest:8181" }, database: "db", table: "ci", columns: cols, commitInterval: new Pending("ci").value as never }));
    expect(interval.issues).to.deep.equal([{ path: "commitInterval", message: MESSAGE }]);
    const column = errorOf(() => new api.FlinkTable("col_t", { columns: [{ name: new Pending("col").value as never, type: "BIGINT" }], options: { connector: "datagen", "fields.x.kind": "random" } }));
    expect(column.issues[0]).to.deep.equal({ path: "columns[0].name", message: MESSAGE });
  });

  it("cyclic args are walked once: an unknown arg holding a cycle is reported, not a stack overflow", () => {
    const template: Record<string, unknown> = { spec: {} };
    (template.spec as Record<string, unknown>).self = template;
    const plain = errorOf(() => new api.FlinkTable("cyc_t", { columns: cols, options: { connector: "datagen" }, extra: template } as never));
    expect(plain.issues.map((i) => i.path)).to.deep.equal(["extra"]);
    (template.spec as Record<string, unknown>).pending = new Pending("cyc-value").value;
    const withOutput = errorOf(() => new api.FlinkTable("cyc_t2", { columns: cols, options: { connector: "datagen" }, extra: template } as never));
    expect(withOutput.issues.map((i) => i.path)).to.deep.equal(["extra.spec.pending", "extra"]);
  });

  it("a widely shared value is read once per object past a budget: no Output in 16^12 paths is found at once", () => {
    let shared: unknown = { leaf: "x" };
    for (let i = 0; i < 12; i++) shared = Object.fromEntries([..."abcdefghijklmno"].map((k) => [k, shared]).concat([["p", [shared]]]));
    const args = { extra: shared };
    const found = deferredInPlainProps(args, ICEBERG_TABLE_DEFERRED);
    expect(found.paths).to.deep.equal([]);
    expect(found.args).to.equal(args);
    const promise = Promise.resolve("x");
    const deep = { extra: { a: { b: { c: { d: { e: { f: { g: { h: { i: { j: [promise] } } } } } } } } } } };
    expect(deferredInPlainProps(deep, ICEBERG_TABLE_DEFERRED).paths).to.deep.equal(["extra.a.b.c.d.e.f.g.h.i.j[0]"]);
  });

  it("large args (more objects than the walk without a visited set takes) are walked whole: an Output in the last object is found", () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ row: i, cells: [{ v: i }] }));
    const plain = errorOf(() => new api.FlinkTable("big_t", { columns: cols, options: { connector: "datagen" }, extra: rows(400) } as never));
    expect(plain.issues.map((i) => i.path)).to.deep.equal(["extra"]);
    const big = rows(400) as Record<string, unknown>[];
    (big[399]!.cells as Record<string, unknown>[])[0]!.v = new Pending("big-value").value;
    const withOutput = errorOf(() => new api.FlinkTable("big_t2", { columns: cols, options: { connector: "datagen" }, extra: big } as never));
    expect(withOutput.issues).to.deep.equal([
      { path: "extra[399].cells[0].v", message: MESSAGE },
      { path: "extra", message: withOutput.issues[1]!.message },
    ]);
    expect(withOutput.issues[1]!.message).to.equal(plain.issues[0]!.message);
  });

  it("Outputs where props take them still pass (catalog uri and warehouse, option values, image, endpoint, session properties)", () => {
    const src = new api.FlinkTable("ok_src", { columns: cols, options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": new Pending("ok-kafka").value, "properties.group.id": "g", "scan.startup.mode": "group-offsets", format: "json" } });
    const sink = new api.IcebergSink("ok_sink", { catalog: { name: "lake", type: "rest", uri: new Pending("ok-rest").value, warehouse: new Pending("ok-wh").value }, database: "db", table: "ok", columns: cols });
    expect(() => new api.FlinkSqlJob("ok-k8s", { statements: [api.sql`INSERT INTO ${sink} SELECT * FROM ${src}`], kubernetes: { namespace: "flink", image: new Pending("ok-image").value, flinkVersion: "v2_1", upgradeMode: "stateless" } })).to.not.throw();
    expect(() => new api.FlinkSqlJob("ok-gw", { statements: [api.sql`INSERT INTO ${sink} SELECT * FROM ${src}`], sqlGateway: { endpoint: new Pending("ok-gw").value, sessionProperties: { "s3.endpoint": new Pending("ok-s3").value }, savepointDir: "s3://b/sp" } })).to.not.throw();
  });
});
