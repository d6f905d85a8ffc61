/**
 * Flink 2.1's VARIANT type (FLIP-521: flink VariantType, LogicalTypeRoot.VARIANT, DataTypes.VARIANT()):
 * a FlinkTable column may be VARIANT (any Flink type); a job on a Flink older than 2.1 that uses
 * the table is an error naming its version (src/sql/variant-columns.ts); an Iceberg table's
 * VARIANT column stays an error, which says what Iceberg does and what to declare instead (src/iceberg/convert.ts).
 */
import { expect } from "chai";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";
import { parseDataType } from "../src/types/parser.js";
import { DataTypes } from "../src/types/datatypes.js";

describe("VARIANT columns", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const k8s = (flinkVersion: "v1_20" | "v2_0" | "v2_1") => ({
    namespace: "flink",
    image: "img",
    flinkVersion,
    ...(flinkVersion === "v1_20" ? { sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" } } : {}),
  });

  it("parses as a type of its own, nested too, and DataTypes.VARIANT() renders VARIANT", () => {
    expect(parseDataType("variant").toString()).to.equal("VARIANT");
    expect(parseDataType("ARRAY<VARIANT NOT NULL>").toString()).to.equal("ARRAY<VARIANT NOT NULL>");
    expect(DataTypes.VARIANT().toString()).to.equal("VARIANT");
  });

  it("a FlinkTable with a VARIANT column is accepted; a job on Flink 2.1 using it is quiet, one on 2.0 or 1.20 an error naming the version", () => {
    const events = new api.FlinkTable("vc_events", {
      columns: [{ name: "id", type: "BIGINT" }, { name: "payload", type: "VARIANT" }, { name: "tags", type: "ARRAY<VARIANT>" }],
      options: { connector: "kafka", topic: "e", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "scan.startup.mode": "earliest-offset", format: "json" },
    });
    const out = new api.FlinkTable("vc_out", { columns: [{ name: "id", type: "BIGINT" }, { name: "payload", type: "VARIANT" }], options: { connector: "blackhole" } });
    const job = (name: string, v: "v1_20" | "v2_0" | "v2_1") => () => new api.FlinkSqlJob(name, { statements: [api.sql`INSERT INTO ${out} SELECT id, payload FROM ${events}`], kubernetes: k8s(v) });
    expect(issuesOrNone(job("vc-21", "v2_1"))).to.deep.equal([]);
    const why = (version: string) =>
      `which came with Flink 2.1 (FLIP-521), and this job runs on Flink ${version}, whose SQL parser has no VARIANT type: the job fails when the script creates the table; ` +
      'run the job on flinkVersion "v2_1", or declare the column STRING (the JSON text)';
    expect(issuesOf(job("vc-20", "v2_0"))).to.deep.equal([
      { path: "statements[0]", message: `uses FlinkTable "vc_out", whose column payload (VARIANT) is of the VARIANT type, ${why("2.0")}` },
      { path: "statements[0]", message: `uses FlinkTable "vc_events", whose columns payload (VARIANT), tags (ARRAY<VARIANT>) are of the VARIANT type, ${why("2.0")}` },
    ]);
    expect(issuesOf(job("vc-120", "v1_20")).filter((i) => i.message.includes("VARIANT")).map((i) => i.message.slice(0, 40))).to.deep.equal([
      'uses FlinkTable "vc_out", whose column p',
      'uses FlinkTable "vc_events", whose colum',
    ]);
  });

  it("an IcebergSink column of VARIANT: an error that says what Iceberg maps it to and what to declare; STRING is quiet", () => {
    const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
    const issues = issuesOf(() => new api.IcebergSink("vc_ice", { catalog, database: "d", table: "t", columns: [{ name: "id", type: "BIGINT" }, { name: "payload", type: "VARIANT" }] }));
    expect(issues).to.deep.equal([
      {
        path: "columns[1].type",
        message:
          "payload: VARIANT is not supported in an Iceberg table by this package: Iceberg maps a Flink VARIANT to its variant type only in its Flink 2.1 connector and in format-version 3 tables, " +
          "and the package does not model variant columns (their schema, format and version rules); declare STRING for the JSON text (PARSE_JSON(col) reads it as VARIANT in a Flink 2.1 query), " +
          "or ROW<name T, ...> of the fields you need; a FlinkTable column may be VARIANT",
      },
    ]);
    expect(issuesOrNone(() => new api.IcebergSink("vc_ice2", { catalog, database: "d", table: "t2", columns: [{ name: "id", type: "BIGINT" }, { name: "payload", type: "STRING" }] }))).to.deep.equal([]);
  });
});
