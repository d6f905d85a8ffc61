/**
 * FlinkSqlJob: a call of a built-in function newer than the Kubernetes target's flinkVersion
 * (src/sql/newer-functions.ts, dated in src/sql/builtin-function-versions.ts): the trial's
 * `BTRIM(s)` (Flink 2.0) and `URL_DECODE(s)` (Flink 1.20) on flinkVersion "v1_19" passed preview
 * and failed when the job started ("No match found for function signature BTRIM(<CHARACTER>)").
 * Quiet: the same call on a version that has it, a function the job declares, a qualified call,
 * names in literals and comments, the SQL Gateway target and no target.
 */
import { expect } from "chai";
import { builtinFunctionNamesOn, missingOnVersion } from "../src/sql/builtin-function-versions.js";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

describe("FlinkSqlJob: a built-in function newer than the job's flinkVersion", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const runner = { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" };
  const kubernetes = (flinkVersion: "v1_19" | "v1_20" | "v2_0" | "v2_1") => ({
    namespace: "flink",
    image: "flink:x",
    flinkVersion,
    ...(flinkVersion.startsWith("v1_") ? { sqlRunner: runner } : {}),
  });
  const inRunner =
    "the SQL runner runs the script in a new TableEnvironment, which always starts in the built-in in-memory catalog default_catalog, which holds only the job's tables and views";
  const inDriver =
    "Flink's SqlDriver runs the script in a new session, which starts in the built-in in-memory catalog default_catalog, which holds only the job's tables and views" +
    " (no catalog store is set: table.catalog-store.kind)";
  const src = (name: string, extra: Record<string, unknown>[] = []) =>
    new api.FlinkTable(name, { columns: [{ name: "order_id", type: "BIGINT" }, { name: "note", type: "STRING" }, ...extra] as never, options: { connector: "datagen" } });
  const sink = (name: string) => new api.FlinkTable(name, { columns: [{ name: "order_id", type: "BIGINT" }, { name: "x", type: "STRING" }], options: { connector: "blackhole" } });
  const job = (name: string, statements: unknown[], extra: Record<string, unknown> = {}) => issuesOrNone(() => new api.FlinkSqlJob(name, { statements: statements as never, ...extra }));
  const newer = (issues: readonly { path: string; message: string }[]) => issues.filter((i) => i.message.includes("built-in function only from"));
  const head = (call: string, since: string, issue: string, version: string) =>
    `${call}(...) is a Flink built-in function only from Flink ${since} (${issue}), and this job runs on Flink ${version.slice(1).replace("_", ".")} ` +
    `(kubernetes.flinkVersion "${version}"), which has no function of that name; the job declares none (CREATE TEMPORARY FUNCTION)`;
  const noMatch = (call: string) => `("No match found for function signature ${call}(...)")`;

  it("the trial's BTRIM(note) and URL_DECODE(note) on v1_19: errors naming the release that added each, with TRIM(BOTH ...) for BTRIM", () => {
    const t = src("nf-src1");
    const o = [1, 2].map((k) => sink(`nf-out1-${k}`));
    expect(
      job("nf-1", [api.sql`INSERT INTO ${o[0]} SELECT order_id, CONCAT(BTRIM(note), URL_DECODE(note)) FROM ${t}`, api.sql`INSERT INTO ${o[1]} SELECT order_id, btrim(note, 'x-') FROM ${t}`], {
        kubernetes: kubernetes("v1_19"),
      }),
    ).to.deep.equal([
      {
        path: "statements[0]",
        message:
          `${head("BTRIM", "2.0", "FLINK-35910", "v1_19")}, and ${inRunner}, so Flink fails the statement when the job starts ${noMatch("BTRIM")}; ` +
          `write TRIM(BOTH ' ' FROM note), which does the same on every Flink version, or set kubernetes.flinkVersion to "v2_0" or "v2_1" (with an image of that Flink version)`,
      },
      {
        path: "statements[0]",
        message:
          `${head("URL_DECODE", "1.20", "FLINK-34108", "v1_19")}, and ${inRunner}, so Flink fails the statement when the job starts ${noMatch("URL_DECODE")}; ` +
          `set kubernetes.flinkVersion to "v1_20", "v2_0" or "v2_1" (with an image of that Flink version)`,
      },
      {
        path: "statements[1]",
        message:
          `${head("btrim", "2.0", "FLINK-35910", "v1_19")}, and ${inRunner}, so Flink fails the statement when the job starts ${noMatch("btrim")}; ` +
          `write TRIM(BOTH 'x-' FROM note), which does the same on every Flink version, or set kubernetes.flinkVersion to "v2_0" or "v2_1" (with an image of that Flink version)`,
      },
    ]);
  });

  it("the same calls on a version that has them stay quiet: URL_DECODE on v1_20, BTRIM and TRANSLATE on v2_0, PARSE_JSON on v2_1", () => {
    const t = src("nf-src2");
    const o = [1, 2, 3].map((k) => sink(`nf-out2-${k}`));
    expect(newer(job("nf-2a", [api.sql`INSERT INTO ${o[0]} SELECT order_id, URL_DECODE(note) FROM ${t}`], { kubernetes: kubernetes("v1_20") }))).to.deep.equal([]);
    expect(newer(job("nf-2b", [api.sql`INSERT INTO ${o[1]} SELECT order_id, TRANSLATE(BTRIM(note), 'ab', 'xy') FROM ${t}`], { kubernetes: kubernetes("v2_0") }))).to.deep.equal([]);
    expect(newer(job("nf-2c", [api.sql`INSERT INTO ${o[2]} SELECT order_id, JSON_STRING(PARSE_JSON(note)) FROM ${t}`], { kubernetes: kubernetes("v2_1") }))).to.deep.equal([]);
  });

  it("quiet on v1_19: a function the job declares of that name, a qualified call, names in literals and comments, TRANSLATE ... USING", () => {
    const t = src("nf-src3");
    const o = [1, 2].map((k) => sink(`nf-out3-${k}`));
    const issues = job(
      "nf-3",
      [
        api.sql`CREATE TEMPORARY FUNCTION btrim AS 'com.acme.BTrim'`,
        api.sql`INSERT INTO ${o[0]} SELECT order_id, BTRIM(note) FROM ${t} WHERE note <> 'URL_DECODE(x)' /* URL_DECODE(note) */`,
        api.sql`INSERT INTO ${o[1]} SELECT order_id, CONCAT(mycat.mydb.url_decode(note), TRANSLATE(note USING utf8)) FROM ${t}`,
      ],
      { kubernetes: kubernetes("v1_19") },
    );
    expect(newer(issues)).to.deep.equal([]);
    expect(jobWarnings("nf-3").filter((w) => w.includes("built-in function only from"))).to.deep.equal([]);
  });

  it("the SQL Gateway target and no target stay quiet (the gateway's Flink version is unknown at preview)", () => {
    const t = src("nf-src4");
    const o = [1, 2].map((k) => sink(`nf-out4-${k}`));
    expect(newer(job("nf-4a", [api.sql`INSERT INTO ${o[0]} SELECT order_id, BTRIM(URL_DECODE(note)) FROM ${t}`], { sqlGateway: { endpoint: "http://gw:8083" } }))).to.deep.equal([]);
    expect(newer(job("nf-4b", [api.sql`INSERT INTO ${o[1]} SELECT order_id, BTRIM(URL_DECODE(note)) FROM ${t}`]))).to.deep.equal([]);
    expect([...jobWarnings("nf-4a"), ...jobWarnings("nf-4b")].filter((w) => w.includes("built-in function only from"))).to.deep.equal([]);
  });

  it("a catalog store on v2_0 (a stored catalog may hold a function of that name): a warning", () => {
    const t = src("nf-src5");
    const o = sink("nf-out5");
    expect(newer(job("nf-5", [api.sql`INSERT INTO ${o} SELECT order_id, JSON_STRING(PARSE_JSON(note)) FROM ${t}`], { kubernetes: kubernetes("v2_0"), configuration: { "table.catalog-store.kind": "file" } }))).to.deep.equal([]);
    expect(jobWarnings("nf-5").filter((w) => w.includes("built-in function only from"))).to.deep.equal([
      `statements[0]: ${head("PARSE_JSON", "2.1", "FLINK-37922", "v2_0")}; unless the session's catalog holds a function of that name ` +
        `(Flink's SqlDriver runs the script in a new session, which starts in the built-in in-memory catalog default_catalog, which holds only the job's tables and views` +
        ` unless the catalog store configuration["table.catalog-store.kind"] sets ("file") holds a catalog of that name), ` +
        `Flink fails the statement when the job starts ${noMatch("PARSE_JSON")}; set kubernetes.flinkVersion to "v2_1" (with an image of that Flink version)`,
    ]);
  });

  it("a function of a release the package does not deploy (IS_VALID_UTF8, Flink 2.3) on v2_1, TRANSLATE(a, b, c) on v1_20: errors", () => {
    const t = src("nf-src6");
    const o = [1, 2].map((k) => sink(`nf-out6-${k}`));
    expect(job("nf-6a", [api.sql`INSERT INTO ${o[0]} SELECT order_id, note FROM ${t} WHERE IS_VALID_UTF8(CAST(note AS BYTES))`], { kubernetes: kubernetes("v2_1") })).to.deep.equal([
      {
        path: "statements[0]",
        message:
          `${head("IS_VALID_UTF8", "2.3", "FLINK-39601", "v2_1")}, and ${inDriver}, so Flink fails the statement when the job starts ${noMatch("IS_VALID_UTF8")}; ` +
          "no flinkVersion this package deploys (v1_19 to v2_1) has it: drop the call, or declare a function of your own of that name (CREATE TEMPORARY FUNCTION)",
      },
    ]);
    // Calcite parses TRANSLATE(a, b, c) itself, so Flink 1.x fails it without the lookup's message.
    expect(job("nf-6b", [api.sql`INSERT INTO ${o[1]} SELECT order_id, TRANSLATE(note, 'ab', 'xy') FROM ${t}`], { kubernetes: kubernetes("v1_20") })).to.deep.equal([
      {
        path: "statements[0]",
        message:
          `${head("TRANSLATE", "2.0", "FLINK-26939", "v1_20")}, and ${inRunner}, so Flink fails the statement when the job starts; ` +
          `set kubernetes.flinkVersion to "v2_0" or "v2_1" (with an image of that Flink version)`,
      },
    ]);
  });

  it("a FlinkTable's computed column: an error at statements naming the table and the prop path (Flink fails its CREATE TABLE)", () => {
    const t = src("nf-src7", [{ name: "parts", expression: "SPLIT(note, ',')" }]);
    const o = sink("nf-out7");
    expect(job("nf-7", [api.sql`INSERT INTO ${o} SELECT order_id, note FROM ${t}`], { kubernetes: kubernetes("v1_19") })).to.deep.equal([
      {
        path: "statements",
        message:
          `FlinkTable "nf-src7" columns[2].expression: ${head("SPLIT", "1.20", "FLINK-32706", "v1_19")}, and ${inRunner}, so Flink fails its CREATE TABLE when the job starts ${noMatch("SPLIT")}; ` +
          `set kubernetes.flinkVersion to "v1_20", "v2_0" or "v2_1" (with an image of that Flink version)`,
      },
    ]);
  });

  it("the version table: dated names by version, undated names on every version, unknown versions", () => {
    expect(missingOnVersion("btrim", "v1_19")).to.deep.equal({ name: "BTRIM", since: "2.0", issue: "FLINK-35910" });
    expect(missingOnVersion("URL_DECODE", "v1_19")).to.deep.equal({ name: "URL_DECODE", since: "1.20", issue: "FLINK-34108" });
    // The trial's ARRAY_AGG on v1_19 (FLINK-21949 merged after release-1.19 was cut): 1.20's; quiet on v1_20.
    expect([missingOnVersion("array_agg", "v1_19"), missingOnVersion("ARRAY_AGG", "v1_20")]).to.deep.equal([{ name: "ARRAY_AGG", since: "1.20", issue: "FLINK-21949" }, undefined]);
    expect([missingOnVersion("URL_DECODE", "v1_20"), missingOnVersion("BTRIM", "v2_0"), missingOnVersion("TRIM", "v1_19"), missingOnVersion("BTRIM", undefined)]).to.deep.equal([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const on119 = builtinFunctionNamesOn("v1_19");
    expect(["TRIM", "BTRIM", "URL_DECODE", "REGEXP_EXTRACT", "REGEXP_EXTRACT_ALL"].map((n) => on119.includes(n))).to.deep.equal([true, false, false, true, false]);
    expect(builtinFunctionNamesOn(undefined)).to.include("VECTOR_SEARCH");
  });
});
