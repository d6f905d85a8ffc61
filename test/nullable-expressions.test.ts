/**
 * FlinkSqlJob: an expression that is NULL where a nullable column of the FROM table is (CAST, UPPER,
 * arithmetic, CONCAT, aggregates ...: src/sql/null-propagation.ts) written into a NOT NULL sink
 * column warns as the nullable column itself does (src/sql/insert-columns.ts nullableExpression):
 * the sink's not-null enforcer fails the job on the first NULL (flink CommonExecSink). The new-user
 * trial's w66 (CAST(ts AS DATE) and UPPER(kind) into a primary key) and v61 passed silently.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const ENFORCER = "table.exec.sink.not-null-enforcer";
/** The warning of value `i` (1-based) `shown` of `type`, NULL where `names` are, into `col` (`colType`) of `sink`. */
const warning = (i: number, shown: string, type: string, names: string[], sink: string, col: string, colType: string, write: string, restart = true) => {
  const one = names.length === 1;
  const list = (word: string) => (one ? names[0] : `${names.slice(0, -1).join(", ")} ${word} ${names[names.length - 1]}`);
  return (
    `statements[0]: value ${i} of the SELECT list, ${shown} (${type}), is NULL where ${list("or")} ${one ? "is" : "are"} NULL, and goes into ${sink}'s column "${col}" (${colType}): ` +
    `Flink fails the job on the first NULL ("Column '${col}' is NOT NULL, however, a null value is being written into it"; ${ENFORCER} ERROR)${restart ? ", and the restarted job reads that row again" : ""}. ` +
    `Declare the source column${one ? "" : "s"} ${list("and")} NOT NULL if ${one ? "it never is" : "they never are"} NULL, filter the rows (WHERE ${names.map((n) => `\`${n}\` IS NOT NULL`).join(" AND ")}) or write COALESCE(${write}, ...); ` +
    `${ENFORCER} = 'DROP' in the job's configuration drops such rows without a word`
  );
};

