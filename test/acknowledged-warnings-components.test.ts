/**
 * Warnings a program reads and acknowledges: each component's `warnings` (complete when its
 * constructor returns, under Pulumi's mocks) and its `acknowledgedWarnings` arg. An acknowledged
 * warning is not logged (pulumi.log.warn is captured) and stays readable, marked; a stale entry is
 * logged as a warning; a malformed entry or one that names an error fails the preview. Exact values.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { datagenToBlackhole, errorOf, jobWarnings, mockedApi, type Api } from "./api.js";
import { registry } from "../src/components/job-registry.js";
import { loggedWarnings } from "./pulumi-mocks.js";
import { plainOnlyMessage } from "../src/validation/plain-only.js";

const catalog = { name: "lake", type: "rest" as const, uri: "https://catalog:8181" };
const kafka = { connector: "kafka", topic: "orders", "properties.bootstrap.servers": "k:9092", "properties.auto.offset.reset": "earliest", format: "debezium-json" };
const orderCols = [
  { name: "order_id", type: "BIGINT NOT NULL" },
  { name: "order_date", type: "DATE NOT NULL" },
  { name: "amount", type: "DECIMAL(10, 2)" },
];
const WHY = 'say why the warning is accepted (e.g. "order_date never changes for an order"), so the next reader of the program knows it was checked';

/** The upsert-key warning (src/sql/upsert-keys.ts) of `INSERT INTO <sink> SELECT * FROM <cdc>`, for resources named `${p}_cdc` / `${p}_sink`. */
function keyWarning(p: string): string {
  return (
    `IcebergSink "${p}_sink" upserts by ("order_id", "order_date"), and the statement writes FlinkTable "${p}_cdc", a 'debezium-json' table (a changelog of inserts, updates and deletes), keyed by ("order_id"): ` +
    `an update that changes "order_date" leaves the row under its old key, because in upsert mode the sink ignores the retraction that would delete it and Flink adds no materializer when the sink's key contains the source's. ` +
    `If "order_date" can change for a row, set upsertEnabled: false (the sink then deletes the old row by the retraction's values), ` +
    `set table.exec.sink.upsert-materialize = 'FORCE' in the job's configuration (Flink then deletes the old key, at the cost of state per key), ` +
    `or key the sink by ("order_id"), plus a partition column that never changes for a row (upsert mode needs every partition column in the key) or unpartitioned`
  );
}

const logging = <T>(fn: () => T) => loggedWarnings(fn);

