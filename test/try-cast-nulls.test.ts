/**
 * TRY_CAST into a NOT NULL sink column (src/sql/try-cast-nulls.ts): NULL for every value the cast
 * cannot convert, even from a NOT NULL source column (the final trial's miss in session 23).
 */
import { expect } from "chai";
import { mockedApi, type Api } from "./api.js";

describe("FlinkSqlJob: TRY_CAST into a NOT NULL sink column", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const src = (name: string) =>
    new api.FlinkTable(name, { columns: [{ name: "id", type: "STRING NOT NULL" }, { name: "note", type: "STRING NOT NULL" }], options: { connector: "datagen" } });
  const sink = (name: string) =>
    new api.FlinkTable(name, { columns: [{ name: "id", type: "BIGINT NOT NULL" }, { name: "note", type: "STRING NOT NULL" }], options: { connector: "blackhole" } });
  const warnings = (name: string, statement: (s: ReturnType<typeof sink>, t: ReturnType<typeof src>) => ReturnType<Api["sql"]>): string[] =>
    new api.FlinkSqlJob(name, { statements: [statement(sink(`${name}-out`), src(`${name}-src`))] }).warnings.map((w) => `${w.path}: ${w.message}`);

  it("a whole-item TRY_CAST warns with the filter and COALESCE to write, though its operand is NOT NULL", () => {
    expect(warnings("tc-1", (s, t) => api.sql`INSERT INTO ${s} SELECT TRY_CAST(id AS BIGINT), note FROM ${t}`)).to.deep.equal([
      'statements[0]: value 1 of the SELECT list, TRY_CAST(id AS BIGINT), is NULL for every value the cast cannot convert (TRY_CAST returns NULL where CAST fails), and goes into FlinkTable "tc-1-out"\'s column "id" (BIGINT NOT NULL): ' +
        "Flink fails the job on the first such row (\"Column 'id' is NOT NULL, however, a null value is being written into it\"; table.exec.sink.not-null-enforcer ERROR), and the restarted job reads that row again. " +
        "Filter the rows (WHERE TRY_CAST(id AS BIGINT) IS NOT NULL) or write COALESCE(TRY_CAST(id AS BIGINT), ...); table.exec.sink.not-null-enforcer = 'DROP' in the job's configuration drops such rows without a word",
    ]);
  });

  it("an aliased whole-item TRY_CAST warns the same, naming the call without its alias", () => {
    expect(warnings("tc-6", (s, t) => api.sql`INSERT INTO ${s} SELECT TRY_CAST(id AS BIGINT) AS id, note FROM ${t} WHERE note <> ''`).map((w) => w.slice(0, 80))).to.deep.equal([
      "statements[0]: value 1 of the SELECT list, TRY_CAST(id AS BIGINT), is NULL for e",
    ]);
  });

  it("quiet: the same call filtered in WHERE (any spacing or case), wrapped in COALESCE, a plain CAST, a nullable sink column", () => {
    expect(warnings("tc-2", (s, t) => api.sql`INSERT INTO ${s} SELECT TRY_CAST(id AS BIGINT) AS id, note FROM ${t} WHERE try_cast( id AS bigint ) IS NOT NULL AND note <> ''`)).to.deep.equal([]);
    expect(warnings("tc-3", (s, t) => api.sql`INSERT INTO ${s} SELECT COALESCE(TRY_CAST(id AS BIGINT), 0), note FROM ${t}`)).to.deep.equal([]);
    expect(warnings("tc-4", (s, t) => api.sql`INSERT INTO ${s} SELECT CAST(id AS BIGINT), note FROM ${t}`)).to.deep.equal([]);
    const nullable = new api.FlinkTable("tc-5-out", { columns: [{ name: "id", type: "BIGINT" }, { name: "note", type: "STRING NOT NULL" }], options: { connector: "blackhole" } });
    expect(new api.FlinkSqlJob("tc-5", { statements: [api.sql`INSERT INTO ${nullable} SELECT TRY_CAST(id AS BIGINT), note FROM ${src("tc-5-src")}`] }).warnings).to.deep.equal([]);
  });
});
