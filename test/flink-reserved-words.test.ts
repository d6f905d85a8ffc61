/**
 * Words Flink's own SQL parser reserves beyond SQL:2003 / Calcite (src/sql/flink-reserved-words.ts:
 * the `keywords` of flink-sql-parser's Parser.tdd that are not among its non-reserved keywords),
 * read unquoted as a column: `comment`, `views`, `bytes`, `watermark` fail on every supported Flink
 * version ("SQL parse failed. Encountered "comment""), `hash`, `refresh`, `model`, `structured` only
 * on some. An error on a job whose flinkVersion reserves the word, nothing on one whose version
 * does not, a warning naming the versions where the version is not known (a SQL Gateway target,
 * or no target). Back-quoted, in a literal or a comment, as part of a longer name, and Flink's
 * non-reserved keywords (name, type, state, metadata ...) stay quiet.
 */
import { expect } from "chai";
import { errorOf, issuesOf, issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";
import { settle } from "./pulumi-mocks.js";
import { expectValidFlinkSql, flinkSqlErrors } from "./sql-validate.js";
import { reservation } from "../src/sql/reserved-words.js";

type Version = "v1_19" | "v1_20" | "v2_0" | "v2_1";
const k8s = (flinkVersion: Version) => ({
  kubernetes: { namespace: "flink", image: "img", flinkVersion, ...(flinkVersion.startsWith("v1_") ? { sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" } } : {}) },
});
const gateway = { sqlGateway: { endpoint: "http://gw:8083", savepointDir: "s3://b/sp" } };

const TDD = "flink-sql-parser's Parser.tdd lists it among its keywords, not among the non-reserved ones";
const template = (name: string) => `(in a sql\`...\` template: \\\`${name}\\\`)`;
/** The error for an unquoted word reserved on every version, read by `where` as the column `name` of `table`. */
const always = (where: string, name: string, table: string) =>
  `${where} reads the column "${name}" of FlinkTable "${table}" as ${name} without back-quotes, but ${name.toUpperCase()} is a reserved word of Flink SQL (Flink's parser reserves it: ${TDD}): ` +
  `the parser never reads it as a name: the job fails when it starts ("Encountered \\"${name}\\""); write \`${name}\` ${template(name)}`;
/** The error on a version that reserves a word some versions take. */
const onVersion = (where: string, name: string, table: string, version: string, versions: string) =>
  `${where} reads the column "${name}" of FlinkTable "${table}" as ${name} without back-quotes, but ${name.toUpperCase()} is a reserved word of Flink SQL on Flink ${version}, the version this job runs on ` +
  `(Flink's parser reserves it in ${versions}: ${TDD}): the parser never reads it as a name: the job fails when it starts ("Encountered \\"${name}\\""); write \`${name}\` ${template(name)}`;
/** The warning where the version is not known. */
const unknown = (where: string, name: string, table: string, versions: string, others: string) =>
  `${where} reads the column "${name}" of FlinkTable "${table}" as ${name} without back-quotes, but ${name.toUpperCase()} is a reserved word of Flink SQL in ${versions} (Flink's parser reserves it there: ${TDD}; ${others} it as a name), ` +
  `and the Flink version this job runs on is not known at preview: on those versions the parser never reads it as a name: the job fails when it starts ("Encountered \\"${name}\\""); write \`${name}\` ${template(name)}`;

describe("words Flink's own parser reserves", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const trialWords = ["comment", "views", "bytes", "hash", "tables", "functions", "watermark", "refresh"];
  /** The trial's statement: every word a column of the source, each read unquoted into the sink. */
  const trial = (prefix: string) => {
    const src = new api.FlinkTable(`${prefix}_src`, { columns: trialWords.map((name) => ({ name, type: "STRING" })), options: { connector: "datagen" } });
    const out = new api.FlinkTable(`${prefix}_out`, { columns: trialWords.map((name) => ({ name: `o_${name}`, type: "STRING" })), options: { connector: "blackhole" } });
    return { src, out, statement: api.sql`INSERT INTO ${out} SELECT comment, views, bytes, hash, tables, functions, watermark, refresh FROM ${src}` };
  };
  const everyVersion = (table: string) => ["comment", "views", "bytes", "tables", "functions", "watermark"].map((w) => always("the SELECT list", w, table));

  it("trial: comment, views, bytes, tables, functions and watermark are errors without a target; hash and refresh (reserved from 1.20 on) are warnings naming the versions", () => {
    const { statement } = trial("frw");
    const e = errorOf(() => new api.FlinkSqlJob("frw-job", { statements: [statement] }));
    expect(e.issues.map((i) => i.path)).to.deep.equal(Array(6).fill("statements[0]"));
    expect(e.issues.map((i) => i.message)).to.deep.equal(everyVersion("frw_src"));
    expect(e.warnings.map((w) => [w.path, w.message])).to.deep.equal([
      ["statements[0]", unknown("the SELECT list", "hash", "frw_src", "Flink 1.20, 2.0 and 2.1", "Flink 1.19 reads")],
      ["statements[0]", unknown("the SELECT list", "refresh", "frw_src", "Flink 1.20, 2.0 and 2.1", "Flink 1.19 reads")],
    ]);
    // dt-sql-parser's FlinkSQL grammar (of an older Flink) refuses the words of every version too, and takes them back-quoted.
    for (const w of ["comment", "views", "bytes", "tables", "functions", "watermark"]) {
      expect(flinkSqlErrors(`INSERT INTO o SELECT ${w} FROM s;`), w).to.not.deep.equal([]);
      expect(flinkSqlErrors(`INSERT INTO o SELECT \`${w}\` FROM s;`), w).to.deep.equal([]);
    }
  });

  it("on a SQL Gateway (version not known at preview) the same: errors for the words of every version, warnings for hash and refresh", () => {
    const { statement } = trial("frwg");
    const e = errorOf(() => new api.FlinkSqlJob("frwg-job", { statements: [statement], ...gateway }));
    expect(e.issues.map((i) => i.message)).to.deep.equal(everyVersion("frwg_src"));
    expect(e.warnings.map((w) => w.message).filter((m) => m.includes("not known at preview"))).to.deep.equal([
      unknown("the SELECT list", "hash", "frwg_src", "Flink 1.20, 2.0 and 2.1", "Flink 1.19 reads"),
      unknown("the SELECT list", "refresh", "frwg_src", "Flink 1.20, 2.0 and 2.1", "Flink 1.19 reads"),
    ]);
  });

  it("on a known flinkVersion: hash and refresh are errors on 1.20 and 2.1 that name the version, and nothing on 1.19", () => {
    const { statement } = trial("frwk");
    const on = (v: Version) => issuesOf(() => new api.FlinkSqlJob(`frwk-${v}`, { statements: [statement], ...k8s(v) })).map((i) => i.message);
    const v119 = errorOf(() => new api.FlinkSqlJob("frwk-v1_19", { statements: [statement], ...k8s("v1_19") }));
    expect(v119.issues.map((i) => i.message)).to.deep.equal(everyVersion("frwk_src"));
    expect(v119.warnings.filter((w) => /HASH|REFRESH/.test(w.message))).to.deep.equal([]);
    for (const [v, label] of [["v1_20", "1.20"], ["v2_1", "2.1"]] as const) {
      expect(on(v)).to.deep.equal([
        ...everyVersion("frwk_src").slice(0, 3),
        onVersion("the SELECT list", "hash", "frwk_src", label, "Flink 1.20, 2.0 and 2.1"),
        ...everyVersion("frwk_src").slice(3),
        onVersion("the SELECT list", "refresh", "frwk_src", label, "Flink 1.20, 2.0 and 2.1"),
      ]);
    }
  });

  it("model is reserved in 1.20 and 2.0 only (2.1 made it non-reserved again), structured from 2.1 on", () => {
    const src = new api.FlinkTable("frwm_src", { columns: [{ name: "model", type: "STRING" }, { name: "structured", type: "STRING" }], options: { connector: "datagen" } });
    const out = new api.FlinkTable("frwm_out", { columns: [{ name: "a", type: "STRING" }, { name: "b", type: "STRING" }], options: { connector: "blackhole" } });
    const statement = api.sql`INSERT INTO ${out} SELECT model, structured FROM ${src}`;
    const job = (name: string, target: object) => () => new api.FlinkSqlJob(name, { statements: [statement], ...target });
    expect(issuesOrNone(job("frwm-119", k8s("v1_19")))).to.deep.equal([]);
    expect(jobWarnings("frwm-119").filter((w) => w.includes("reserved"))).to.deep.equal([]);
    expect(issuesOf(job("frwm-120", k8s("v1_20"))).map((i) => i.message)).to.deep.equal([onVersion("the SELECT list", "model", "frwm_src", "1.20", "Flink 1.20 and 2.0")]);
    expect(issuesOf(job("frwm-20", k8s("v2_0"))).map((i) => i.message)).to.deep.equal([onVersion("the SELECT list", "model", "frwm_src", "2.0", "Flink 1.20 and 2.0")]);
    expect(issuesOf(job("frwm-21", k8s("v2_1"))).map((i) => i.message)).to.deep.equal([onVersion("the SELECT list", "structured", "frwm_src", "2.1", "Flink 2.1")]);
    expect(issuesOrNone(job("frwm-gw", gateway))).to.deep.equal([]);
    expect(jobWarnings("frwm-gw").filter((w) => w.includes("not known at preview"))).to.deep.equal([
      `statements[0]: ${unknown("the SELECT list", "model", "frwm_src", "Flink 1.20 and 2.0", "Flink 1.19 and 2.1 read")}`,
      `statements[0]: ${unknown("the SELECT list", "structured", "frwm_src", "Flink 2.1", "Flink 1.19, 1.20 and 2.0 read")}`,
    ]);
  });

  it("every place the check reads: the column list after the sink, the WHERE clause, after a qualifier, inside an expression and in the GROUP BY", () => {
    const src = new api.FlinkTable("frwp_src", { columns: [{ name: "id", type: "BIGINT" }, { name: "comment", type: "STRING" }, { name: "views", type: "BIGINT" }], options: { connector: "datagen" } });
    const out = new api.FlinkTable("frwp_out", { columns: [{ name: "comment", type: "STRING" }, { name: "views", type: "BIGINT" }], options: { connector: "blackhole" } });
    const issues = issuesOf(
      () =>
        new api.FlinkSqlJob("frwp-job", {
          statements: [api.sql`INSERT INTO ${out} (comment, \`views\`) SELECT UPPER(t.comment), SUM(views) FROM ${src} AS t WHERE comment <> 'x' GROUP BY t.\`comment\`, comment`],
        }),
    );
    const reason = `COMMENT is a reserved word of Flink SQL (Flink's parser reserves it: ${TDD})`;
    expect(issues.map((i) => i.message)).to.deep.equal([
      `the column list after FlinkTable "frwp_out" names its column "comment" as comment without back-quotes, but ${reason}: the parser never reads it as a name: the job fails when it starts ("Encountered \\"comment\\""); write \`comment\` ${template("comment")}`,
      always("the WHERE clause", "comment", "frwp_src"),
      `the SELECT item UPPER(t.comment) reads the column "comment" of FlinkTable "frwp_src" as t.comment without back-quotes, but ${reason}: ` +
        `the parser takes no reserved word after a dot either, so it reads t and fails on the dot when the job starts ("Encountered \\". comment\\""); write t.\`comment\` (in a sql\`...\` template: t.\\\`comment\\\`)`,
      always("the SELECT item SUM(views)", "views", "frwp_src"),
      always("the GROUP BY", "comment", "frwp_src"),
    ]);
    // A word only some versions reserve, after a dot and in the column list, where the version is not known: warnings; on 1.19 nothing.
    const src2 = new api.FlinkTable("frwp2_src", { columns: [{ name: "hash", type: "STRING" }], options: { connector: "datagen" } });
    const out2 = new api.FlinkTable("frwp2_out", { columns: [{ name: "refresh", type: "STRING" }], options: { connector: "blackhole" } });
    const statement = api.sql`INSERT INTO ${out2} (refresh) SELECT t.hash FROM ${src2} AS t`;
    const versions = (word: string) =>
      `${word.toUpperCase()} is a reserved word of Flink SQL in Flink 1.20, 2.0 and 2.1 (Flink's parser reserves it there: ${TDD}; Flink 1.19 reads it as a name), and the Flink version this job runs on is not known at preview`;
    expect(issuesOrNone(() => new api.FlinkSqlJob("frwp2-gw", { statements: [statement], ...gateway }))).to.deep.equal([]);
    expect(jobWarnings("frwp2-gw").filter((w) => w.includes("not known at preview"))).to.deep.equal([
      `statements[0]: the column list after FlinkTable "frwp2_out" names its column "refresh" as refresh without back-quotes, but ${versions("refresh")}: ` +
        `on those versions the parser never reads it as a name: the job fails when it starts ("Encountered \\"refresh\\""); write \`refresh\` ${template("refresh")}`,
      `statements[0]: the SELECT list reads the column "hash" of FlinkTable "frwp2_src" as t.hash without back-quotes, but ${versions("hash")}: ` +
        `on those versions the parser takes no reserved word after a dot either, so it reads t and fails on the dot when the job starts ("Encountered \\". hash\\""); write t.\`hash\` (in a sql\`...\` template: t.\\\`hash\\\`)`,
    ]);
    expect(issuesOrNone(() => new api.FlinkSqlJob("frwp2-119", { statements: [statement], ...k8s("v1_19") }))).to.deep.equal([]);
    expect(jobWarnings("frwp2-119").filter((w) => w.includes("reserved"))).to.deep.equal([]);
  });

  it("an alias after AS: a reserved word is an error (COUNT(*) AS count too), a warning for a word only some versions reserve where the version is not known; back-quoted, without AS or non-reserved it is quiet", () => {
    const src = new api.FlinkTable("frwa_src", { columns: [{ name: "id", type: "BIGINT" }, { name: "note", type: "STRING" }], options: { connector: "datagen" } });
    const out = new api.FlinkTable("frwa_out", { columns: [{ name: "c", type: "STRING" }, { name: "n", type: "BIGINT" }, { name: "h", type: "BIGINT" }, { name: "s", type: "STRING" }], options: { connector: "blackhole" } });
    const e = errorOf(() => new api.FlinkSqlJob("frwa-job", { statements: [api.sql`INSERT INTO ${out} SELECT note AS comment, COUNT(*) AS count, MAX(id) AS hash, MAX(note) AS name FROM ${src} GROUP BY note`] }));
    const alias = (item: string, word: string, why: string, on = "") =>
      `the SELECT item ${item} names its value ${word} without back-quotes, but ${why}: ${on}the parser never reads it as a name: the job fails when it starts ("Encountered \\"${word}\\""); ` +
      `write AS \`${word}\` (in a sql\`...\` template: AS \\\`${word}\\\`)`;
    expect(e.issues.map((i) => i.message)).to.deep.equal([
      alias("note AS comment", "comment", `COMMENT is a reserved word of Flink SQL (Flink's parser reserves it: ${TDD})`),
      alias("COUNT(*) AS count", "count", "COUNT is a reserved word of Flink SQL"),
    ]);
    expect(e.warnings.map((w) => w.message)).to.deep.equal([
      alias(
        "MAX(id) AS hash",
        "hash",
        `HASH is a reserved word of Flink SQL in Flink 1.20, 2.0 and 2.1 (Flink's parser reserves it there: ${TDD}; Flink 1.19 reads it as a name), and the Flink version this job runs on is not known at preview`,
        "on those versions ",
      ),
    ]);
    const quiet = api.sql`INSERT INTO ${out} SELECT note AS \`comment\`, COUNT(*) AS \`count\`, MAX(id) hash, MAX(note) AS name FROM ${src} GROUP BY note`;
    expect(issuesOrNone(() => new api.FlinkSqlJob("frwa-ok", { statements: [quiet], ...k8s("v1_19") }))).to.deep.equal([]);
    expect(jobWarnings("frwa-ok").filter((w) => w.includes("reserved"))).to.deep.equal([]);
  });

  it("valid neighbours stay quiet: back-quoted, inside a literal or a comment, part of a longer name, and non-reserved keywords (name, type, status, data, key, version, state, zone, metadata, partitions, job)", async () => {
    const quiet = ["name", "type", "status", "data", "key", "version", "state", "zone", "metadata", "partitions", "job"];
    const longer = ["comment_text", "page_views", "hashed", "refresh_at", "my_bytes"];
    const src = new api.FlinkTable("frwv_src", {
      columns: [...["comment", "views", "hash", "refresh"], ...longer, ...quiet].map((name) => ({ name, type: "STRING" })),
      options: { connector: "datagen" },
    });
    const width = 4 + longer.length + quiet.length;
    const out = new api.FlinkTable("frwv_out", { columns: Array.from({ length: width }, (_, i) => ({ name: `c${i}`, type: "STRING" })), options: { connector: "blackhole" } });
    const statement = api.sql`INSERT INTO ${out}
      -- comment, views and hash in a comment
      SELECT \`comment\`, t.\`views\`, UPPER(\`hash\`), \`refresh\`, comment_text, page_views, hashed, refresh_at, my_bytes,
        name, type, status, data, key, version, state, zone, metadata, partitions, job
      FROM ${src} AS t WHERE \`comment\` <> 'comment' AND name <> 'views' /* refresh */`;
    for (const target of [{}, gateway, k8s("v2_1")]) {
      const name = `frwv-${Object.keys(target)[0] ?? "none"}`;
      expect(issuesOrNone(() => new api.FlinkSqlJob(name, { statements: [statement], ...target }))).to.deep.equal([]);
      expect(jobWarnings(name).filter((w) => w.includes("reserved"))).to.deep.equal([]);
    }
    // dt-sql-parser's grammar refuses METADATA and PARTITIONS as names, which Flink's Parser.tdd makes non-reserved
    // (nonReservedKeywordsToAdd): the rendered script is checked with the other words.
    const checked = api.sql`INSERT INTO ${out}
      -- comment, views and hash in a comment
      SELECT \`comment\`, t.\`views\`, UPPER(\`hash\`), \`refresh\`, comment_text, page_views, hashed, refresh_at, my_bytes,
        name, type, status, data, key, version, state, zone, name, name, job
      FROM ${src} AS t WHERE \`comment\` <> 'comment' AND name <> 'views'`;
    expectValidFlinkSql(await settle(new api.FlinkSqlJob("frwv-script", { statements: [checked] }).script));
  });

  it("scope stays reserved (SQL:2003, and Flink keeps only SCOPE_CATALOGS, SCOPE_NAME and SCOPE_SCHEMA non-reserved)", () => {
    const src = new api.FlinkTable("frws_src", { columns: [{ name: "scope", type: "STRING" }], options: { connector: "datagen" } });
    const out = new api.FlinkTable("frws_out", { columns: [{ name: "s", type: "STRING" }], options: { connector: "blackhole" } });
    expect(issuesOf(() => new api.FlinkSqlJob("frws-job", { statements: [api.sql`INSERT INTO ${out} SELECT scope FROM ${src}`], ...k8s("v1_19") })).map((i) => i.message)).to.deep.equal([
      'the SELECT list reads the column "scope" of FlinkTable "frws_src" as scope without back-quotes, but SCOPE is a reserved word of Flink SQL: the parser never reads it as a name: ' +
        `the job fails when it starts ("Encountered \\"scope\\""); write \`scope\` ${template("scope")}`,
    ]);
  });

  it("reservation by version: every version, some, or none; case-insensitive callers pass the word in upper case", () => {
    const on = (word: string) => (["v1_19", "v1_20", "v2_0", "v2_1", undefined, "v9_9"] as const).map((v) => reservation(word, v)?.warning ?? "-");
    // [1.19, 1.20, 2.0, 2.1, unknown, an unsupported version string (not known)]
    expect(on("COMMENT")).to.deep.equal([false, false, false, false, false, false]);
    expect(on("VALUE")).to.deep.equal([false, false, false, false, false, false]);
    expect(on("HASH")).to.deep.equal(["-", false, false, false, true, true]);
    expect(on("MODEL")).to.deep.equal(["-", false, false, "-", true, true]);
    expect(on("STRUCTURED")).to.deep.equal(["-", "-", "-", false, true, true]);
    for (const word of ["NAME", "TYPE", "STATUS", "DATA", "KEY", "VERSION", "STATE", "ZONE", "METADATA", "PARTITIONS", "COLUMNS", "STATISTICS", "JOB", "STOP", "CONNECTIONS"]) {
      expect(on(word), word).to.deep.equal(["-", "-", "-", "-", "-", "-"]);
    }
  });
});
