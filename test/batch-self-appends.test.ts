/**
 * New-user trial (src/sql/batch-self-appends.ts): a batch job that appends (INSERT INTO) to the
 * Iceberg table it reads adds again, on every run, what it derives from the rows earlier runs
 * wrote: a warning advising INSERT OVERWRITE. Quiet for INSERT OVERWRITE, a read of a snapshot
 * range (on the source or in a hint), another branch, an upsert sink, another table.
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT NOT NULL" },
  { name: "v", type: "STRING" },
];
const message = (table: string, src: string, sink: string, copy: string) =>
  `statements[0]: this statement reads the Iceberg table ${table} through ${src} and appends to it through ${sink} in a batch job: each run reads the table's current rows, ` +
  `those earlier runs appended included, and appends what it derives from them again${copy}; ` +
  `to append only new rows, read only what was appended since a known snapshot (startSnapshotId and endSnapshotId on ${src}, or extraOptions "start-tag" and "end-tag"), ` +
  `or read ${table} only to leave out the rows already there (NOT EXISTS or NOT IN over it, or a LEFT JOIN of it kept WHERE its key IS NULL); ` +
  `write INSERT OVERWRITE ${sink} only when the result is the table's complete new content: it replaces every row already in the table (in each partition it writes, when the table is partitioned), and the rows the statement does not produce again are gone; ` +
  "acknowledge this warning when each run appends only rows no earlier run wrote";

describe("a batch job appending to the Iceberg table it reads", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a plain copy: every run doubles the table; a WHERE: the rows it derives are appended again", () => {
    const src = new api.IcebergSource("sa_src", { catalog, database: "db", table: "sa_t", columns: cols });
    const sink = new api.IcebergSink("sa_sink", { catalog, database: "db", table: "sa_t", columns: cols });
    new api.FlinkSqlJob("sa-copy", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src}`] });
    expect(jobWarnings("sa-copy")).to.deep.equal([message("db.sa_t", 'IcebergSource "sa_src"', 'IcebergSink "sa_sink"', " (a plain copy, as here: every run doubles the table)")]);
    new api.FlinkSqlJob("sa-where", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${sink} SELECT id + 1, v FROM ${src} WHERE v = 'x'`] });
    expect(jobWarnings("sa-where")).to.deep.equal([message("db.sa_t", 'IcebergSource "sa_src"', 'IcebergSink "sa_sink"', "")]);
  });

  it("valid neighbours stay quiet: INSERT OVERWRITE, a snapshot range, a hint choosing a tag, another branch, an upsert sink", () => {
    const src = new api.IcebergSource("sb_src", { catalog, database: "db", table: "sb_t", columns: cols });
    const sink = new api.IcebergSink("sb_sink", { catalog, database: "db", table: "sb_t", columns: cols });
    new api.FlinkSqlJob("sb-overwrite", { runtimeMode: "batch", statements: [api.sql`INSERT OVERWRITE ${sink} SELECT id, v FROM ${src}`] });
    expect(jobWarnings("sb-overwrite")).to.deep.equal([]);
    const range = new api.IcebergSource("sb_range", { catalog, database: "db", table: "sb_t", columns: cols, streaming: true, startSnapshotId: "1", endSnapshotId: "2" });
    new api.FlinkSqlJob("sb-range", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${range}`] });
    expect(jobWarnings("sb-range")).to.deep.equal([]);
    const tags = new api.IcebergSource("sb_tags", { catalog, database: "db", table: "sb_t", columns: cols, extraOptions: { "start-tag": "t1", "end-tag": "t2" } });
    new api.FlinkSqlJob("sb-tags", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${tags}`] });
    expect(jobWarnings("sb-tags")).to.deep.equal([]);
    new api.FlinkSqlJob("sb-hint", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src} /*+ OPTIONS('tag'='v1') */`] });
    expect(jobWarnings("sb-hint")).to.deep.equal([]);
    // A hint that chooses no snapshot leaves the read whole: still told.
    new api.FlinkSqlJob("sb-split", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src} /*+ OPTIONS('split-size'='1000') */`] });
    expect(jobWarnings("sb-split")).to.deep.equal([message("db.sb_t", 'IcebergSource "sb_src"', 'IcebergSink "sb_sink"', "")]);
    const audit = new api.IcebergSink("sb_audit", { catalog, database: "db", table: "sb_t", columns: cols, extraOptions: { branch: "audit" } });
    new api.FlinkSqlJob("sb-branch", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${audit} SELECT id, v FROM ${src}`] });
    expect(jobWarnings("sb-branch")).to.deep.equal([]);
    const keyed = new api.IcebergSink("sb_keyed", { catalog, database: "db", table: "sb_k", columns: cols, primaryKey: ["id"], upsertEnabled: true });
    const keyedSrc = new api.IcebergSource("sb_ksrc", { catalog, database: "db", table: "sb_k", columns: cols, primaryKey: ["id"] });
    new api.FlinkSqlJob("sb-upsert", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${keyed} SELECT id, v FROM ${keyedSrc}`] });
    expect(jobWarnings("sb-upsert")).to.deep.equal([]);
  });

  it("an idempotent incremental load reads the table only to leave out rows already there: quiet; the table feeding rows still warns", () => {
    const t = new api.IcebergSource("sc_t", { catalog, database: "db", table: "sc_t", columns: cols });
    const sink = new api.IcebergSink("sc_sink", { catalog, database: "db", table: "sc_t", columns: cols });
    const staging = new api.IcebergSource("sc_staging", { catalog, database: "db", table: "sc_staging", columns: cols });
    const quiet = [
      api.sql`INSERT INTO ${sink} SELECT s.* FROM ${staging} s LEFT JOIN ${t} t ON s.id=t.id WHERE t.id IS NULL`,
      api.sql`INSERT INTO ${sink} SELECT s.* FROM ${staging} s LEFT OUTER JOIN ${t} AS t ON s.id = t.id WHERE s.v <> 'x' AND t.id IS NULL`,
      api.sql`INSERT INTO ${sink} SELECT s.* FROM ${staging} s WHERE NOT EXISTS (SELECT 1 FROM ${t} x WHERE x.id = s.id)`,
      api.sql`INSERT INTO ${sink} SELECT s.* FROM ${staging} s WHERE s.id NOT IN (SELECT id FROM ${t})`,
      api.sql`INSERT INTO ${sink} SELECT s.* FROM ${staging} s WHERE s.id > (SELECT MAX(id) FROM ${t})`,
      // The anti-join's WHERE ends at UNION: the next branch's WHERE is none of its conditions.
      api.sql`INSERT INTO ${sink} SELECT s.* FROM ${staging} s LEFT JOIN ${t} x ON s.id = x.id WHERE x.id IS NULL UNION ALL SELECT s.* FROM ${staging} s WHERE s.v = 'x'`,
    ];
    quiet.forEach((statement, k) => {
      new api.FlinkSqlJob(`sc-quiet-${k}`, { runtimeMode: "batch", statements: [statement] });
      expect(jobWarnings(`sc-quiet-${k}`), `sc-quiet-${k}`).to.deep.equal([]);
    });
    const told = [
      // The table in a UNION branch, an inner join, a LEFT JOIN kept where matched, a LEFT JOIN filtered on a column no key, a semi-join (IN: each run appends again the staged rows it matched).
      api.sql`INSERT INTO ${sink} SELECT id, v FROM ${staging} UNION ALL SELECT id, v FROM ${t}`,
      api.sql`INSERT INTO ${sink} SELECT s.id, t.v FROM ${staging} s JOIN ${t} t ON s.id = t.id`,
      api.sql`INSERT INTO ${sink} SELECT s.* FROM ${staging} s LEFT JOIN ${t} t ON s.id = t.id WHERE t.id IS NOT NULL`,
      api.sql`INSERT INTO ${sink} SELECT s.* FROM ${staging} s LEFT JOIN ${t} t ON s.id = t.id WHERE t.v IS NULL`,
      api.sql`INSERT INTO ${sink} SELECT s.* FROM ${staging} s LEFT JOIN ${t} t ON s.id = t.id WHERE t.id IS NULL OR s.v = 'x'`,
      api.sql`INSERT INTO ${sink} SELECT s.* FROM ${staging} s WHERE s.id IN (SELECT id FROM ${t})`,
      api.sql`INSERT INTO ${sink} SELECT s.* FROM ${staging} s WHERE NOT EXISTS (SELECT 1 FROM ${t} x WHERE x.id = s.id) UNION ALL SELECT * FROM ${t}`,
      // A LEFT JOIN with no WHERE of its own: the next branch's WHERE x.id IS NULL (another x) does not make it an anti-join.
      api.sql`INSERT INTO ${sink} SELECT s.* FROM ${staging} s LEFT JOIN ${t} x ON s.id = x.id UNION ALL SELECT x.* FROM ${staging} x WHERE x.id IS NULL`,
    ];
    told.forEach((statement, k) => {
      new api.FlinkSqlJob(`sc-told-${k}`, { runtimeMode: "batch", statements: [statement] });
      expect(jobWarnings(`sc-told-${k}`), `sc-told-${k}`).to.deep.equal([message("db.sc_t", 'IcebergSource "sc_t"', 'IcebergSink "sc_sink"', "")]);
    });
  });
});
