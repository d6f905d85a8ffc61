/**
 * FlinkSqlJob: a call one typo from a function the job declares (src/sql/misspelt-functions.ts):
 * Flink fails it when the job starts ("No match found for function signature mask_emial(...)").
 * An error on Kubernetes (a new in-memory catalog holds no function), a warning elsewhere; built-in
 * functions, names near no declared function, qualified calls and column lists stay quiet; on
 * Kubernetes only a built-in function of the job's flinkVersion is suggested.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

describe("FlinkSqlJob: a misspelt call of a declared function", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const kubernetes = { namespace: "flink", image: "flink:2.1", flinkVersion: "v2_1" };
  const src = (name: string) => new api.FlinkTable(name, { columns: [{ name: "order_id", type: "BIGINT" }, { name: "note", type: "STRING" }], options: { connector: "datagen" } });
  const sink = (name: string) => new api.FlinkTable(name, { columns: [{ name: "order_id", type: "BIGINT" }, { name: "x", type: "STRING" }], options: { connector: "blackhole" } });
  const job = (name: string, statements: unknown[], extra: Record<string, unknown> = {}) => issuesOrNone(() => new api.FlinkSqlJob(name, { statements: statements as never, ...extra }));
  const declare = () => api.sql`CREATE TEMPORARY FUNCTION mask_email AS 'com.acme.flink.MaskEmail'`;
  const head =
    "mask_emial(...) calls no function: it is no Flink built-in function and the job declares no function of that name " +
    "(did you mean mask_email, which statements[0] declares (CREATE TEMPORARY FUNCTION)?)";
  const fails = 'Flink fails the statement when the job starts ("No match found for function signature mask_emial(...)"); write mask_email(...)';

  it("the trial's mask_emial(note) on Kubernetes: an error, did you mean mask_email", () => {
    const t = src("mf-src1");
    const o = sink("mf-out1");
    expect(job("mf-1", [declare(), api.sql`INSERT INTO ${o} SELECT order_id, mask_emial(note) FROM ${t}`], { kubernetes })).to.deep.equal([
      {
        path: "statements[1]",
        message:
          `${head}, and Flink's SqlDriver runs the script in a new session, which starts in the built-in in-memory catalog default_catalog, which holds only the job's tables and views` +
          ` (no catalog store is set: table.catalog-store.kind), so ${fails}`,
      },
    ]);
  });

  it("on the SQL Gateway target, without a target, or with a catalog store: a warning", () => {
    const t = src("mf-src2");
    const o = sink("mf-out2");
    expect(job("mf-2", [declare(), api.sql`INSERT INTO ${o} SELECT order_id, mask_emial(note) FROM ${t}`], { sqlGateway: { endpoint: "http://gw:8083" } })).to.deep.equal([]);
    expect(jobWarnings("mf-2")).to.deep.equal([
      `statements[1]: ${head}; unless the session's catalog holds a function of that name (a new gateway session starts in the built-in in-memory catalog default_catalog, which holds only the job's tables and views` +
        ` unless a catalog store the gateway's configuration sets (table.catalog-store.kind) holds a catalog of that name), ${fails}`,
    ]);
    const o3 = sink("mf-out3");
    expect(job("mf-3", [declare(), api.sql`INSERT INTO ${o3} SELECT order_id, mask_emial(note) FROM ${t}`])).to.deep.equal([]);
    expect(jobWarnings("mf-3")).to.have.length(1);
    const o4 = sink("mf-out4");
    expect(job("mf-4", [declare(), api.sql`INSERT INTO ${o4} SELECT order_id, mask_emial(note) FROM ${t}`], { kubernetes, configuration: { "table.catalog-store.kind": "file" } })).to.deep.equal([]);
    expect(jobWarnings("mf-4").filter((w) => w.includes("mask_emial"))).to.have.length(1);
    // A gateway session that sets the in-memory catalog store: still a warning (the gateway's own setup is not known).
    const o5 = sink("mf-out4b");
    const gateway = { endpoint: "http://gw:8083", sessionProperties: { "table.catalog-store.kind": "generic_in_memory" } };
    expect(job("mf-4b", [declare(), api.sql`INSERT INTO ${o5} SELECT order_id, mask_emial(note) FROM ${t}`], { sqlGateway: gateway })).to.deep.equal([]);
    expect(jobWarnings("mf-4b")).to.deep.equal([`statements[1]: ${head}; unless the SQL Gateway's own setup, which the program cannot see, provides a function of that name, ${fails}`]);
  });

  /** The Kubernetes error for a call `wrong` one typo from the built-in function `right`. */
  const builtin = (wrong: string, right: string): { path: string; message: string } => {
    const why =
      "Flink's SqlDriver runs the script in a new session, which starts in the built-in in-memory catalog default_catalog, which holds only the job's tables and views" +
      " (no catalog store is set: table.catalog-store.kind)";
    return {
      path: "statements[0]",
      message:
        `${wrong}(...) calls no function: it is no Flink built-in function and the job declares no function of that name ` +
        `(did you mean ${right}, a Flink built-in function?), and ${why}, ` +
        `so Flink fails the statement when the job starts ("No match found for function signature ${wrong}(...)"); write ${right}(...)`,
    };
  };

  it("a call one typo from a built-in function (REGEX_REPLACE, COALESE) on Kubernetes: an error naming the built-in function", () => {
    const t = src("mf-src6");
    const o = sink("mf-out6");
    expect(job("mf-6", [api.sql`INSERT INTO ${o} SELECT order_id, COALESE(REGEX_REPLACE(note, 'a', 'b'), '') FROM ${t}`], { kubernetes })).to.deep.equal([
      builtin("COALESE", "COALESCE"),
      builtin("REGEX_REPLACE", "REGEXP_REPLACE"),
    ]);
    // Valid built-in calls (a Table API name too), another dialect's function (foreign-functions.ts tells it), a name near none: quiet here.
    const o7 = sink("mf-out7");
    const issues = job("mf-7", [api.sql`INSERT INTO ${o7} SELECT order_id, COALESCE(REGEXP_REPLACE(lowerCase(note), 'a', 'b'), DATE_FORMAT(NOW(), 'yyyy'), my_udf(note), NVL(note, '')) FROM ${t}`], { kubernetes });
    expect(issues.filter((i) => i.message.includes("calls no function"))).to.deep.equal([]);
  });

  it("a four-character call one typo from a built-in of five or more (UPER, LOWR), or a five-character one from a built-in of four (TRIIM): an error on Kubernetes", () => {
    const t = src("mf-src8");
    const o = sink("mf-out8");
    expect(job("mf-8", [api.sql`INSERT INTO ${o} SELECT order_id, CONCAT(UPER(note), LOWR(note), TRIIM(note)) FROM ${t}`], { kubernetes })).to.deep.equal([
      builtin("UPER", "UPPER"),
      builtin("LOWR", "LOWER"),
      builtin("TRIIM", "TRIM"),
    ]);
  });

  it("quiet: short built-ins (ABS, MOD, LN, PI, NOW, IF), a declared four-letter function one typo from a built-in, four-letter names one typo from a four-letter built-in only or near none", () => {
    const t = src("mf-src9");
    const o = [1, 2].map((k) => sink(`mf-out9-${k}`));
    const issues = job("mf-9", [
      api.sql`CREATE TEMPORARY FUNCTION uper AS 'com.acme.Uper'`,
      api.sql`INSERT INTO ${o[0]} SELECT ABS(order_id) + MOD(order_id, 2) + CAST(LN(2) + PI() AS BIGINT), CONCAT(IF(note IS NULL, 'x', note), CAST(NOW() AS STRING), uper(note), UPER(note)) FROM ${t}`,
      // TRIN is one typo from TRIM, both four letters; ZORP is near no function: they may be catalog functions.
      api.sql`INSERT INTO ${o[1]} SELECT order_id, CONCAT(TRIN(note), ZORP(note)) FROM ${t}`,
    ], { kubernetes });
    expect(issues.filter((i) => i.message.includes("calls no function"))).to.deep.equal([]);
  });

  it("on Kubernetes only a built-in function the flinkVersion has is suggested: URL_DECOD near URL_DECODE (Flink 1.20) is quiet on v1_19, an error on v1_20", () => {
    const t = src("mf-src10");
    const o = [1, 2].map((k) => sink(`mf-out10-${k}`));
    const runner = { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" };
    const on = (flinkVersion: string) => ({ namespace: "flink", image: "flink:1", flinkVersion, sqlRunner: runner });
    expect(job("mf-10a", [api.sql`INSERT INTO ${o[0]} SELECT order_id, URL_DECOD(note) FROM ${t}`], { kubernetes: on("v1_19") }).filter((i) => i.message.includes("calls no function"))).to.deep.equal([]);
    expect(job("mf-10b", [api.sql`INSERT INTO ${o[1]} SELECT order_id, URL_DECOD(note) FROM ${t}`], { kubernetes: on("v1_20") })).to.deep.equal([
      {
        path: "statements[0]",
        message:
          "URL_DECOD(...) calls no function: it is no Flink built-in function and the job declares no function of that name (did you mean URL_DECODE, a Flink built-in function?), " +
          "and the SQL runner runs the script in a new TableEnvironment, " +
          "which always starts in the built-in in-memory catalog default_catalog, which holds only the job's tables and views, " +
          'so Flink fails the statement when the job starts ("No match found for function signature URL_DECOD(...)"); write URL_DECODE(...)',
      },
    ]);
  });

  it("quiet: the declared name in any case, built-in functions near a declared one, names near none, qualified calls, column lists and WITH names, literals and comments", () => {
    const t = src("mf-src5");
    const o = [1, 2, 3, 4, 5].map((k) => sink(`mf-out5-${k}`));
    expect(
      job("mf-5", [
        declare(),
        api.sql`CREATE TEMPORARY FUNCTION url_encode2 AS 'com.acme.UrlDecode'`,
        api.sql`CREATE TEMPORARY FUNCTION lowerx AS 'com.acme.Lower'`,
        api.sql`INSERT INTO ${o[0]} SELECT order_id, MASK_EMAIL(note) FROM ${t} WHERE note <> 'mask_emial(x)' /* mask_emial(note) */`,
        // URL_ENCODE and LOWER are built-in functions (one edit from url_encode2 / lowerx).
        api.sql`INSERT INTO ${o[1]} SELECT order_id, URL_ENCODE(LOWER(note)) FROM ${t}`,
        // Near no declared function: it may be a catalog function.
        api.sql`INSERT INTO ${o[2]} SELECT order_id, my_udf(note) FROM ${t}`,
        api.sql`CREATE TEMPORARY VIEW mask_emails (order_id, x) AS SELECT order_id, note FROM ${t}`,
        api.sql`INSERT INTO ${o[3]} WITH mask_emaill (a, b) AS (SELECT order_id, note FROM ${t}) SELECT a, b FROM mask_emaill`,
        api.sql`INSERT INTO ${o[4]} SELECT order_id, x FROM mask_emails`,
      ], { kubernetes }).filter((i) => i.message.includes("calls no function")),
    ).to.deep.equal([]);
    expect(jobWarnings("mf-5").filter((w) => w.includes("calls no function"))).to.deep.equal([]);
  });
});
