/**
 * A statement whose interpolated Output becomes known at `pulumi up` (a value from another
 * resource or stack configuration) gets the checks a plain statement gets at construction: one
 * readable statement, and SQL text (no "[object Object]" or "undefined" in the script).
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { mockedApi, type Api } from "./api.js";
import { settle } from "./pulumi-mocks.js";
import { drainUnhandled } from "./setup.js";

describe("statements with Outputs, once the Outputs are known", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  function tables(prefix: string) {
    const cols = [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }];
    const src = new api.FlinkTable(`${prefix}_src`, { columns: cols, options: { connector: "datagen" } });
    const sink = new api.FlinkTable(`${prefix}_sink`, { columns: cols, options: { connector: "print" } });
    return { src, sink };
  }

  /** The script's rejection, and the failures Pulumi reports for the outputs that carry it. */
  async function rejection(job: InstanceType<Api["FlinkSqlJob"]>): Promise<{ message: string; issues: unknown }> {
    let rejected: { message: string; issues: unknown } | undefined;
    await settle(job.script).catch((e: { message: string; issues: unknown }) => (rejected = e));
    await new Promise((r) => setTimeout(r, 50));
    for (const f of drainUnhandled()) expect(String(f)).to.contain(`FlinkSqlJob`);
    expect(rejected, "the script rejects").to.not.equal(undefined);
    return rejected!;
  }

  it("an Output whose text ends the statement is an error at statements[i], as a plain one is at preview", async () => {
    const { src, sink } = tables("semi");
    const job = new api.FlinkSqlJob("semi-job", { statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src} WHERE id > ${pulumi.output("1; DROP TABLE x")}`] });
    const e = await rejection(job);
    expect(e.issues).to.deep.equal([
      {
        path: "statements[0]",
        message:
          "holds 2 statements separated by ';' once its interpolated Outputs are known (\"INSERT INTO `semi_sink` SELECT id, v FROM `semi_src` WHERE id > 1; DROP TABLE x\"): " +
          "an Output interpolated with ${...} is inserted as SQL text; quote a value with sqlLiteral(value), and write one statement per sql`...` entry",
      },
    ]);
    expect(e.message).to.contain('FlinkSqlJob "semi-job": statements[0]: holds 2 statements');
  });

  it("an Output that opens a literal or comment it never closes is an error, not a script whose later statements are swallowed", async () => {
    const { src, sink } = tables("open");
    const quote = new api.FlinkSqlJob("open-quote", { statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src} WHERE v = ${pulumi.output("'a")}`] });
    expect((await rejection(quote)).issues).to.deep.equal([
      {
        path: "statements[0]",
        message:
          "cannot be read once its interpolated Outputs are known: unterminated string literal (a ' inside is written doubled: ''); an Output interpolated with ${...} is inserted as SQL text, not as a value: " +
          "quote values with sqlLiteral(value) (it doubles the quotes), e.g. sql`... WHERE currency = ${sqlLiteral(currency)}`",
      },
    ]);
    const comment = new api.FlinkSqlJob("open-comment", {
      statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src}`, api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src} WHERE id > ${pulumi.output("1 /* x")}`],
    });
    const issues = (await rejection(comment)).issues as { path: string; message: string }[];
    expect(issues.map((i) => i.path)).to.deep.equal(["statements[1]"]);
    expect(issues[0]!.message).to.match(/^cannot be read once its interpolated Outputs are known: unterminated \/\* comment \*\/; /);
  });

  it("an Output of an object or of undefined is an error, never [object Object] or undefined in the script", async () => {
    const { src, sink } = tables("obj");
    const obj = new api.FlinkSqlJob("obj-job", { statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src} WHERE id > ${pulumi.output(1)} AND v = ${pulumi.output({ name: "x" })}`] });
    expect((await rejection(obj)).issues).to.deep.equal([
      {
        path: "statements[0]",
        message:
          "its interpolated Output 2 resolved to an object (Object), which has no SQL text: a sql`...` statement takes an Output of a string or a number " +
          '(an Output that may hold undefined needs a value for that case, e.g. value.apply(v => v ?? "..."))',
      },
    ]);
    const missing = new api.FlinkSqlJob("undef-job", { statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src} WHERE v = ${pulumi.output(undefined as unknown as string)}`] });
    expect(((await rejection(missing)).issues as { message: string }[])[0]!.message).to.match(/^its interpolated Output 1 resolved to undefined, which has no SQL text/);
  });

  it("values that keep one statement render as before (a trailing comment is dropped, a number is text)", async () => {
    const { src, sink } = tables("fine");
    const job = new api.FlinkSqlJob("fine-job", {
      statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src} WHERE id > ${pulumi.output(5)} AND v = ${pulumi.output("'a;b' -- note")}`],
    });
    expect((await settle(job.script)).split("\n").slice(-2)).to.deep.equal(["INSERT INTO `fine_sink` SELECT id, v FROM `fine_src` WHERE id > 5 AND v = 'a;b';", ""]);
  });
});