describe("INSERT values: nullable expressions into NOT NULL sink columns", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const events = (name: string, extra: Record<string, unknown> = {}) =>
    new api.FlinkTable(name, {
      columns: [{ name: "id", type: "BIGINT" }, { name: "user_id", type: "BIGINT NOT NULL" }, { name: "kind", type: "STRING" }, { name: "note", type: "STRING" }, { name: "amount", type: "DECIMAL(10, 2)" }, { name: "ts", type: "TIMESTAMP(3)" }],
      watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" },
      options: { connector: "kafka", topic: name, "properties.bootstrap.servers": "kafka:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest", format: "json" },
      ...extra,
    });
  const notNull = (name: string, types: string[]) => new api.FlinkTable(name, { columns: types.map((type, i) => ({ name: `c${i + 1}`, type: `${type} NOT NULL` })), options: { connector: "blackhole" } });

  it("the trial's w66: CAST(ts AS DATE) and UPPER(kind) grouped into an upsert IcebergSink keyed by them", () => {
    const e = events("ne-events");
    const s = new api.IcebergSink("ne-w66", {
      catalog, database: "t", table: "w66",
      columns: [{ name: "dt", type: "DATE" }, { name: "kind_u", type: "STRING" }, { name: "n", type: "BIGINT" }],
      primaryKey: ["dt", "kind_u"], upsertEnabled: true,
    });
    expect(issuesOrNone(() => new api.FlinkSqlJob("ne-1", { statements: [api.sql`INSERT INTO ${s} SELECT CAST(ts AS DATE), UPPER(kind), COUNT(*) FROM ${e} GROUP BY CAST(ts AS DATE), UPPER(kind)`] }))).to.deep.equal([]);
    expect(jobWarnings("ne-1")).to.deep.equal([
      warning(1, "CAST(ts AS DATE)", "DATE", ["ts"], 'IcebergSink "ne-w66"', "dt", "DATE NOT NULL", "CAST(ts AS DATE)"),
      warning(2, "UPPER(kind)", "STRING", ["kind"], 'IcebergSink "ne-w66"', "kind_u", "STRING NOT NULL", "UPPER(kind)"),
    ]);
  });

  it("arithmetic, CONCAT of two columns, a CASE whose branches are NULL alike, an aggregate, DATE_FORMAT; the WHERE filters one column out (the trial's v61)", () => {
    const e = events("ne-events2");
    const s = notNull("ne-out2", ["BIGINT", "STRING", "STRING", "DECIMAL(38, 2)", "STRING", "STRING"]);
    new api.FlinkSqlJob("ne-2", {
      statements: [
        api.sql`INSERT INTO ${s} SELECT id + 1 AS next_id, CONCAT(kind, note), CASE WHEN id > 0 THEN UPPER(kind) ELSE LOWER(kind) END, SUM(amount), DATE_FORMAT(ts, 'yyyy-MM-dd') AS dt, UPPER(note) FROM ${e} WHERE note IS NOT NULL GROUP BY id, kind, note, ts`,
      ],
    });
    expect(jobWarnings("ne-2")).to.deep.equal([
      warning(1, "id + 1 AS next_id", "BIGINT", ["id"], 'FlinkTable "ne-out2"', "c1", "BIGINT NOT NULL", "id + 1"),
      warning(2, "CONCAT(kind, note)", "STRING", ["kind"], 'FlinkTable "ne-out2"', "c2", "STRING NOT NULL", "CONCAT(kind, note)"),
      warning(3, "CASE WHEN id > 0 THEN UPPER(kind) ELSE LOWER(kind) END", "STRING", ["kind"], 'FlinkTable "ne-out2"', "c3", "STRING NOT NULL", "CASE WHEN id > 0 THEN UPPER(kind) ELSE LOWER(kind) END"),
      warning(4, "SUM(amount)", "DECIMAL(38, 2)", ["amount"], 'FlinkTable "ne-out2"', "c4", "DECIMAL(38, 2) NOT NULL", "SUM(amount)"),
      warning(5, "DATE_FORMAT(ts, 'yyyy-MM-dd') AS dt", "STRING", ["ts"], 'FlinkTable "ne-out2"', "c5", "STRING NOT NULL", "DATE_FORMAT(ts, 'yyyy-MM-dd')"),
    ]);
    const s2 = notNull("ne-out3", ["STRING"]);
    new api.FlinkSqlJob("ne-3", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${s2} SELECT CAST(id AS STRING) || kind FROM ${new api.IcebergSource("ne-src3", { catalog, database: "t", table: "s3", columns: [{ name: "id", type: "BIGINT" }, { name: "kind", type: "STRING" }] })}`] });
    expect(jobWarnings("ne-3")).to.deep.equal([warning(1, "CAST(id AS STRING) || kind", "STRING", ["id", "kind"], 'FlinkTable "ne-out3"', "c1", "STRING NOT NULL", "CAST(id AS STRING) || kind", false)]);
  });

  it("a WHERE condition `<expression> IS NOT NULL` rejects NULL for the columns whose NULL makes the expression NULL (the last trial's CAST(ts AS DATE))", () => {
    const e = events("ne-events9");
    const s = notNull("ne-out9", ["DATE", "STRING", "BIGINT"]);
    const s2 = notNull("ne-out10", ["DATE"]);
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("ne-9", {
            statements: [
              api.sql`INSERT INTO ${s2} SELECT CAST(ts AS DATE) AS d FROM ${e} WHERE CAST(ts AS DATE) IS NOT NULL`,
              api.sql`INSERT INTO ${s} SELECT CAST(ts AS DATE), UPPER(kind), id + 1 FROM ${e} WHERE (DATE_FORMAT(ts, 'yyyy') IS NOT NULL) AND CONCAT(kind, note) IS NOT NULL AND id > 0`,
              api.sql`INSERT INTO ${s2} SELECT CAST(ts AS DATE) FROM ${e} WHERE NOT (CAST(ts AS DATE) IS NULL)`,
            ],
          }),
      ),
    ).to.deep.equal([]);
    expect(jobWarnings("ne-9")).to.deep.equal([]);
    // Still warned: COALESCE is NULL only where both are; an OR at the top level; another column tested; a leading NOT.
    const e2 = events("ne-events10");
    new api.FlinkSqlJob("ne-10", {
      statements: [
        api.sql`INSERT INTO ${s} SELECT CAST(ts AS DATE), UPPER(kind), user_id FROM ${e2} WHERE COALESCE(kind, note) IS NOT NULL AND CAST(ts AS DATE) IS NOT NULL OR id > 0`,
        api.sql`INSERT INTO ${s} SELECT CAST(ts AS DATE), UPPER(kind), 1 FROM ${e2} WHERE COALESCE(kind, note) IS NOT NULL AND UPPER(note) IS NOT NULL AND NOT CAST(ts AS DATE) IS NOT NULL`,
      ],
    });
    const w = (stmt: number, i: number, shown: string, type: string, name: string, col: string, colType: string) =>
      warning(i, shown, type, [name], 'FlinkTable "ne-out9"', col, colType, shown).replace("statements[0]", `statements[${stmt}]`);
    expect(jobWarnings("ne-10")).to.deep.equal([
      w(0, 1, "CAST(ts AS DATE)", "DATE", "ts", "c1", "DATE NOT NULL"),
      w(0, 2, "UPPER(kind)", "STRING", "kind", "c2", "STRING NOT NULL"),
      w(1, 1, "CAST(ts AS DATE)", "DATE", "ts", "c1", "DATE NOT NULL"),
      w(1, 2, "UPPER(kind)", "STRING", "kind", "c2", "STRING NOT NULL"),
    ]);
  });

  it("quiet: COALESCE / IFNULL / CASE that give a value for NULL, NOT NULL and key columns, a WHERE that rejects NULL, literals, COUNT, tests, CONCAT_WS, nullable sink columns, DROP", () => {
    const e = events("ne-events4");
    const keyed = new api.FlinkTable("ne-keyed", {
      columns: [{ name: "id", type: "BIGINT" }, { name: "kind", type: "STRING" }],
      primaryKey: ["id"],
      options: { connector: "upsert-kafka", topic: "k", "properties.bootstrap.servers": "kafka:9092", "key.format": "json", "value.format": "json" },
    });
    const s = notNull("ne-out4", ["DATE", "STRING", "STRING", "BIGINT", "STRING", "BIGINT", "BOOLEAN", "STRING", "STRING", "DATE"]);
    const s2 = notNull("ne-out5", ["STRING"]);
    const s3 = notNull("ne-out6", ["STRING"]);
    const nullable = new api.FlinkTable("ne-out7", { columns: [{ name: "c1", type: "DATE" }], options: { connector: "blackhole" } });
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("ne-4", {
            statements: [
              api.sql`INSERT INTO ${s} SELECT COALESCE(CAST(ts AS DATE), CURRENT_DATE), IFNULL(UPPER(kind), ''), CASE WHEN kind IS NULL THEN 'none' ELSE UPPER(kind) END, user_id + 1, 'x', COUNT(*), kind IS NULL, CONCAT_WS('-', kind, note), IF(kind IS NULL, 'none', kind), CAST(ts AS DATE) FROM ${e} WHERE ts IS NOT NULL GROUP BY ts, kind, note, user_id`,
              api.sql`INSERT INTO ${s2} SELECT CAST(id AS STRING) FROM ${keyed}`,
              api.sql`INSERT INTO ${s3} SELECT UPPER(kind) FROM ${e} WHERE kind <> ''`,
              api.sql`INSERT INTO ${nullable} SELECT CAST(ts AS DATE) FROM ${e}`,
            ],
          }),
      ),
    ).to.deep.equal([]);
    expect(jobWarnings("ne-4")).to.deep.equal([]);
    new api.FlinkSqlJob("ne-5", { configuration: { [ENFORCER]: "DROP" }, statements: [api.sql`INSERT INTO ${notNull("ne-out8", ["STRING"])} SELECT UPPER(kind) FROM ${events("ne-events5")}`] });
    expect(jobWarnings("ne-5")).to.deep.equal([]);
  });
});
