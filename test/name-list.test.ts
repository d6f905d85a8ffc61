/**
 * Lists of names in messages are capped (src/validation/name-list.ts): the first 20, then how
 * many more; shorter lists stay verbatim.
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";
import { listed, nameList } from "../src/validation/name-list.js";

const NOT_FOUND = '; Flink fails when the job starts ("Column ... not found in any table")';
const names = (n: number, prefix = "c"): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

describe("capped name lists in messages", () => {
  it("nameList and listed (and its 'or' form): up to 20 names verbatim, then '... and N more'", () => {
    expect(nameList([])).to.equal("");
    expect(nameList(["a"])).to.equal("a");
    expect(nameList(names(20))).to.equal(names(20).join(", "));
    expect(nameList(names(21))).to.equal(`${names(20).join(", ")}, ... and 1 more`);
    expect(nameList(names(2000))).to.equal(`${names(20).join(", ")}, ... and 1980 more`);
    expect(listed(["a"])).to.equal("a");
    expect(listed(["a", "b", "c"])).to.equal("a, b and c");
    expect(listed(names(20))).to.equal(`${names(19).join(", ")} and c20`);
    expect(listed(names(23))).to.equal(`${names(20).join(", ")} and 3 more`);
    expect(listed([], "or")).to.equal("");
    expect(listed(["a", "b"], "or")).to.equal("a or b");
    expect(listed(["a", "b", "c"], "or")).to.equal("a, b or c");
    expect(listed(names(23), "or")).to.equal(`${names(20).join(", ")} or 3 more`);
  });

  describe("in job messages", () => {
    let api: Api;
    before(async () => (api = await mockedApi()));
    let n = 0;

    it("a misspelt column of a wide table lists its first 20 columns; 300 misspelt names over 2000 columns each list 20", () => {
      n++;
      const wide = new api.FlinkTable(`nl_wide${n}`, { columns: names(2000).map((name) => ({ name, type: "BIGINT" })), options: { connector: "datagen" } });
      const one = new api.FlinkTable(`nl_one${n}`, { columns: [{ name: "v", type: "BIGINT" }], options: { connector: "blackhole" } });
      const label = `FlinkTable "${wide.tableName}"`;
      const run = (sql: ReturnType<Api["sql"]>) => issuesOrNone(() => new api.FlinkSqlJob(`nl-job${++n}`, { statements: [sql] })).map((i) => i.message);
      expect(run(api.sql`INSERT INTO ${one} SELECT c1x FROM ${wide}`)).to.deep.equal([
        `the SELECT list reads "c1x", which is not a column of ${label}; did you mean "c1"? (its columns: ${names(20).join(", ")}, ... and 1980 more)${NOT_FOUND}`,
      ]);
      const misspelt = names(300, "zz_");
      const messages = run(api.sql`INSERT INTO ${one} SELECT c1 FROM ${wide} WHERE ${misspelt.map((m) => `${m} IS NULL`).join(" AND ")}`);
      expect(messages).to.have.length(300);
      expect(messages[299]).to.equal(`the WHERE clause reads "zz_300", which is not a column of ${label} (its columns: ${names(20).join(", ")}, ... and 1980 more)${NOT_FOUND}`);
    });

    it("the column list of an INSERT names a column the sink lacks: its first 20 columns", () => {
      n++;
      const src = new api.FlinkTable(`nl_src${n}`, { columns: [{ name: "v", type: "BIGINT" }], options: { connector: "datagen" } });
      const sink = new api.FlinkTable(`nl_sink${n}`, { columns: names(25).map((name) => ({ name, type: "BIGINT" })), options: { connector: "blackhole" } });
      expect(issuesOrNone(() => new api.FlinkSqlJob(`nl-job${++n}`, { statements: [api.sql`INSERT INTO ${sink} (c1, nope) SELECT v, v FROM ${src}`] })).map((i) => i.message)).to.deep.equal([
        `the column list names "nope", which is not a column FlinkTable "${sink.tableName}" can be written (its columns: ${names(20).join(", ")}, ... and 5 more); Flink fails when the job starts ("Unknown target column")`,
      ]);
    });
  });
});