describe("warnings and acknowledgedWarnings on the components", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  /** A CDC source and an upsert sink keyed by one more column than the source: the job's INSERT warns (upsert-keys.ts). */
  const widenedKey = (p: string) => ({
    cdc: new api.FlinkTable(`${p}_cdc`, { columns: orderCols, primaryKey: ["order_id"], options: { ...kafka, "properties.group.id": p } }),
    sink: new api.IcebergSink(`${p}_sink`, { catalog, database: "db", table: p, columns: orderCols, primaryKey: ["order_id", "order_date"], partitionedBy: ["order_date"], upsertEnabled: true }),
  });

  it("a valid job's warning is in its warnings, as logged, right after the constructor", async () => {
    const { cdc, sink } = widenedKey("aw1");
    const { value: job, logged } = await logging(() => new api.FlinkSqlJob("aw1-job", { statements: [api.sql`INSERT INTO ${sink} SELECT * FROM ${cdc}`] }));
    expect(job.warnings).to.deep.equal([{ path: "statements[0]", message: keyWarning("aw1"), acknowledged: false }]);
    expect(logged).to.deep.equal([`FlinkSqlJob "aw1-job": statements[0]: ${keyWarning("aw1")}`]);
    expect(Object.isFrozen(job.warnings)).to.equal(true);
  });

  it("acknowledged: not logged, not among synth's warnings, still readable with its reason", async () => {
    const { cdc, sink } = widenedKey("aw2");
    const reason = "order_date is set when the order is placed and never changes";
    const { value: job, logged } = await logging(
      () => new api.FlinkSqlJob("aw2-job", { statements: [api.sql`INSERT INTO ${sink} SELECT * FROM ${cdc}`], acknowledgedWarnings: [{ path: "statements[0]", contains: 'If "order_date" can change', reason }] }),
    );
    expect(logged).to.deep.equal([]);
    expect(job.warnings).to.deep.equal([{ path: "statements[0]", message: keyWarning("aw2"), acknowledged: true, reason }]);
    expect(jobWarnings("aw2-job")).to.deep.equal([]);
    expect(registry().jobs.find((j) => j.name === "aw2-job")!.acknowledged).to.equal(1);
  });

  it("a stale entry (it names no warning of the job) is logged as a warning of its own", async () => {
    const statement = datagenToBlackhole(api, "aw3");
    const { value: job, logged } = await logging(
      () => new api.FlinkSqlJob("aw3-job", { statements: [statement], acknowledgedWarnings: [{ path: "statements[0]", reason: "the key warning we checked in March" }] }),
    );
    const stale = 'acknowledges a warning at path statements[0] that this resource does not give: the warning it was written for is gone (remove the entry), or its path or text is mistyped; the resource has no warning';
    expect(job.warnings).to.deep.equal([{ path: "acknowledgedWarnings[0]", message: stale, acknowledged: false }]);
    expect(logged).to.deep.equal([`FlinkSqlJob "aw3-job": acknowledgedWarnings[0]: ${stale}`]);
  });

  it("an entry without a reason fails the preview with its path; so does an unknown key of the entry", () => {
    const { cdc, sink } = widenedKey("aw4");
    const e = errorOf(() => new api.FlinkSqlJob("aw4-job", { statements: [api.sql`INSERT INTO ${sink} SELECT * FROM ${cdc}`], acknowledgedWarnings: [{ path: "statements[0]" } as never] }));
    expect(e.message).to.equal(`FlinkSqlJob "aw4-job": acknowledgedWarnings[0].reason: is required: ${WHY}`);
    // Its warnings stay on the error unacknowledged (the entry acknowledged nothing).
    expect(e.warnings).to.deep.equal([{ path: "statements[0]", message: keyWarning("aw4") }]);
    const t = errorOf(() => new api.FlinkTable("aw4_t", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "datagen" }, acknowledgedWarnings: [{ path: "", reason: "r", because: "x" } as never] }));
    expect(t.issues).to.deep.equal([{ path: "acknowledgedWarnings[0].because", message: 'unknown arg "because" (known: path, contains, reason)' }]);
  });

  it("an error cannot be acknowledged: the entry naming it is an error too, and the error stands", () => {
    const e = errorOf(() => new api.FlinkSqlJob("aw5-job", { statements: ["INSERT INTO x SELECT 1"], parallelism: 0, acknowledgedWarnings: [{ path: "parallelism", reason: "we want 0" }] }));
    expect(e.issues.map((i) => i.path)).to.include("parallelism");
    expect(e.issues.find((i) => i.path === "acknowledgedWarnings[0]")).to.deep.equal({
      path: "acknowledgedWarnings[0]",
      message: 'names the error at parallelism, and an error cannot be acknowledged: fix what it says (acknowledgedWarnings takes warnings only)',
    });
  });

  it("an unknown arg near acknowledgedWarnings is named; an Output as a reason is reported as such, not as a missing reason", () => {
    const cols = [{ name: "id", type: "BIGINT" }];
    const typo = errorOf(() => new api.FlinkTable("aw6_t", { columns: cols, options: { connector: "datagen" }, acknowledgedWarning: [] } as never));
    expect(typo.issues).to.deep.equal([{ path: "acknowledgedWarning", message: 'unknown arg "acknowledgedWarning"; did you mean "acknowledgedWarnings"?' }]);
    const output = errorOf(() => new api.IcebergSource("aw6_s", { catalog, database: "db", table: "s", columns: cols, acknowledgedWarnings: [{ path: "", reason: pulumi.output("r") as never }] }));
    expect(output.issues.map((i) => i.path)).to.deep.equal(["acknowledgedWarnings[0].reason"]);
    expect(output.issues[0]!.message).to.match(/^is a Pulumi Output, but this prop takes a plain value/);
  });

  it("IcebergSink, IcebergSource and FlinkTable: the warning in warnings, acknowledged ones not logged, stale ones logged", async () => {
    const cols = [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }];
    const partitionWarning =
      "ts: an identity partition of a TIMESTAMP(3) column makes one partition, with its own files, per distinct instant; partition by a coarser column the INSERT fills instead, e.g. `ts_day` DATE filled with CAST(`ts` AS DATE)";
    const unitWarning = '"30" has no unit, so Flink reads it as milliseconds (30 ms); write "30ms" to say so, or "30s" if you mean seconds';
    const csvWarning = "is no option of format 'csv', and the 'filesystem' connector passes 'csv.*' keys through unchecked, so Flink ignores it; did you mean \"csv.field-delimiter\"?";
    const { value, logged } = await logging(() => ({
      sink: new api.IcebergSink("aw7_sink", { catalog, database: "db", table: "k", columns: cols, partitionedBy: ["ts"], acknowledgedWarnings: [{ path: "partitionedBy[0]", contains: "one partition", reason: "a few rows a day" }] }),
      source: new api.IcebergSource("aw7_src", { catalog, database: "db", table: "s", columns: cols, streaming: true, extraOptions: { "monitor-interval": "30" } }),
      table: new api.FlinkTable("aw7_csv", {
        columns: [{ name: "id", type: "BIGINT" }],
        options: { connector: "filesystem", path: "s3://b/p", format: "csv", "csv.field-delimeter": "|" },
        acknowledgedWarnings: [{ path: 'options["csv.field-delimeter"]', reason: "our csv library reads it" }, { path: "watermark", reason: "left from an earlier version" }],
      }),
    }));
    expect(value.sink.warnings).to.deep.equal([{ path: "partitionedBy[0]", message: partitionWarning, acknowledged: true, reason: "a few rows a day" }]);
    expect(value.source.warnings).to.deep.equal([{ path: 'extraOptions["monitor-interval"]', message: unitWarning, acknowledged: false }]);
    const stale = 'acknowledges a warning at path watermark that this resource does not give: the warning it was written for is gone (remove the entry), or its path or text is mistyped; the resource warns at options["csv.field-delimeter"]';
    expect(value.table.warnings).to.deep.equal([
      { path: 'options["csv.field-delimeter"]', message: csvWarning, acknowledged: true, reason: "our csv library reads it" },
      { path: "acknowledgedWarnings[1]", message: stale, acknowledged: false },
    ]);
    expect(logged).to.deep.equal([`IcebergSource "aw7_src": extraOptions["monitor-interval"]: ${unitWarning}`, `FlinkTable "aw7_csv": acknowledgedWarnings[1]: ${stale}`]);
    // What synth reads: the open warnings, and how many were acknowledged.
    const def = (label: string) => registry().tables.find((t) => t.label === label)!;
    expect([def('IcebergSink "aw7_sink"').warnings, def('IcebergSink "aw7_sink"').acknowledged]).to.deep.equal([[], 1]);
    expect([def('FlinkTable "aw7_csv"').warnings.map((w) => w.path), def('FlinkTable "aw7_csv"').acknowledged]).to.deep.equal([["acknowledgedWarnings[1]"], 1]);
    expect(def('IcebergSource "aw7_src"').acknowledged).to.equal(undefined);
  });

  it("a map key's warning is logged at options[\"connector\"]; an entry written options.connector (as earlier releases logged it) still acknowledges it", async () => {
    const connectorWarning =
      "\"kafak\" is no connector of Flink or of its common connector jars; did you mean \"kafka\"? Unless a jar of yours provides 'kafak', Flink fails the job (\"Could not find any factory for identifier 'kafak' that implements ...\", flink FactoryUtil.discoverFactory)";
    const make = (name: string, path: string) =>
      new api.FlinkTable(name, { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "kafak", topic: "t" }, acknowledgedWarnings: [{ path, reason: "our own connector jar" }] });
    const { value, logged } = await logging(() => [make("aw_map_old", "options.connector"), make("aw_map_new", 'options["connector"]')]);
    for (const t of value) expect(t.warnings).to.deep.equal([{ path: 'options["connector"]', message: connectorWarning, acknowledged: true, reason: "our own connector jar" }]);
    expect(logged).to.deep.equal([]);
  });

  it("a keyed sink's v1 delete-file warning, logged after the program's synchronous run, is not logged once acknowledged", async () => {
    const args = { catalog, database: "db", table: "v1", columns: orderCols, primaryKey: ["order_id"], formatVersion: 1 as const };
    const { value, logged } = await logging(() => [
      new api.IcebergSink("aw8_open", args),
      new api.IcebergSink("aw8_ack", { ...args, acknowledgedWarnings: [{ path: "formatVersion", contains: "with a primaryKey the sink keys rows by it", reason: "an append-only stream" }] }),
    ]);
    expect(value.map((s) => s.warnings.map((w) => [w.path, w.acknowledged]))).to.deep.equal([[["formatVersion", false]], [["formatVersion", true]]]);
    expect(logged.map((m) => m.slice(0, m.indexOf(": with")))).to.deep.equal(['IcebergSink "aw8_open": formatVersion']);
  });

  it("an Output in a plain-only prop: the entries are matched against its error, so none is called stale beside it, and an Output reason is one error", () => {
    // The prop's checks saw it unset and may have skipped a warning an entry names: with the error, no entry is stale (review finding).
    const ack = [{ path: "statements[0]", reason: "the key warning we checked in March" }];
    const stale = errorOf(() => new api.FlinkSqlJob("aw9-job", { statements: [datagenToBlackhole(api, "aw9")], parallelism: pulumi.output(2) as never, acknowledgedWarnings: ack }));
    expect(stale.issues).to.deep.equal([{ path: "parallelism", message: plainOnlyMessage() }]);
    expect(stale.warnings).to.deep.equal([]);
    // An entry naming that prop, or an Output as an entry's reason: the one error at the prop, nothing more.
    const named = errorOf(() => new api.FlinkSqlJob("aw10-job", { statements: [datagenToBlackhole(api, "aw10")], parallelism: pulumi.output(2) as never, acknowledgedWarnings: [{ path: "parallelism", reason: "r" }] }));
    expect(named.issues).to.deep.equal([{ path: "parallelism", message: plainOnlyMessage() }]);
    const reason = errorOf(() => new api.FlinkSqlJob("aw11-job", { statements: [datagenToBlackhole(api, "aw11")], acknowledgedWarnings: [{ path: "statements[0]", reason: pulumi.output("r") as never }] }));
    expect(reason.issues).to.deep.equal([{ path: "acknowledgedWarnings[0].reason", message: plainOnlyMessage() }]);
    expect(reason.warnings).to.deep.equal([]);
    // The valid neighbour: the same entry on a job without the Output is stale, as before.
    const job = new api.FlinkSqlJob("aw12-job", { statements: [datagenToBlackhole(api, "aw12")], parallelism: 2, acknowledgedWarnings: ack });
    expect(job.warnings.map((w) => w.path)).to.deep.equal(["acknowledgedWarnings[0]"]);
  });
});
