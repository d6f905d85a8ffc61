/**
 * An outer join or an aggregate without GROUP BY into a sink that takes inserts only: an error
 * where the query's structure leaves no doubt that Flink plans a regular join or a GroupAggregate
 * (certain-updates.ts; flink FlinkChangelogModeInferenceProgram: StreamPhysicalJoin other than
 * INNER / SEMI and StreamPhysicalGroupAggregate produce updates), a warning where it may be an
 * interval join or an inner one, and quiet where the sink takes updates or the job is batch.
 * A new-user trial's two programs (LEFT JOIN and COUNT(*) into a kafka/json table) only warned,
 * though the warning said Flink refuses the job.
 */
import { expect } from "chai";
import { errorOf, issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const kafka = { connector: "kafka", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "scan.startup.mode": "earliest-offset", format: "json" };
const REFUSED = "Flink refuses the job when it plans it ('Table sink ... doesn't support consuming update changes')";
const JOINS = "on a condition without a time bound (a regular join: no interval, temporal or lookup join) and retracts the null-padded rows it emitted first";

describe("outer joins and global aggregates into insert-only sinks", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  let n = 0;
  /** A kafka clicks table with an event-time watermark, a kafka users table without one, and a kafka/json sink of (user_id, name, url). */
  const tables = () => {
    n++;
    const clicks = new api.FlinkTable(`cu_clicks${n}`, {
      columns: [{ name: "user_id", type: "BIGINT" }, { name: "url", type: "STRING" }, { name: "ts", type: "TIMESTAMP(3)" }],
      watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" },
      options: { ...kafka, topic: "clicks" },
    });
    const users = new api.FlinkTable(`cu_users${n}`, { columns: [{ name: "user_id", type: "BIGINT" }, { name: "name", type: "STRING" }, { name: "uts", type: "TIMESTAMP(3)" }], options: { ...kafka, topic: "users" } });
    const out = new api.FlinkTable(`cu_out${n}`, { columns: [{ name: "user_id", type: "BIGINT" }, { name: "name", type: "STRING" }, { name: "url", type: "STRING" }], options: { ...kafka, topic: "out" } });
    return { clicks, users, out };
  };
  const lead = (): string => `FlinkTable "cu_out${n}" is a 'kafka' table with format 'json', whose sink takes inserts only, and the statement`;
  const fix = (): string => `write to an IcebergSink or 'upsert-kafka' table with a primaryKey, or give FlinkTable "cu_out${n}" a changelog format such as 'debezium-json'`;

  for (const kind of ["LEFT", "RIGHT", "FULL"]) {
    it(`the trial's ${kind} JOIN on a key into a kafka/json sink is an error`, () => {
      const { clicks, users, out } = tables();
      const e = errorOf(() => new api.FlinkSqlJob(`cu-${kind}`, { statements: [api.sql`INSERT INTO ${out} SELECT c.user_id, u.name, c.url FROM ${clicks} c ${kind} JOIN ${users} u ON c.user_id = u.user_id`] }));
      expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
        ["statements[0]", `${lead()} ${kind} JOINs FlinkTable "cu_users${n}" (as u) ${JOINS}, which in a streaming job yields updates to earlier results: ${REFUSED}; ${fix()}, or join with a time bound (an interval join), which emits no retractions`],
      ]);
    });
  }

  it("the trial's COUNT(*) into a kafka/json sink is an error", () => {
    const { clicks } = tables();
    const total = new api.FlinkTable(`cu_total${n}`, { columns: [{ name: "cnt", type: "BIGINT" }], options: { ...kafka, topic: "total" } });
    const e = errorOf(() => new api.FlinkSqlJob("cu-count", { statements: [api.sql`INSERT INTO ${total} SELECT COUNT(*) FROM ${clicks}`] }));
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        `FlinkTable "cu_total${n}" is a 'kafka' table with format 'json', whose sink takes inserts only, and the statement aggregates without GROUP BY (over the whole stream) and updates` +
          ` its one result row with every input row, which in a streaming job yields updates to earlier results: ${REFUSED}; write to an IcebergSink or 'upsert-kafka' table with a primaryKey, or give` +
          ` FlinkTable "cu_total${n}" a changelog format such as 'debezium-json', or aggregate over a window (TUMBLE, HOP, CUMULATE or SESSION), whose results are final`,
      ],
    ]);
  });

  it("through a view: the view's outer join is an error at the INSERT that reads it", () => {
    const { clicks, users, out } = tables();
    const e = errorOf(
      () =>
        new api.FlinkSqlJob("cu-view", {
          statements: [api.sql`CREATE TEMPORARY VIEW enriched AS SELECT c.user_id, u.name, c.url FROM ${clicks} AS c LEFT JOIN ${users} AS u ON c.user_id = u.user_id`, api.sql`INSERT INTO ${out} SELECT * FROM enriched`],
        }),
    );
    expect(e.issues.map((i) => i.message)).to.deep.equal([`${lead()} (through the view in statements[0]) LEFT JOINs FlinkTable "cu_users${n}" (as u) ${JOINS}, which in a streaming job yields updates to earlier results: ${REFUSED}; ${fix()}, or join with a time bound (an interval join), which emits no retractions`]);
  });

  const warned: [string, (t: ReturnType<typeof tables>) => ReturnType<Api["sql"]>][] = [
    ["an ON condition that names a time attribute (it may bound time without INTERVAL)", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} SELECT c.user_id, u.name, c.url FROM ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id AND c.ts = u.uts`],
    ["a relation that is no interpolated table (a view)", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} SELECT c.user_id, u.name, c.url FROM ${clicks} c LEFT JOIN (SELECT * FROM ${users}) u ON c.user_id = u.user_id`],
    ["an aggregate in a scalar subquery", ({ clicks, out }) => api.sql`INSERT INTO ${out} SELECT user_id, 'x', url FROM ${clicks} WHERE user_id > (SELECT MAX(user_id) FROM ${clicks})`],
  ];
  for (const [title, stmt] of warned) {
    it(`a warning, no error: ${title}`, () => {
      const t = tables();
      const name = `cu-warn-${n}`;
      expect(issuesOrNone(() => new api.FlinkSqlJob(name, { statements: [stmt(t)] }))).to.deep.equal([]);
      expect(jobWarnings(name).filter((w) => w.includes(REFUSED))).to.have.length(1);
    });
  }

  it("a WHERE on the preserved side keeps the error", () => {
    const { clicks, users, out } = tables();
    const e = errorOf(() => new api.FlinkSqlJob("cu-where-left", { statements: [api.sql`INSERT INTO ${out} SELECT c.user_id, u.name, c.url FROM ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE c.url <> ''`] }));
    expect(e.issues.map((i) => i.message)).to.deep.equal([`${lead()} LEFT JOINs FlinkTable "cu_users${n}" (as u) ${JOINS}, which in a streaming job yields updates to earlier results: ${REFUSED}; ${fix()}, or join with a time bound (an interval join), which emits no retractions`]);
  });

  // A null-rejecting WHERE on the padded side: Flink pushes it into the join (FlinkFilterJoinRule.FILTER_INTO_JOIN), and calcite
  // RelOptUtil.simplifyJoin makes the join inner (Strong.isNotTrue: a comparison or IS NOT NULL is not true for a NULL column).
  const select = "SELECT c.user_id, u.name, c.url FROM";
  const mayRetract = (kind: string): string =>
    `${lead()} ${kind} JOINs FlinkTable "cu_users${n}" (as u) on a condition without a time bound (a regular join: no interval, temporal or lookup join), ` +
    "and its WHERE clause filters the NULL-padded side in a form not judged here: unless it rejects NULL there (as a comparison with a literal, LIKE a literal pattern or IS NOT NULL of a padded column, ANDed at the top level, does: the join is then inner), the join" +
    ` retracts the null-padded rows it emitted first, which in a streaming job yields updates to earlier results: ${REFUSED}; ${fix()}, or join with a time bound (an interval join), which emits no retractions`;
  const made: [string, (t: ReturnType<typeof tables>) => ReturnType<Api["sql"]>][] = [
    ["a comparison of a padded column with a literal", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE u.name <> ''`],
    ["IS NOT NULL ANDed with a condition on the preserved side, in parentheses", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE c.url <> '' AND (\`u\`.name IS NOT NULL)`],
    ["a RIGHT JOIN whose preserved side's rows the WHERE filters by the padded side (the literal first)", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c RIGHT JOIN ${users} u ON c.user_id = u.user_id WHERE 0 < c.user_id`],
    ["a FULL JOIN filtered on both sides", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c FULL JOIN ${users} u ON c.user_id = u.user_id WHERE u.name = 'x' AND c.url IS NOT NULL`],
    // Flink's SimplifyFilterConditionRule makes NOT (c IS NULL) c IS NOT NULL before the WHERE is pushed into the join; LIKE is Policy.ANY in calcite Strong.
    ["NOT (c IS NULL) of a padded column", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE NOT (u.name IS NULL)`],
    ["NOT c IS NULL of a padded column, without parentheses", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE c.url <> '' AND NOT u.name IS NULL`],
    ["a padded column LIKE a literal pattern", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE u.name LIKE 'a%'`],
    ["a padded column NOT LIKE a literal pattern with ESCAPE", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE u.name NOT LIKE 'a!_%' ESCAPE '!'`],
  ];
  for (const [title, stmt] of made) {
    it(`quiet: the WHERE makes the outer join inner: ${title}`, () => {
      const t = tables();
      const name = `cu-inner-${n}`;
      expect(issuesOrNone(() => new api.FlinkSqlJob(name, { statements: [stmt(t)] }))).to.deep.equal([]);
      expect(jobWarnings(name)).to.deep.equal([]);
    });
  }

  it("the join stays outer: IS NULL on the padded side, or a FULL JOIN filtered on one side only, is an error", () => {
    const { clicks, users, out } = tables();
    const e = errorOf(
      () =>
        new api.FlinkSqlJob("cu-still-outer", {
          statements: [api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE u.name IS NULL`, api.sql`INSERT INTO ${out} ${select} ${clicks} c FULL JOIN ${users} u ON c.user_id = u.user_id WHERE u.name = 'x'`],
        }),
    );
    const outer = (kind: string): string => `${lead()} ${kind} JOINs FlinkTable "cu_users${n}" (as u) ${JOINS}, which in a streaming job yields updates to earlier results: ${REFUSED}; ${fix()}, or join with a time bound (an interval join), which emits no retractions`;
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["statements[0]", outer("LEFT")],
      ["statements[1]", outer("FULL")],
    ]);
  });

  const may: [string, (t: ReturnType<typeof tables>) => ReturnType<Api["sql"]>][] = [
    ["an OR with a condition on the preserved side", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE u.name <> '' OR c.url <> ''`],
    ["a function of the padded column", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE UPPER(u.name) = 'X'`],
    ["two conditions on one padded column (Calcite may merge them into one SEARCH)", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE u.name > 'a' AND u.name < 'm'`],
    ["a comparison of the padded column with the other side's", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE u.name <> c.url`],
    // IN and BETWEEN of literals become one SEARCH (Flink's SimplifyFilterConditionRule), which calcite Strong does not judge (no policy: AS_IS).
    ["IN a list of literals (a SEARCH)", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE u.name IN ('x', 'y')`],
    ["BETWEEN two literals (a SEARCH)", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE u.user_id BETWEEN 1 AND 5`],
    ["IS DISTINCT FROM (Strong: never null)", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE u.name IS DISTINCT FROM 'x'`],
    ["COALESCE of the padded column", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE COALESCE(u.name, 'x') = 'y'`],
    ["LIKE the other side's column (no literal pattern)", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} ${select} ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE u.name LIKE c.url`],
  ];
  for (const [title, stmt] of may) {
    it(`a warning that the join may retract: ${title}`, () => {
      const t = tables();
      const name = `cu-may-${n}`;
      expect(issuesOrNone(() => new api.FlinkSqlJob(name, { statements: [stmt(t)] }))).to.deep.equal([]);
      expect(jobWarnings(name)).to.deep.equal([`statements[0]: ${mayRetract("LEFT")}`]);
    });
  }

  const quiet: [string, (t: ReturnType<typeof tables>) => ReturnType<Api["sql"]>][] = [
    ["an inner join", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} SELECT c.user_id, u.name, c.url FROM ${clicks} c JOIN ${users} u ON c.user_id = u.user_id`],
    ["an interval join (INTERVAL in its condition)", ({ clicks, users, out }) => api.sql`INSERT INTO ${out} SELECT c.user_id, u.name, c.url FROM ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id AND c.ts BETWEEN u.uts - INTERVAL '1' HOUR AND u.uts`],
    ["an OVER aggregate", ({ clicks, out }) => api.sql`INSERT INTO ${out} SELECT user_id, CAST(COUNT(*) OVER (PARTITION BY user_id ORDER BY ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS STRING), url FROM ${clicks}`],
  ];
  for (const [title, stmt] of quiet) {
    it(`quiet: ${title}`, () => {
      const t = tables();
      const name = `cu-quiet-${n}`;
      expect(issuesOrNone(() => new api.FlinkSqlJob(name, { statements: [stmt(t)] }))).to.deep.equal([]);
      expect(jobWarnings(name).filter((w) => w.includes("updates"))).to.deep.equal([]);
    });
  }

  it("quiet into a sink that takes updates (upsert-kafka with a primaryKey)", () => {
    const { clicks, users } = tables();
    const upsert = new api.FlinkTable(`cu_upsert${n}`, {
      columns: [{ name: "user_id", type: "BIGINT NOT NULL" }, { name: "name", type: "STRING" }, { name: "url", type: "STRING" }],
      primaryKey: ["user_id"],
      options: { connector: "upsert-kafka", topic: "u", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" },
    });
    const name = "cu-upsert";
    expect(issuesOrNone(() => new api.FlinkSqlJob(name, { statements: [api.sql`INSERT INTO ${upsert} SELECT c.user_id, u.name, c.url FROM ${clicks} c LEFT JOIN ${users} u ON c.user_id = u.user_id WHERE c.user_id IS NOT NULL`] }))).to.deep.equal([]);
    expect(jobWarnings(name).filter((w) => w.includes("updates"))).to.deep.equal([]);
  });
});
