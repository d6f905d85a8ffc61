/**
 * Names read as tables in plain text that a job does not declare (src/sql/plain-text-tables.ts,
 * table-mentions.ts, current-catalog.ts): an error where the session that runs the script certainly
 * starts in an in-memory catalog holding only the job's tables and views (Kubernetes; a gateway
 * session that sets the in-memory catalog store), a warning where a stored catalog may hold the
 * name (SQL Gateway, no target); no report for any form that names no catalog table.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";
import { hive } from "./iceberg-table-helpers.js";
import { currentCatalog } from "../src/sql/current-catalog.js";

const K21 = { namespace: "flink", image: "img:2.1", flinkVersion: "v2_1" as const, mode: "standalone" as const };
const K120 = { namespace: "flink", image: "img:1.20", flinkVersion: "v1_20" as const, sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" } };
const GATEWAY = { endpoint: "http://gw:8083" };

const SQL_RUNNER = "the SQL runner runs the script in a new TableEnvironment, which always starts in the built-in in-memory catalog default_catalog, which holds only the job's tables and views";
const SQL_DRIVER =
  "Flink's SqlDriver runs the script in a new session, which starts in the built-in in-memory catalog default_catalog, which holds only the job's tables and views (no catalog store is set: table.catalog-store.kind)";

describe("plain-text table names a job does not declare (plain-text-tables.ts)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const cols = [{ name: "id", type: "BIGINT" }, { name: "amount", type: "DOUBLE" }];
  /** A source on the Iceberg table "orders" (Flink name `<p>_orders_src`), a sink, and a datagen table with a watermark, array and string columns. */
  const tablesOf = (p: string) => ({
    orders: new api.IcebergSource(`${p}-orders-src`, { catalog: hive, database: "shop", table: `${p}_orders`, columns: cols }),
    daily: new api.IcebergSink(`${p}-daily`, { catalog: hive, database: "dw", table: `${p}_daily`, columns: cols }),
    events: new api.FlinkTable(`${p}_events`, {
      columns: [...cols, { name: "s", type: "STRING" }, { name: "arr", type: "ARRAY<BIGINT>" }, { name: "ts", type: "TIMESTAMP(3)" }],
      watermark: { column: "ts", expression: "`ts` - INTERVAL '1' SECOND" },
      options: { connector: "datagen" },
    }),
  });
  /** The issues and warnings of this check for a job `name` of `statements` over tablesOf(name) on `target`. */
  const reports = (name: string, statements: (p: ReturnType<typeof tablesOf>) => unknown[], target: Record<string, unknown>): { errors: string[]; warnings: string[] } => {
    const t = tablesOf(name);
    const issues = issuesOrNone(() => new api.FlinkSqlJob(name, { statements: statements(t), ...target } as never));
    const ours = (m: string) => m.includes("declares no table or view of that name") || m.includes("as plain text");
    const errors = issues.filter((i) => ours(i.message)).map((i) => `${i.path}: ${i.message}`);
    const warnings = issues.length > 0 ? [] : jobWarnings(name).filter(ours);
    return { errors, warnings };
  };

  it("Kubernetes: a misspelt name, the Iceberg table's name and an undeclared JOIN are errors, all at once, each with what to write", () => {
    const r = reports(
      "p0",
      (t) => [
        api.sql`CREATE TEMPORARY VIEW recent AS SELECT id, amount FROM ${t.orders}`,
        api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM p0_ordres`,
        api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM p0_orders`,
        api.sql`INSERT INTO ${t.daily} SELECT o.id, o.amount FROM ${t.orders} o JOIN p0_customrs c ON o.id = c.id`,
        api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM recnet, p0_Orders_Src`,
      ],
      { kubernetes: K21 },
    );
    expect(r.errors).to.deep.equal([
      `statements[1]: reads "p0_ordres" as a table, but the job declares no table or view of that name: ${SQL_DRIVER}, so the job fails when it starts ("Object 'p0_ordres' not found"); ` +
        `did you mean IcebergSource "p0-orders-src" (Flink table name "p0_orders_src"), of the Iceberg table "p0_orders"? write \${<the IcebergSource object>} instead of p0_ordres`,
      `statements[2]: reads "p0_orders" as a table, but the job declares no table or view of that name: ${SQL_DRIVER}, so the job fails when it starts ("Object 'p0_orders' not found"); ` +
        `"p0_orders" is the Iceberg table of IcebergSource "p0-orders-src" (Flink table name "p0_orders_src"): write \${<the IcebergSource object>} instead of p0_orders`,
      `statements[3]: reads "p0_customrs" as a table, but the job declares no table or view of that name: ${SQL_DRIVER}, so the job fails when it starts ("Object 'p0_customrs' not found"); ` +
        `the job declares p0_orders_src (IcebergSource "p0-orders-src"), p0_daily (IcebergSink "p0-daily") and the view recent: read one of them, or interpolate the table component with \${...}`,
      `statements[4]: reads "recnet" as a table, but the job declares no table or view of that name: ${SQL_DRIVER}, so the job fails when it starts ("Object 'recnet' not found"); ` +
        `did you mean the view "recent" (statements[0])? write recent instead of recnet`,
      `statements[4]: reads "p0_Orders_Src" as a table, but the job declares no table or view of that name: ${SQL_DRIVER}, so the job fails when it starts ("Object 'p0_Orders_Src' not found"); ` +
        `"p0_Orders_Src" is the Flink table name of IcebergSource "p0-orders-src" ("p0_orders_src") in another letter case (Flink's names are case-sensitive): write \${<the IcebergSource object>} instead of p0_Orders_Src`,
    ]);
  });

  it("Kubernetes 1.19/1.20: the SQL runner's TableEnvironment starts in the in-memory catalog whatever the configuration", () => {
    const r = reports("p1", (t) => [api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM \`p1 Table\``], { kubernetes: { ...K120, flinkConfiguration: { "table.catalog-store.kind": "file" } } });
    expect(r.errors).to.deep.equal([
      `statements[0]: reads "p1 Table" as a table, but the job declares no table or view of that name: ${SQL_RUNNER}, so the job fails when it starts ("Object 'p1 Table' not found"); ` +
        "the job declares p1_daily (IcebergSink \"p1-daily\"): read one of them, or interpolate the table component with ${...}",
    ]);
  });

  it("a table component named by its Flink name keeps its own error; a WITH query misspelt is named; a near name of a WITH query read in its own body is not", () => {
    const r = reports(
      "p2",
      (t) => [
        api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM ${t.events}`,
        api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM p2_orders_src`,
        api.sql`INSERT INTO ${t.daily} WITH p2_totals AS (SELECT id, amount FROM ${t.events}) SELECT id, amount FROM p2_totls`,
        api.sql`INSERT INTO ${t.daily} WITH p2_recent AS (SELECT id, amount FROM p2_recent) SELECT id, amount FROM p2_recent`,
      ],
      { kubernetes: K21 },
    );
    expect(r.errors).to.deep.equal([
      `statements[1]: names IcebergSource "p2-orders-src" as plain text ("p2_orders_src"); the job declares only tables interpolated with \${...}, so it would have no CREATE TABLE for it and fail with "Object 'p2_orders_src' not found": write \${<the IcebergSource object>} instead of p2_orders_src`,
      `statements[2]: reads "p2_totls" as a table, but the job declares no table or view of that name: ${SQL_DRIVER}, so the job fails when it starts ("Object 'p2_totls' not found"); did you mean the WITH query "p2_totals"? write p2_totals instead of p2_totls`,
      `statements[3]: reads "p2_recent" as a table, but the job declares no table or view of that name: ${SQL_DRIVER}, so the job fails when it starts ("Object 'p2_recent' not found"); ` +
        "the job declares p2_daily (IcebergSink \"p2-daily\") and p2_events (FlinkTable \"p2_events\"): read one of them, or interpolate the table component with ${...}",
    ]);
  });

  it("SQL Gateway: a warning, since the gateway's configuration may set a catalog store; an error when the session sets the in-memory store", () => {
    const gw = reports("p3", (t) => [api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM p3_customers`], { sqlGateway: GATEWAY });
    expect(gw.errors).to.deep.equal([]);
    expect(gw.warnings).to.deep.equal([
      'statements[0]: reads "p3_customers" as a table, but the job declares no table or view of that name: a new gateway session starts in the built-in in-memory catalog default_catalog, which holds only the job\'s tables and views' +
        " unless a catalog store the gateway's configuration sets (table.catalog-store.kind) holds a catalog of that name; " +
        `unless it does and that catalog holds "p3_customers", the job fails when it starts ("Object 'p3_customers' not found"); the job declares p3_daily (IcebergSink "p3-daily"): read one of them, or interpolate the table component with \${...}, ` +
        "or, for a table of that catalog, write its full name (catalog.database.p3_customers)",
    ]);
    const pinned = reports("p4", (t) => [api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM p4_customers`], { sqlGateway: { ...GATEWAY, sessionProperties: { "table.catalog-store.kind": "generic_in_memory" } } });
    expect(pinned.errors).to.deep.equal([
      'statements[0]: reads "p4_customers" as a table, but the job declares no table or view of that name: the job\'s gateway session starts in the built-in in-memory catalog default_catalog, which holds only the job\'s tables and views' +
        ` (sqlGateway.sessionProperties["table.catalog-store.kind"] is "generic_in_memory"), so the job fails when it starts ("Object 'p4_customers' not found"); ` +
        'the job declares p4_daily (IcebergSink "p4-daily"): read one of them, or interpolate the table component with ${...}',
    ]);
    // The job's configuration sets the session's properties too.
    const viaConfig = reports("p5", (t) => [api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM p5_customers`], { sqlGateway: GATEWAY, configuration: { "table.catalog-store.kind": "generic_in_memory" } });
    expect(viaConfig.errors.map((e) => e.split(": reads")[0])).to.deep.equal(["statements[0]"]);
  });

  it("Kubernetes 2.x with a catalog store, and no target: warnings; a qualified name says so and is not reported", () => {
    const store = reports("p6", (t) => [api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM p6_customers`], { kubernetes: { ...K21, flinkConfiguration: { "table.catalog-store.kind": "file", "table.catalog-store.file.path": "s3://lake/catalogs" } } });
    expect(store.errors).to.deep.equal([]);
    expect(store.warnings.map((w) => w.split("; unless it does")[0])).to.deep.equal([
      'statements[0]: reads "p6_customers" as a table, but the job declares no table or view of that name: Flink\'s SqlDriver runs the script in a new session, which starts in the built-in in-memory catalog default_catalog, which holds only the job\'s tables and views' +
        ` unless the catalog store kubernetes.flinkConfiguration["table.catalog-store.kind"] sets ("file") holds a catalog of that name`,
    ]);
    const none = reports("p7", (t) => [api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM p7_customers`], {});
    expect(none.warnings.map((w) => w.split("; unless it does")[0])).to.deep.equal([
      'statements[0]: reads "p7_customers" as a table, but the job declares no table or view of that name: the job has no deploy target, and a new TableEnvironment or SQL Gateway session starts in the built-in in-memory catalog default_catalog, which holds only the job\'s tables and views' +
        " unless a catalog store (table.catalog-store.kind) holds a catalog of that name",
    ]);
    expect(reports("p8", (t) => [api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM lake.crm.p8_customers`], {}).warnings).to.deep.equal([]);
  });

  it("a window TVF's table and a FROM list's relation are read too; a view whose statement cannot be read is no undeclared name", () => {
    const r = reports(
      "p10",
      (t) => [
        api.sql`INSERT INTO ${t.daily} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE p10_event, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
        api.sql`INSERT INTO ${t.daily} SELECT o.id, o.amount FROM ${t.orders} o, p10_customers c WHERE o.id = c.id`,
        api.sql`CREATE TEMPORARY VIEW p10_v AS SELECT id, amount FROM ${t.events}; SELECT 1`,
        api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM p10_v`,
      ],
      { kubernetes: K21 },
    );
    expect(r.errors).to.deep.equal([
      `statements[0]: reads "p10_event" as a table, but the job declares no table or view of that name: ${SQL_DRIVER}, so the job fails when it starts ("Object 'p10_event' not found"); ` +
        `did you mean FlinkTable "p10_events" (Flink table name "p10_events")? write \${<the FlinkTable object>} instead of p10_event`,
      `statements[1]: reads "p10_customers" as a table, but the job declares no table or view of that name: ${SQL_DRIVER}, so the job fails when it starts ("Object 'p10_customers' not found"); ` +
        `the job declares p10_daily (IcebergSink "p10-daily") and p10_orders_src (IcebergSource "p10-orders-src"): read one of them, or interpolate the table component with \${...}`,
    ]);
  });

  it("what decides the catalog per target (current-catalog.ts)", () => {
    const at = (value: string | null) => ({ value, path: "p" });
    expect(currentCatalog({ target: "kubernetes", flinkVersion: "v1_19", catalogStoreKind: at("file") }).certain).to.equal(true);
    expect(currentCatalog({ target: "kubernetes", flinkVersion: "v2_0" }).certain).to.equal(true);
    expect(currentCatalog({ target: "kubernetes", flinkVersion: "v2_0", catalogStoreKind: at("generic_in_memory") }).certain).to.equal(true);
    expect(currentCatalog({ target: "kubernetes", flinkVersion: "v2_0", catalogStoreKind: at(null) }).certain).to.equal(false);
    expect(currentCatalog({ target: "sqlGateway" }).certain).to.equal(false);
    expect(currentCatalog({ target: "sqlGateway", catalogStoreKind: at("file") }).certain).to.equal(false);
    expect(currentCatalog({ target: "sqlGateway", catalogStoreKind: at("generic_in_memory") }).certain).to.equal(true);
    expect(currentCatalog({ target: undefined, catalogStoreKind: at("generic_in_memory") }).certain).to.equal(false);
  });

  it("no report for declared tables, views, WITH queries, table functions, Outputs and expressions in a Kubernetes job", async () => {
    const pulumi = await import("@pulumi/pulumi");
    const r = reports(
      "p9",
      (t) => [
        api.sql`CREATE TEMPORARY FUNCTION split AS 'com.example.Split'`,
        api.sql`CREATE TEMPORARY VIEW recent AS SELECT id, amount FROM ${t.orders}`,
        api.sql`CREATE TEMPORARY VIEW IF NOT EXISTS \`Recent Events\` (id, amount, ts) AS SELECT id, amount, ts FROM ${t.events}`,
        api.sql`CREATE TEMPORARY VIEW default_catalog.default_database.qualified AS SELECT id, amount FROM recent`,
        api.sql`INSERT INTO ${t.daily} (id, amount) SELECT id, amount FROM recent UNION ALL SELECT id, amount FROM \`Recent Events\` UNION ALL SELECT id, amount FROM qualified`,
        api.sql`INSERT INTO ${t.daily} WITH a AS (WITH b AS (SELECT id, amount FROM ${t.events}) SELECT id, amount FROM b) SELECT a.id, a.amount FROM a, recent WHERE a.id = recent.id`,
        api.sql`INSERT INTO ${t.daily} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${t.events}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
        api.sql`INSERT INTO ${t.daily} SELECT o.id, CAST(w AS DOUBLE) FROM ${t.events} AS o, LATERAL TABLE(split(o.s)) AS w(w)`,
        api.sql`INSERT INTO ${t.daily} SELECT o.id, CAST(x AS DOUBLE) FROM ${t.events} AS o CROSS JOIN UNNEST(o.arr) AS u(x)`,
        api.sql`INSERT INTO ${t.daily} SELECT a, b FROM (VALUES (1, 2.0)) AS v(a, b)`,
        api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM lake.shop.orders WHERE s <> 'FROM ordres' -- JOIN customrs`,
        api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM ${t.events} WHERE EXTRACT(HOUR FROM ts) > 1 AND TRIM(LEADING 'x' FROM s) <> SUBSTRING(s FROM 2) AND s IS DISTINCT FROM OVERLAY(s PLACING 'a' FROM 1)`,
        api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM ${pulumi.output(`${t.orders}`)}`,
        api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM p9_${pulumi.output("x")} JOIN ${pulumi.output("x")}_orders USING (id)`,
        api.sql`INSERT INTO ${t.daily} SELECT id, amount FROM p9_events`,
      ],
      { kubernetes: K21 },
    );
    expect(r).to.deep.equal({ errors: [], warnings: [] });
  });
});
