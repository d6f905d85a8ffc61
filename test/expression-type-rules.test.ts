/**
 * The type rules of src/sql/expression-types.ts, operator-types.ts and function-types.ts read
 * directly: each expression over typed columns against the type Flink's validator gives it (with
 * nullability), or untyped where the Flink versions 1.19 ... 2.1 part or the reader is not sure.
 * Upstream for each rule: the TSDoc of the function that applies it.
 */
import { expect } from "chai";
import { expressionType } from "../src/sql/expression-types.js";
import { codeOnly } from "../src/sql/split.js";
import { parseDataType } from "../src/types/parser.js";
import type { TableColumn } from "../src/components/table-definition.js";

const COLUMNS: [string, string][] = [
  ["i", "INT"],
  ["n", "INT NOT NULL"],
  ["b", "BIGINT"],
  ["si", "SMALLINT"],
  ["d", "DECIMAL(10, 2)"],
  ["d0", "DECIMAL(10, 0)"],
  ["w", "DECIMAL(20, 4)"],
  ["f", "FLOAT"],
  ["x", "DOUBLE"],
  ["s", "STRING"],
  ["c", "CHAR(3)"],
  ["v", "VARCHAR(10)"],
  ["ts", "TIMESTAMP(3)"],
  ["lt", "TIMESTAMP_LTZ(3)"],
  ["dt", "DATE"],
  ["flag", "BOOLEAN"],
];
const columns = COLUMNS.map(([name, type]) => ({ name, type: parseDataType(type) }) as unknown as TableColumn);
const scope = { columns, qualifiers: ["t"], functions: () => new Set(["MYFN"]), columnType: (c: TableColumn) => c.type };
/** The type of `e` as text (with NOT NULL), "untyped" when none. */
const typeOf = (e: string): string => expressionType(codeOnly(e, true), e, scope)?.type.toString() ?? "untyped";
const check = (cases: Record<string, string>) => expect(Object.fromEntries(Object.keys(cases).map((e) => [e, typeOf(e)]))).to.deep.equal(cases);

