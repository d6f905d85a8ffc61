/**
 * A bare word compared in a WHERE clause (`country = DE`) may be a value written without quotes
 * or a misspelt column (src/sql/unknown-names.ts): the message says to quote it, and names a
 * column only when the word is one typo from it (then both ways out in one sentence); a guess two
 * edits away (DE → id) is left out.
 */
import { expect } from "chai";
import { issuesOf, mockedApi, type Api } from "./api.js";
import { oneTypo } from "../src/sql/unknown-names.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "country", type: "STRING" },
  { name: "amount", type: "BIGINT" },
];
const COLS = "(its columns: id, country, amount)";
const INTERPOLATED = "(a string interpolated with ${...} is SQL text: write ${sqlLiteral(value)})";
const NOT_FOUND = '; Flink fails when the job starts ("Column ... not found in any table")';

describe("unquoted values in a WHERE clause", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const tables = (name: string) => ({
    src: new api.IcebergSource(`${name}_src`, { catalog, database: "db", table: `${name}_src`, columns: cols }),
    out: new api.IcebergSink(`${name}_out`, { catalog, database: "db", table: `${name}_out`, columns: cols }),
  });
  const run = (name: string, statement: ReturnType<Api["sql"]>) => issuesOf(() => new api.FlinkSqlJob(name, { statements: [statement] })).map((i) => [i.path, i.message]);

  it("a word far from every column: only the advice to quote it, no column guess", () => {
    const { src, out } = tables("uv1");
    expect(run("uv1", api.sql`INSERT INTO ${out} SELECT * FROM ${src} WHERE country = DE`)).to.deep.equal([["statements[0]", `the WHERE clause reads "DE", which is not a column of IcebergSource "uv1_src" ${COLS}; if it is a value, quote it: 'DE' ${INTERPOLATED}${NOT_FOUND}`]]);
  });

  it("a word one typo from a column (an edit or two neighbours swapped): the column and the quoted value in one sentence", () => {
    const both = (word: string, column: string) =>
      `the WHERE clause reads "${word}", which is not a column of IcebergSource "uv2_src" ${COLS}; it is one typo from the column "${column}": write "${column}" if it is that column, or if it is a value quote it: '${word}' ${INTERPOLATED}${NOT_FOUND}`;
    const { src, out } = tables("uv2");
    expect(run("uv2", api.sql`INSERT INTO ${out} SELECT * FROM ${src} WHERE country = contry OR amount > amuont`)).to.deep.equal([
      ["statements[0]", both("contry", "country")],
      ["statements[0]", both("amuont", "amount")],
    ]);
  });

  it("oneTypo: one character added, dropped or replaced, or two neighbours swapped, in any case", () => {
    expect([oneTypo("contry", "country"), oneTypo("countryy", "country"), oneTypo("cuontry", "country"), oneTypo("COUNTRX", "country"), oneTypo("id", "ix")]).to.deep.equal([true, true, true, true, true]);
    expect([oneTypo("DE", "id"), oneTypo("lo", "id"), oneTypo("cuotnry", "country"), oneTypo("ab", "ba"), oneTypo("abc", "bca")]).to.deep.equal([false, false, false, true, false]);
  });
});
