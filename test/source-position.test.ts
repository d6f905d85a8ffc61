/**
 * The source position Pulumi records for each resource (the first stack frame after the resource's
 * own constructor; @pulumi/pulumi resource.js `Resource.stackTrace(4)`): the user's line for the
 * components, the FlinkSqlJob constructor for its children. A class between a component and
 * `pulumi.ComponentResource`, or a helper between the job and its children, would move the
 * position into another file of the package (BENCHMARKS.md, session 3).
 */
import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import { mockedApi, type Api } from "./api.js";
import { flush } from "./pulumi-mocks.js";

interface Position {
  type: string;
  name: string;
  file: string;
}

describe("source positions of the package's resources", () => {
  let api: Api;
  const positions: Position[] = [];
  before(async () => {
    api = await mockedApi();
    const monitor = pulumi.runtime.getMonitor() as unknown as { registerResource(req: RegisterRequest, cb: unknown): unknown };
    const original = monitor.registerResource.bind(monitor);
    monitor.registerResource = (req, cb) => {
      const uri = req.getSourceposition()?.getUri() ?? "";
      positions.push({ type: req.getType(), name: req.getName(), file: uri.replace(/^.*\/(src|test)\//, "$1/") });
      return original(req, cb);
    };
  });

  const catalog = { name: "lake", type: "rest" as const, uri: "http://rest:8181", warehouse: "s3://lake/wh" };
  const columns = [{ name: "id", type: "BIGINT" }];

  it("is the user's file for IcebergSource, IcebergSink, FlinkTable and FlinkSqlJob, and the job's constructor for its children", async () => {
    const src = new api.IcebergSource("pos_src", { catalog, database: "db", table: "a", columns, streaming: true });
    const sink = new api.IcebergSink("pos_sink", { catalog, database: "db", table: "b", columns });
    const gen = new api.FlinkTable("pos_gen", { columns, options: { connector: "datagen" } });
    new api.FlinkSqlJob("pos-job", {
      statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`, api.sql`INSERT INTO ${sink} SELECT id FROM ${gen}`],
      kubernetes: { namespace: "flink", image: "img:2.1", flinkVersion: "v2_1", mode: "standalone", upgradeMode: "stateless" },
    });
    new api.FlinkSqlJob("pos-gw", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${gen}`], sqlGateway: { endpoint: "http://gateway:8083" } });
    await flush();
    const got = Object.fromEntries(positions.filter((p) => p.name.startsWith("pos")).map((p) => [`${p.type.split(":").pop()} ${p.name}`, p.file]));
    expect(got).to.deep.equal({
      "IcebergSource pos_src": "test/source-position.test.ts",
      "IcebergSink pos_sink": "test/source-position.test.ts",
      "FlinkTable pos_gen": "test/source-position.test.ts",
      "FlinkSqlJob pos-job": "test/source-position.test.ts",
      "ConfigMap pos-job-script": "src/components/flink-sql-job.ts",
      "FlinkDeployment pos-job": "src/components/flink-sql-job.ts",
      "FlinkSqlJob pos-gw": "test/source-position.test.ts",
      // A dynamic resource has one class more (pulumi.dynamic.Resource), so its position is its own constructor.
      "SqlGatewayJob pos-gw-gateway": "src/deploy/sql-gateway/resource.ts",
    });
  });
});

interface RegisterRequest {
  getType(): string;
  getName(): string;
  getSourceposition(): { getUri(): string } | undefined;
}
