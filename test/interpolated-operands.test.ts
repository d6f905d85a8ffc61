/**
 * A string interpolated with `${...}` where an operand stands (after LIKE, <>, IN (, BETWEEN ...)
 * renders as SQL text; when Flink would read a name in it that is no column or qualifier, the
 * error says where the name came from and how to quote it (interpolated-operands.ts), as the
 * `= ${"home"}` case did already. A new-user trial's `LIKE ${"%checkout%"}` and
 * `<> ${"example.com"}` got only "not a column" / "names no table".
 */
import { expect } from "chai";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";

const QUOTE = (v: string): string => `if it is a value, quote it: '${v}' (write \${sqlLiteral(value)})`;
const NOT_FOUND = '; Flink fails when the job starts ("Column ... not found in any table")';

describe("strings interpolated where an operand stands", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  let n = 0;
  const job = (stmt: (src: unknown, sink: unknown) => ReturnType<Api["sql"]>) => {
    n++;
    const columns = [{ name: "user_id", type: "BIGINT" }, { name: "url", type: "STRING" }];
    const src = new api.FlinkTable(`io_src${n}`, { columns, options: { connector: "datagen" } });
    const sink = new api.FlinkTable(`io_sink${n}`, { columns, options: { connector: "blackhole" } });
    return () => new api.FlinkSqlJob(`io${n}`, { statements: [stmt(src, sink)] });
  };
  const cols = (): string => `FlinkTable "io_src${n}" (its columns: user_id, url)`;

  it("LIKE ${'%checkout%'}: the name read in it is told to be quoted, with the whole string", () => {
    const issues = issuesOf(job((s, k) => api.sql`INSERT INTO ${k} SELECT user_id, url FROM ${s} WHERE url LIKE ${"%checkout%"}`));
    expect(issues.map((i) => i.message)).to.deep.equal([
      `the WHERE clause reads "checkout", which is not a column of ${cols()}; "checkout" comes from the string "%checkout%" interpolated with \${...} after LIKE, which sql\`...\` inserts as SQL text, not as a value: ${QUOTE("%checkout%")}${NOT_FOUND}`,
    ]);
  });

  it("<> ${'example.com'}: the qualifier it reads is told the same", () => {
    const issues = issuesOf(job((s, k) => api.sql`INSERT INTO ${k} SELECT user_id, url FROM ${s} WHERE url <> ${"example.com"}`));
    expect(issues).to.have.length(1);
    expect(issues[0]!.message).to.match(/^the WHERE clause reads example\.com, but "example" names no table of the FROM clause/);
    expect(issues[0]!.message).to.contain(`; "example" comes from the string "example.com" interpolated with \${...} after <>, which sql\`...\` inserts as SQL text, not as a value: ${QUOTE("example.com")}; Flink fails when the job starts ("Table 'example' not found")`);
  });

  const positions: [string, (s: unknown, k: unknown) => ReturnType<Api["sql"]>, string][] = [
    ["IN (", (s, k) => api.sql`INSERT INTO ${k} SELECT user_id, url FROM ${s} WHERE url IN ('a', ${"b-c"})`, "IN ("],
    ["BETWEEN ... AND", (s, k) => api.sql`INSERT INTO ${k} SELECT user_id, url FROM ${s} WHERE url BETWEEN 'a' AND ${"zz-top"}`, "BETWEEN ... AND"],
    ["before LIKE", (s, k) => api.sql`INSERT INTO ${k} SELECT user_id, url FROM ${s} WHERE ${"north-east"} LIKE url`, "before LIKE"],
  ];
  for (const [title, stmt, op] of positions) {
    it(`${title}: the advice names the operator`, () => {
      const issues = issuesOf(job(stmt));
      expect(issues.map((i) => i.message).join("\n")).to.contain(`interpolated with \${...} ${op.startsWith("before ") ? op : `after ${op}`}, which sql\`...\` inserts as SQL text`);
    });
  }

  it("NOT LIKE, read as a comparison already, keeps that message with the whole value", () => {
    const issues = issuesOf(job((s, k) => api.sql`INSERT INTO ${k} SELECT user_id, url FROM ${s} WHERE url NOT LIKE ${"x_y%"}`));
    expect(issues.map((i) => i.message)).to.deep.equal([
      `the WHERE clause reads "x_y", which is not a column of ${cols()}; if it is a value, quote it: 'x_y%' (a string interpolated with \${...} is SQL text: write \${sqlLiteral(value)})${NOT_FOUND}`,
    ]);
  });

  it("the = case keeps its own message", () => {
    const issues = issuesOf(job((s, k) => api.sql`INSERT INTO ${k} SELECT user_id, url FROM ${s} WHERE url = ${"home"}`));
    expect(issues.map((i) => i.message)).to.deep.equal([
      `the WHERE clause reads "home", which is not a column of ${cols()}; if it is a value, quote it: 'home' (a string interpolated with \${...} is SQL text: write \${sqlLiteral(value)})${NOT_FOUND}`,
    ]);
  });

  const quiet: [string, (s: unknown, k: unknown) => ReturnType<Api["sql"]>][] = [
    ["a column name interpolated after an operator", (s, k) => api.sql`INSERT INTO ${k} SELECT user_id, url FROM ${s} WHERE url <> ${"url"}`],
    ["a quoted value interpolated", (s, k) => api.sql`INSERT INTO ${k} SELECT user_id, url FROM ${s} WHERE url LIKE ${"'%checkout%'"}`],
    ["sqlLiteral", (s, k) => api.sql`INSERT INTO ${k} SELECT user_id, url FROM ${s} WHERE url LIKE ${api.sqlLiteral("%checkout%")}`],
    ["a number interpolated", (s, k) => api.sql`INSERT INTO ${k} SELECT user_id, url FROM ${s} WHERE user_id > ${5}`],
  ];
  for (const [title, stmt] of quiet) {
    it(`quiet: ${title}`, () => expect(issuesOrNone(job(stmt))).to.deep.equal([]));
  }

  it("a misspelt column written in the text, not interpolated, gets no quoting advice", () => {
    const issues = issuesOf(job((s, k) => api.sql`INSERT INTO ${k} SELECT user_id, url FROM ${s} WHERE urll LIKE ${"'%a%'"}`));
    expect(issues.map((i) => i.message).join("\n")).to.not.contain("interpolated with ${...} after");
  });
});
