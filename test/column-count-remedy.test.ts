/**
 * The column list an INSERT with fewer values than sink columns is told to write
 * (column-count-remedy.ts): the values' own names when each names a sink column once, never the
 * sink's first columns (a new-user trial's `SELECT user_id, ts` into (user_id, url, ts) was told
 * `(user_id, url)`, which puts ts into url); no list at all when the names do not tell; and none
 * where a comma may be missing (`SELECT order_id amount` is one value, order_id AS amount).
 */
import { expect } from "chai";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";

const COUNT = 'Flink fails when the job starts ("Different number of columns"): select one value per column, in this order';
const NO_GUESS = ", or name the column each value goes into, in the SELECT list's order: INSERT INTO ${sink} (column, ...) SELECT ...";

describe("the column-count error's column list", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const clickColumns = [
    { name: "user_id", type: "BIGINT" },
    { name: "url", type: "STRING" },
    { name: "ts", type: "TIMESTAMP(3)" },
  ];
  let n = 0;
  const job = (stmt: (src: unknown, sink: unknown) => ReturnType<Api["sql"]>, sinkColumns: readonly { name: string; type: string }[] = clickColumns) => {
    n++;
    const src = new api.FlinkTable(`ccr_src${n}`, { columns: [...clickColumns, { name: "uid", type: "BIGINT" }], options: { connector: "datagen" } });
    const sink = new api.FlinkTable(`ccr_sink${n}`, { columns: [...sinkColumns], options: { connector: "blackhole" } });
    return () => new api.FlinkSqlJob(`ccr${n}`, { statements: [stmt(src, sink)] });
  };
  const head = (count: number, cols = "user_id, url, ts", total = 3): string => `the SELECT list has ${count} value${count === 1 ? "" : "s"}, but FlinkTable "ccr_sink${n}" has ${total} columns to fill (${cols}); ${COUNT}`;

  it("the trial's SELECT user_id, ts: the list (user_id, ts), which is then valid", () => {
    const issues = issuesOf(job((s, k) => api.sql`INSERT INTO ${k} SELECT user_id, ts FROM ${s}`));
    expect(issues).to.deep.equal([{ path: "statements[0]", message: `${head(2)}, or name the columns you fill, as the values' names say: INSERT INTO \${sink} (user_id, ts) SELECT ...` }]);
    expect(issuesOrNone(job((s, k) => api.sql`INSERT INTO ${k} (user_id, ts) SELECT user_id, ts FROM ${s}`))).to.deep.equal([]);
  });

  it("aliases name the values, in the SELECT list's order (ts, user_id)", () => {
    const issues = issuesOf(job((s, k) => api.sql`INSERT INTO ${k} SELECT ts, uid AS user_id FROM ${s}`));
    expect(issues).to.deep.equal([{ path: "statements[0]", message: `${head(2)}, or name the columns you fill, as the values' names say: INSERT INTO \${sink} (ts, user_id) SELECT ...` }]);
  });

  it("a NOT NULL column the list would leave out is named", () => {
    const sinkColumns = [clickColumns[0]!, { name: "url", type: "STRING NOT NULL" }, clickColumns[2]!];
    const issues = issuesOf(job((s, k) => api.sql`INSERT INTO ${k} SELECT user_id, ts FROM ${s}`, sinkColumns));
    expect(issues).to.deep.equal([
      {
        path: "statements[0]",
        message: `${head(2)}, or name the columns you fill, as the values' names say: INSERT INTO \${sink} (user_id, ts) SELECT ... (and give "url", NOT NULL, a value: a column left out of the list gets NULL)`,
      },
    ]);
  });

  const unnamed: [string, (s: unknown, k: unknown) => ReturnType<Api["sql"]>][] = [
    ["an expression without an alias", (s, k) => api.sql`INSERT INTO ${k} SELECT user_id, UPPER(url) FROM ${s}`],
    ["a column the sink does not have", (s, k) => api.sql`INSERT INTO ${k} SELECT uid, ts FROM ${s}`],
    ["an alias the sink does not have", (s, k) => api.sql`INSERT INTO ${k} SELECT user_id, url AS page FROM ${s}`],
    ["one name twice", (s, k) => api.sql`INSERT INTO ${k} SELECT user_id, uid AS user_id FROM ${s}`],
    ["a name in another letter case (Flink's names are case-sensitive)", (s, k) => api.sql`INSERT INTO ${k} SELECT user_id, url AS TS FROM ${s}`],
    ["a literal without an alias", (s, k) => api.sql`INSERT INTO ${k} SELECT user_id, 'x' FROM ${s}`],
  ];
  for (const [title, stmt] of unnamed) {
    it(`no list is guessed for ${title}`, () => {
      const issues = issuesOf(job(stmt));
      expect(issues).to.deep.equal([{ path: "statements[0]", message: `${head(2)}${NO_GUESS}` }]);
    });
  }

  it("more values than columns: no column list (it cannot help)", () => {
    const issues = issuesOf(job((s, k) => api.sql`INSERT INTO ${k} SELECT user_id, url, ts, uid FROM ${s}`));
    expect(issues).to.deep.equal([{ path: "statements[0]", message: `${head(4)}, and leave out the values that have no column` }]);
  });

  it("as many values as columns, aliased or not: no count error", () => {
    expect(issuesOrNone(job((s, k) => api.sql`INSERT INTO ${k} SELECT uid AS user_id, url, ts FROM ${s}`))).to.deep.equal([]);
  });

  // A new-user trial's sink (order_id BIGINT, amount DECIMAL(12, 2)): `SELECT order_id amount` was told to write
  // INSERT INTO ${sink} (amount), which starts and writes order ids into amount (BIGINT to DECIMAL is an implicit cast).
  let m = 0;
  const orders = (stmt: (s: unknown, src: unknown) => ReturnType<Api["sql"]>) => {
    m++;
    const orderColumns = [{ name: "order_id", type: "BIGINT" }, { name: "amount", type: "DECIMAL(12, 2)" }];
    const src = new api.FlinkTable(`cm_src${m}`, { columns: [...orderColumns, { name: "status", type: "STRING" }], options: { connector: "datagen" } });
    const sink = new api.FlinkTable(`cm_sink${m}`, { columns: orderColumns, options: { connector: "blackhole" } });
    return issuesOrNone(() => new api.FlinkSqlJob(`cm${m}`, { statements: [stmt(sink, src)] }));
  };
  const one = (message: string) => [{ path: "statements[0]", message }];

  describe("a missing comma in the SELECT list (`order_id amount` is order_id AS amount)", () => {
    const count = (values: number) => `the SELECT list has ${values} value${values === 1 ? "" : "s"}, but FlinkTable "cm_sink${m}" has 2 columns to fill (order_id, amount); Flink fails when the job starts ("Different number of columns"): `;
    const comma = '"order_id amount" is one value, order_id named amount (a name right after a value is its alias: AS is optional), so a comma may be missing there: write order_id, amount';

    it("says so, and offers no column list (INSERT INTO ${sink} (amount) would write order ids into amount)", () => {
      const issues = orders((s, src) => api.sql`INSERT INTO ${s} SELECT order_id amount FROM ${src}`);
      expect(issues).to.deep.equal(one(`${count(1)}${comma}; else select one value per column, in this order`));
    });

    it("also after a column list", () => {
      const issues = orders((s, src) => api.sql`INSERT INTO ${s} (order_id, amount) SELECT order_id amount FROM ${src}`);
      expect(issues).to.deep.equal(one(`the SELECT list has 1 value, but the column list after FlinkTable "cm_sink${m}" names 2 columns; ${comma}; else name one column per value`));
    });

    it("a name of the read table that the sink lacks: the same advice", () => {
      const issues = orders((s, src) => api.sql`INSERT INTO ${s} SELECT order_id status FROM ${src}`);
      expect(issues).to.deep.equal(
        one(`${count(1)}"order_id status" is one value, order_id named status (a name right after a value is its alias: AS is optional), so a comma may be missing there: write order_id, status; else select one value per column, in this order`),
      );
    });

    it("an alias that names no column, or one written with AS: the count advice as before", () => {
      const noGuess = "select one value per column, in this order, or name the column each value goes into, in the SELECT list's order: INSERT INTO ${sink} (column, ...) SELECT ...";
      expect(orders((s, src) => api.sql`INSERT INTO ${s} SELECT order_id total FROM ${src}`)).to.deep.equal(one(`${count(1)}${noGuess}`));
      expect(orders((s, src) => api.sql`INSERT INTO ${s} SELECT order_id AS amount FROM ${src}`)).to.deep.equal(
        one(`${count(1)}select one value per column, in this order, or name the columns you fill, as the values' names say: INSERT INTO \${sink} (amount) SELECT ...`),
      );
    });
  });

});
