/**
 * An integer AVG or an integer division written into a DOUBLE, FLOAT or DECIMAL column
 * (src/sql/whole-numbers.ts, marked by expression-types.ts, warned about by sink-value-types.ts):
 * Flink computes both as integers (LogicalTypeMerging.findAvgAggType keeps the argument's type,
 * AvgAggFunction divides the sum by the count as integers; INT / BIGINT is a BIGINT), so the value
 * is a whole number before it is widened into the column. A warning naming the expression and the
 * CAST that keeps the fraction; valid neighbours stay quiet. A value computed from such a whole number
 * (CAST, ROUND, arithmetic, CASE ...): whole-numbers-carried.test.ts.
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const kafka = (topic: string) => ({ connector: "kafka", topic, "properties.bootstrap.servers": "kafka:9092", "properties.group.id": "g", "scan.startup.mode": "earliest-offset", format: "json" });
type Columns = { name: string; type: string }[];
const AVG_HOW = "Flink averages integers as an integer of the argument's type (AVG of 1 and 2 is 1: flink AvgAggFunction divides the sum by the count as integers)";
const DIV_HOW = "Flink divides two integers as integers (7 / 2 is 3)";
const LOST = "so the value is truncated to a whole number before it is widened into the column, and its fraction is lost";

describe("integer AVG and integer division into a fractional column: a warning with the CAST that keeps the fraction", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  let n = 0;
  /** Keyed by shop: the GROUP BY's updates replace each shop's row. */
  const sink = (name: string, columns: Columns) => new api.IcebergSink(name, { catalog, database: "db", table: name, columns, primaryKey: ["shop"], formatVersion: 2 });
  const orders = () =>
    new api.FlinkTable(`wn_orders_${++n}`, {
      columns: [
        { name: "shop", type: "STRING NOT NULL" },
        { name: "status", type: "STRING" },
        { name: "qty", type: "INT" },
        { name: "price", type: "DOUBLE" },
        { name: "amount", type: "DECIMAL(10, 2)" },
      ],
      options: kafka(`wn_orders_${n}`),
    });
  const warning = (i: number, typed: string, sinkName: string, col: string, colType: string, how: string, remedy: string) =>
    `statements[0]: value ${i + 1} of the SELECT list, ${typed}, goes into IcebergSink "${sinkName}"'s column "${col}" (${colType}): ${how}, ${LOST}. Write ${remedy} to keep the fraction`;

  it("AVG of an INT into a DOUBLE column, and SUM(CASE ... THEN 1 ELSE 0 END) / COUNT(*) into DOUBLE and DECIMAL columns: a warning each, naming the CAST", () => {
    const o = orders();
    const s = sink("wn_stats", [
      { name: "shop", type: "STRING" },
      { name: "avg_qty", type: "DOUBLE" },
      { name: "paid_ratio", type: "DOUBLE" },
      { name: "paid_share", type: "DECIMAL(5, 4)" },
      { name: "avg_distinct", type: "FLOAT" },
    ]);
    new api.FlinkSqlJob("wn-stats", {
      statements: [
        api.sql`INSERT INTO ${s} SELECT shop, AVG(qty), SUM(CASE WHEN status = 'PAID' THEN 1 ELSE 0 END) / COUNT(*) AS paid_ratio, (COUNT(*) FILTER (WHERE status = 'PAID')) / COUNT(*), AVG(DISTINCT qty) FILTER (WHERE qty > 0) FROM ${o} GROUP BY shop`,
      ],
    });
    expect(jobWarnings("wn-stats")).to.deep.equal([
      warning(1, "AVG(qty) (INT, as Flink types AVG of INT)", "wn_stats", "avg_qty", "DOUBLE", AVG_HOW, "AVG(CAST(qty AS DOUBLE))"),
      warning(
        2,
        "SUM(CASE WHEN status = 'PAID' THEN 1 ELSE 0 END) / COUNT(*) AS paid_ratio (BIGINT, as Flink types INT / BIGINT)",
        "wn_stats",
        "paid_ratio",
        "DOUBLE",
        DIV_HOW,
        "CAST(SUM(CASE WHEN status = 'PAID' THEN 1 ELSE 0 END) AS DOUBLE) / COUNT(*)",
      ),
      warning(3, "(COUNT(*) FILTER (WHERE status = 'PAID')) / COUNT(*) (BIGINT, as Flink types BIGINT / BIGINT)", "wn_stats", "paid_share", "DECIMAL(5, 4)", DIV_HOW, "CAST((COUNT(*) FILTER (WHERE status = 'PAID')) AS DOUBLE) / COUNT(*)"),
      // A BIGINT into DECIMAL(5, 4) also loses digits before the point: the narrowing warning as before.
      "statements[0]: value 4 of the SELECT list, (COUNT(*) FILTER (WHERE status = 'PAID')) / COUNT(*) (BIGINT, as Flink types BIGINT / BIGINT), goes into IcebergSink \"wn_stats\"'s column \"paid_share\" (DECIMAL(5, 4)): " +
        "Flink converts it without a word (the implicit cast DynamicSinkUtils adds), and a value with more than 1 digits before the point becomes NULL (a BIGINT has up to 19). Widen the column, or CAST in the SELECT to say it is meant",
      warning(4, "AVG(DISTINCT qty) FILTER (WHERE qty > 0) (INT, as Flink types AVG of INT)", "wn_stats", "avg_distinct", "FLOAT", AVG_HOW, "AVG(DISTINCT CAST(qty AS DOUBLE)) FILTER (WHERE qty > 0)"),
    ]);
  });

  it("quiet: integer AVG and division into integer columns, AVG of a DOUBLE or DECIMAL, the CASTs the warning names, and a quotient of an integer by a DECIMAL", () => {
    const o = orders();
    const ints = sink("wn_ints", [
      { name: "shop", type: "STRING" },
      { name: "avg_qty", type: "INT" },
      { name: "half", type: "BIGINT" },
    ]);
    const fractions = sink("wn_fractions", [
      { name: "shop", type: "STRING" },
      { name: "avg_price", type: "DOUBLE" },
      { name: "avg_amount", type: "DECIMAL(38, 6)" },
      { name: "avg_qty", type: "DOUBLE" },
      { name: "paid_ratio", type: "DOUBLE" },
      { name: "exact", type: "DECIMAL(38, 6)" },
    ]);
    new api.FlinkSqlJob("wn-quiet", {
      statements: [
        api.sql`INSERT INTO ${ints} SELECT shop, AVG(qty), COUNT(*) / 2 FROM ${o} GROUP BY shop`,
        api.sql`INSERT INTO ${fractions} SELECT shop, AVG(price), AVG(amount), AVG(CAST(qty AS DOUBLE)), CAST(SUM(CASE WHEN status = 'PAID' THEN 1 ELSE 0 END) AS DOUBLE) / COUNT(*), SUM(qty) / 1.0 FROM ${o} GROUP BY shop`,
      ],
    });
    expect(jobWarnings("wn-quiet")).to.deep.equal([]);
  });
});