describe("expression type rules (expression-types.ts, operator-types.ts, function-types.ts)", () => {
  it("CASE, COALESCE, IFNULL, IF, NULLIF: the least restrictive type and its nullability", () => {
    check({
      "CASE WHEN i > 0 THEN 'a' ELSE 'bc' END": "VARCHAR(2) NOT NULL",
      "CASE WHEN i > 0 THEN 'ab' ELSE 'cd' END": "CHAR(2) NOT NULL",
      "CASE WHEN i > 0 THEN c ELSE v END": "VARCHAR(10)",
      "CASE WHEN i > 0 THEN d ELSE 0 END": "DECIMAL(12, 2)",
      "CASE i WHEN 1 THEN n END": "INT",
      "CASE WHEN flag THEN n ELSE n END": "INT NOT NULL",
      "CASE WHEN flag THEN NULL ELSE n END": "INT",
      "CASE WHEN flag THEN i ELSE b END": "BIGINT",
      "CASE WHEN flag THEN 1 WHEN i < 0 THEN 2.5 END": "DECIMAL(11, 1)",
      "CASE WHEN flag THEN f ELSE d END": "DOUBLE",
      "CASE WHEN flag THEN CASE WHEN i > 1 THEN 1 ELSE 2 END ELSE 3 END": "INT NOT NULL",
      "CASE WHEN flag THEN ts ELSE lt END": "untyped",
      "CASE WHEN flag THEN f ELSE x END": "untyped",
      "CASE WHEN flag THEN s ELSE i END": "untyped",
      "CASE WHEN flag THEN NULL END": "untyped",
      "COALESCE(i, 0)": "INT NOT NULL",
      "COALESCE(i, b)": "BIGINT",
      "COALESCE(d, 0)": "DECIMAL(12, 2) NOT NULL",
      "COALESCE(s, 'x')": "STRING NOT NULL",
      "COALESCE(f, d)": "DOUBLE",
      "COALESCE(d, f)": "untyped",
      "IFNULL(i, n)": "INT NOT NULL",
      "IF(flag, 1, 2.5)": "DECIMAL(11, 1)",
      "IF(i > 0, n, n)": "INT",
      "IF(flag, d, NULL)": "DECIMAL(10, 2)",
      "IF(flag, 'a', 'bc')": "untyped",
      "IF(flag, ts, ts)": "TIMESTAMP(3)",
      "NULLIF(n, 0)": "INT",
      "CAST(s AS INT)": "INT",
      "TRY_CAST(s AS INT NOT NULL)": "INT",
    });
  });

  it("arithmetic: DECIMAL rules, integers, FLOAT and DOUBLE, %, timestamps with intervals", () => {
    check({
      "d + 1": "DECIMAL(13, 2)",
      "d * w": "DECIMAL(31, 6)",
      "d / 3": "DECIMAL(21, 13)",
      "i / 2": "INT",
      "n + n": "INT NOT NULL",
      "si * i": "INT",
      "i + x": "DOUBLE",
      "d + x": "DOUBLE",
      "i + f": "FLOAT",
      "f * 2": "FLOAT",
      "f + d": "DOUBLE",
      "f + x": "untyped",
      "d % 3": "DECIMAL(10, 2)",
      "d % w": "DECIMAL(12, 4)",
      "d0 % i": "INT",
      "i % d0": "DECIMAL(10, 0)",
      "b % si": "SMALLINT",
      "x % 2": "untyped",
      "MOD(b, i)": "INT",
      "-d": "DECIMAL(10, 2)",
      "c || v": "VARCHAR(13)",
      "ts + INTERVAL '1' HOUR": "TIMESTAMP(3)",
      "ts - INTERVAL '1-2' YEAR TO MONTH": "TIMESTAMP(3)",
      "INTERVAL '1' DAY + lt": "TIMESTAMP_LTZ(3)",
      "ts + INTERVAL '1.5' SECOND(2, 6)": "untyped",
      "dt + INTERVAL '1' DAY": "untyped",
      "INTERVAL '1' DAY": "untyped",
    });
  });

  it("predicates: BOOLEAN, NOT NULL for IS tests", () => {
    check({
      "i > 0": "BOOLEAN",
      "n >= 0": "BOOLEAN NOT NULL",
      "s LIKE 'a%'": "BOOLEAN",
      "s NOT SIMILAR TO 'a'": "BOOLEAN",
      "i IS NULL": "BOOLEAN NOT NULL",
      "flag IS NOT TRUE": "BOOLEAN NOT NULL",
      "i IS DISTINCT FROM n": "BOOLEAN NOT NULL",
      "i IN (1, 2)": "BOOLEAN",
      "n IN (1, 2)": "BOOLEAN NOT NULL",
      "i NOT BETWEEN 1 AND 2": "BOOLEAN",
      "NOT flag": "BOOLEAN",
      "n > 0 AND n < 9": "BOOLEAN NOT NULL",
      "flag OR i IS NULL": "BOOLEAN",
      "i IN (SELECT 1)": "untyped",
      "i AND flag": "untyped",
    });
  });

  it("numeric, date-time and string functions", () => {
    check({
      "ABS(si)": "SMALLINT",
      "ROUND(d, 1)": "DECIMAL(10, 1)",
      "ROUND(d)": "DECIMAL(9, 0)",
      "ROUND(d, 5)": "DECIMAL(10, 2)",
      "ROUND(x, 2)": "DOUBLE",
      "TRUNCATE(w, 2)": "DECIMAL(19, 2)",
      "FLOOR(d)": "DECIMAL(10, 0)",
      "CEIL(x)": "DOUBLE",
      "FLOOR(ts TO HOUR)": "TIMESTAMP(3)",
      "CEIL(dt TO MONTH)": "DATE",
      "POWER(i, 2)": "DOUBLE",
      "LOG(10, x)": "DOUBLE",
      "TIMESTAMPADD(DAY, 1, ts)": "TIMESTAMP(3)",
      "TIMESTAMPADD(HOUR, 1, lt)": "TIMESTAMP_LTZ(3)",
      "TIMESTAMPADD(HOUR, 1, dt)": "untyped",
      "TIMESTAMPDIFF(DAY, ts, lt)": "INT",
      "UNIX_TIMESTAMP()": "BIGINT NOT NULL",
      "UNIX_TIMESTAMP(s)": "BIGINT",
      "FROM_UNIXTIME(b)": "STRING",
      "TO_DATE(s)": "DATE",
      "NOW()": "TIMESTAMP_LTZ(3) NOT NULL",
      "PROCTIME()": "TIMESTAMP_LTZ(3) NOT NULL",
      "CURRENT_ROW_TIMESTAMP()": "TIMESTAMP_LTZ(3) NOT NULL",
      "DATE_FORMAT(ts, 'yyyy')": "STRING",
      "TRIM(c)": "VARCHAR(3)",
      "TRIM(LEADING 'x' FROM v)": "VARCHAR(10)",
      "LTRIM(c)": "VARCHAR(3)",
      "SUBSTRING(c FROM 2)": "VARCHAR(3)",
      "LEFT(c, 2)": "VARCHAR(3)",
      "INITCAP(c)": "CHAR(3)",
      "LPAD(s, 5, '0')": "STRING",
      "REGEXP_EXTRACT(s, 'a', 1)": "STRING",
      "MD5(s)": "CHAR(32)",
      "SHA2(s, 256)": "VARCHAR(128)",
      "POSITION('a' IN s)": "INT",
      "JSON_VALUE(s, '$.a')": "STRING",
      "JSON_VALUE(s, '$.a' RETURNING DECIMAL(10, 2) DEFAULT 0 ON EMPTY)": "DECIMAL(10, 2)",
      "MYFN(i)": "untyped",
      "HASH_CODE(s)": "untyped",
      "COUNT(*) OVER (ORDER BY ts)": "untyped",
    });
  });
});
