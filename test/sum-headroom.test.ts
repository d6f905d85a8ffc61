/**
 * The narrowing warning for a SUM of DECIMALs (src/sql/value-bounds.ts sumBound, SUM_ROWS_DIGITS;
 * src/sql/sink-value-types.ts): Flink types SUM(DECIMAL(p, s)) as DECIMAL(38, s)
 * (LogicalTypeMerging.findSumAggType), so every SUM into a narrower column had the warning, though
 * overflowing a DECIMAL(22, 2) with SUM(DECIMAL(12, 2)) takes about 10^10 rows at the largest value
 * (the new-user trial's v10). Quiet where the column has 9 more digits before the point than one
 * summed row (a billion rows at the largest value); warned as before otherwise.
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";
import { kafka, type Columns } from "./sink-type-messages.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };

describe("INSERT values: SUM of DECIMALs and the narrowing warning's headroom", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  let n = 0;
  const sink = (name: string, columns: Columns) => new api.IcebergSink(name, { catalog, database: "db", table: name, columns: [{ name: "shop", type: "STRING NOT NULL" }, ...columns], primaryKey: ["shop"], formatVersion: 2 });
  const orders = () =>
    new api.FlinkTable(`sh_orders_${++n}`, {
      columns: [{ name: "shop", type: "STRING NOT NULL" }, { name: "amount", type: "DECIMAL(12, 2)" }, { name: "qty", type: "BIGINT" }],
      options: kafka(`sh_orders_${n}`),
    });
  const warning = (sinkName: string, i: number, shown: string, type: string, col: string, colType: string, loss: string) =>
    `statements[0]: value ${i} of the SELECT list, ${shown} (${type}), goes into IcebergSink "${sinkName}"'s column "${col}" (${colType}): ` +
    `Flink converts it without a word (the implicit cast DynamicSinkUtils adds), and ${loss}. Widen the column, or CAST in the SELECT to say it is meant`;

  it("the trial's v10: SUM of a DECIMAL(12, 2) into a DECIMAL(22, 2), and into a DECIMAL(21, 2) (exactly 10 + 9 digits): quiet", () => {
    const o = orders();
    const s = sink("sh_roomy", [{ name: "revenue", type: "DECIMAL(22, 2)" }, { name: "edge", type: "DECIMAL(21, 2)" }, { name: "finer", type: "DECIMAL(23, 3)" }]);
    new api.FlinkSqlJob("sh-roomy", { statements: [api.sql`INSERT INTO ${s} SELECT shop, SUM(amount), SUM(amount), SUM(amount) FROM ${o} GROUP BY shop`] });
    expect(jobWarnings("sh-roomy")).to.deep.equal([]);
  });

  it("one digit less than 10 + 9, a bounded argument, the rounding: warned exactly as before", () => {
    const o = orders();
    const s = sink("sh_tight", [
      { name: "revenue", type: "DECIMAL(20, 2)" },
      { name: "grand", type: "DECIMAL(24, 2)" },
      { name: "grand2", type: "DECIMAL(23, 2)" },
      { name: "coarse", type: "DECIMAL(22, 1)" },
    ]);
    new api.FlinkSqlJob("sh-tight", { statements: [api.sql`INSERT INTO ${s} SELECT shop, SUM(amount), SUM(amount * 1000), SUM(amount * 1000), SUM(amount) FROM ${o} GROUP BY shop`] });
    // amount * 1000 has at most 13 digits before the point: 22 suffice, 21 do not.
    expect(jobWarnings("sh-tight")).to.deep.equal([
      warning("sh_tight", 2, "SUM(amount)", "DECIMAL(38, 2), as Flink types SUM of DECIMAL(12, 2)", "revenue", "DECIMAL(20, 2)", "a value with more than 18 digits before the point becomes NULL (it has room for 36)"),
      warning("sh_tight", 4, "SUM(amount * 1000)", "DECIMAL(38, 2), as Flink types SUM of DECIMAL(23, 2)", "grand2", "DECIMAL(23, 2)", "a value with more than 21 digits before the point becomes NULL (it has room for 36)"),
      warning("sh_tight", 5, "SUM(amount)", "DECIMAL(38, 2), as Flink types SUM of DECIMAL(12, 2)", "coarse", "DECIMAL(22, 1)", "it is rounded to 1 decimal places (of 2)"),
    ]);
  });

  it("a SUM of integers keeps the integer's type (no headroom rule): a BIGINT sum into a DECIMAL(15, 0) stays warned", () => {
    const o = orders();
    const s = sink("sh_int", [{ name: "n", type: "DECIMAL(15, 0)" }, { name: "n2", type: "DECIMAL(28, 0)" }]);
    new api.FlinkSqlJob("sh-int", { statements: [api.sql`INSERT INTO ${s} SELECT shop, SUM(qty), SUM(qty) FROM ${o} GROUP BY shop`] });
    expect(jobWarnings("sh-int")).to.deep.equal([
      warning("sh_int", 2, "SUM(qty)", "BIGINT, as Flink types SUM of BIGINT", "n", "DECIMAL(15, 0)", "a value with more than 15 digits before the point becomes NULL (a BIGINT has up to 19)"),
    ]);
  });
});
