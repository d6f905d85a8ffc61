/**
 * INSERTs whose query is a set operation (src/sql/set-operations.ts, row-types.ts) or VALUES
 * (src/sql/values-rows.ts), read as Flink's validator reads them: branches of different widths
 * ("Column count mismatch in UNION ALL", calcite SetopOperandTypeChecker) and a column whose values
 * have no common type ("Type mismatch in column 2 of UNION ALL"; VALUES: "Values passed to VALUES
 * operator must have compatible types", calcite SqlValidatorImpl.validateValues) are errors; the
 * row type Flink casts into the sink is each column's least restrictive type (SqlSetOperator
 * LEAST_RESTRICTIVE, getTableConstructorRowType). Valid neighbours stay quiet.
 */
import { expect } from "chai";
import { errorOf, jobWarnings, mockedApi, type Api } from "./api.js";
import { incompatibleIn, kafka, type Columns } from "./sink-type-messages.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };

describe("INSERT of a UNION ALL or VALUES: branch widths, common types, and the common type into the sink", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  let n = 0;
  const sink = (name: string, columns: Columns) => new api.IcebergSink(name, { catalog, database: "db", table: name, columns });
  const messages = (fn: () => unknown) => errorOf(fn).issues.map((i) => [i.path, i.message]);
  const orders = () =>
    new api.FlinkTable(`so_orders_${++n}`, {
      columns: [
        { name: "order_id", type: "BIGINT" },
        { name: "qty", type: "INT" },
        { name: "amount", type: "DECIMAL(10, 2)" },
        { name: "note", type: "STRING" },
        { name: "ts", type: "TIMESTAMP(3)" },
        { name: "f", type: "FLOAT" },
        { name: "x", type: "DOUBLE" },
      ],
      // Bounded: the set operations that aggregate (UNION, EXCEPT) run in a batch job.
      options: { ...kafka(`so_orders_${n}`), "scan.bounded.mode": "latest-offset" },
    });

  it("UNION ALL branches of different widths: one error naming the branches and their counts (no sink-count error besides)", () => {
    const [a, b] = [orders(), orders()];
    const s = sink("so_three", [
      { name: "order_id", type: "BIGINT" },
      { name: "qty", type: "INT" },
      { name: "note", type: "STRING" },
    ]);
    expect(messages(() => new api.FlinkSqlJob("so-widths", { statements: [api.sql`INSERT INTO ${s} SELECT order_id, qty, note, amount FROM ${a} UNION ALL SELECT order_id, qty, note FROM ${b}`] }))).to.deep.equal([
      [
        "statements[0]",
        `the branches of the UNION ALL select different numbers of values (branch 1: 4, branch 2: 3), and Flink's validator refuses them when the job starts ("Column count mismatch in UNION ALL"): ` +
          `select one value per column of IcebergSink "so_three" (order_id, qty, note) in every branch, in the same order`,
      ],
    ]);
  });

  it("a column with no common type across the branches is Calcite's type mismatch; the union's common type, not each branch's, goes into the sink", () => {
    const [a, b] = [orders(), orders()];
    const s = sink("so_types", [
      { name: "order_id", type: "BIGINT" },
      { name: "n", type: "INT" },
      { name: "amount", type: "DECIMAL(10, 2)" },
    ]);
    expect(
      messages(
        () =>
          new api.FlinkSqlJob("so-types", {
            statements: [
              api.sql`INSERT INTO ${s} SELECT order_id, qty, amount FROM ${a} UNION ALL SELECT order_id, qty, note FROM ${b}`,
              api.sql`INSERT INTO ${s} SELECT order_id, qty, amount FROM ${a} UNION ALL SELECT order_id, CAST(qty AS BIGINT), amount FROM ${b}`,
              // A first branch without FROM is read too.
              api.sql`INSERT INTO ${s} SELECT 1, 'x', 0 UNION ALL SELECT order_id, qty, amount FROM ${b}`,
            ],
          }),
      ),
    ).to.deep.equal([
      [
        "statements[0]",
        `column 3 of the UNION ALL has no type all its branches' values convert to: amount (DECIMAL(10, 2)) in branch 1, note (STRING) in branch 2; Flink's validator refuses it when the job starts ("Type mismatch in column 3 of UNION ALL"). ` +
          `Write the column's value as one type in every branch (IcebergSink "so_types"'s column "amount" is DECIMAL(10, 2)), with a CAST where it is another`,
      ],
      ["statements[1]", incompatibleIn("so_types", "the SELECT list", 1, "qty (BIGINT, as Flink types the UNION ALL of INT, BIGINT)", "n", "BIGINT", "INT", "in each branch of the UNION ALL, e.g. CAST(qty AS INT), or declare the column BIGINT")],
      [
        "statements[2]",
        `column 2 of the UNION ALL has no type all its branches' values convert to: 'x' (CHAR(1)) in branch 1, qty (INT) in branch 2; Flink's validator refuses it when the job starts ("Type mismatch in column 2 of UNION ALL"). ` +
          `Write the column's value as one type in every branch (IcebergSink "so_types"'s column "n" is INT), with a CAST where it is another`,
      ],
    ]);
  });

  it("quiet: branches whose common type the columns take, a literal branch, UNION, an INT literal beside a DECIMAL, uncertain merges (FLOAT with DOUBLE, NULL), mixed operators", () => {
    const [a, b] = [orders(), orders()];
    const s = sink("so_ok", [
      { name: "order_id", type: "BIGINT" },
      { name: "n", type: "INT" },
      { name: "amount", type: "DECIMAL(10, 2)" },
    ]);
    const t = sink("so_ok_ts", [
      { name: "order_id", type: "BIGINT" },
      { name: "ts", type: "TIMESTAMP(3)" },
      { name: "r", type: "DOUBLE" },
    ]);
    new api.FlinkSqlJob("so-ok", {
      statements: [
        api.sql`INSERT INTO ${s} SELECT order_id, qty, amount FROM ${a} UNION ALL SELECT order_id, qty, amount FROM ${b} WHERE qty > 0`,
        api.sql`INSERT INTO ${s} SELECT 1, 2, 0 UNION ALL SELECT order_id, qty, amount FROM ${b}`,
        api.sql`INSERT INTO ${s} SELECT order_id, qty, amount FROM ${a} UNION SELECT order_id, CAST(qty AS SMALLINT), CAST(amount AS DECIMAL(8, 2)) FROM ${b}`,
        api.sql`INSERT INTO ${t} SELECT order_id, ts, f FROM ${a} UNION ALL SELECT order_id, NULL, x FROM ${b}`,
        api.sql`INSERT INTO ${s} SELECT order_id, qty, amount FROM ${a} UNION ALL SELECT order_id, qty, amount FROM ${b} EXCEPT SELECT order_id, qty, note FROM ${b}`,
      ],
      runtimeMode: "batch",
    });
    expect(jobWarnings("so-ok")).to.deep.equal([]);
  });

  it("VALUES rows whose values have no common type (TRUE and 'yes'), rows of different lengths, and the rows' count against the sink: errors", () => {
    const s = sink("so_flags", [
      { name: "id", type: "INT" },
      { name: "ok", type: "BOOLEAN" },
    ]);
    expect(
      messages(
        () =>
          new api.FlinkSqlJob("so-values", {
            statements: [api.sql`INSERT INTO ${s} VALUES (1, TRUE), (2, 'yes')`, api.sql`INSERT INTO ${s} VALUES (1, TRUE), (2)`, api.sql`INSERT INTO ${s} VALUES (1), (2)`],
            runtimeMode: "batch",
          }),
      ),
    ).to.deep.equal([
      [
        "statements[0]",
        `value 2 of the VALUES rows has no type all rows' values convert to: TRUE (BOOLEAN) in row 1, 'yes' (CHAR(3)) in row 2; Flink's validator refuses them when the job starts ("Values passed to VALUES operator must have compatible types"). ` +
          `Write the column's value as one type in every row (IcebergSink "so_flags"'s column "ok" is BOOLEAN), with a CAST where it is another`,
      ],
      [
        "statements[1]",
        `the VALUES rows hold different numbers of values (row 1: 2, row 2: 1), and Flink's validator refuses them when the job starts ("Values passed to VALUES operator must have compatible types"): ` +
          `give every row one value per column of IcebergSink "so_flags"'s 2 columns (id, ok), in the same order`,
      ],
      [
        "statements[2]",
        `the VALUES rows hold 1 value each, but IcebergSink "so_flags" has 2 columns to fill (id, ok); Flink fails when the job starts ("Different number of columns"): give every row one value per column, in this order`,
      ],
    ]);
  });

  it("the VALUES rows' common type goes into the sink: an INT and a BIGINT literal into an INT column is an error; valid rows stay quiet", () => {
    const s = sink("so_rows", [
      { name: "id", type: "INT" },
      { name: "label", type: "STRING" },
    ]);
    expect(messages(() => new api.FlinkSqlJob("so-rows", { statements: [api.sql`INSERT INTO ${s} VALUES (1, 'a'), (3000000000, 'bb')`], runtimeMode: "batch" }))).to.deep.equal([
      ["statements[0]", incompatibleIn("so_rows", "the VALUES rows", 0, "1 | 3000000000 (BIGINT, as Flink types the VALUES rows' INT, BIGINT)", "id", "BIGINT", "INT", "in every row, e.g. CAST(3000000000 AS INT), or declare the column BIGINT")],
    ]);
    const wide = sink("so_rows_ok", [
      { name: "id", type: "BIGINT" },
      { name: "label", type: "STRING" },
      { name: "ok", type: "BOOLEAN" },
      { name: "amount", type: "DECIMAL(10, 2)" },
    ]);
    new api.FlinkSqlJob("so-rows-ok", {
      statements: [
        api.sql`INSERT INTO ${wide} VALUES (1, 'yes', TRUE, 1.5), (3000000000, 'no', NULL, 2), (3, NULL, FALSE, CAST(NULL AS DECIMAL(10, 2)))`,
        api.sql`INSERT INTO ${wide} VALUES (CAST(1 AS BIGINT), 'a', TRUE, 0.25)`,
      ],
      runtimeMode: "batch",
    });
    expect(jobWarnings("so-rows-ok")).to.deep.equal([]);
  });
});
