import { expect } from "chai";
import { DataTypes } from "../src/types/datatypes.js";
import { MAX_TYPE_NESTING, parseDataType } from "../src/types/parser.js";
import { tokenize } from "../src/types/lexer.js";
import { FlinkIcebergValidationError } from "../src/validation/error.js";

/** Parses `text` expecting a FlinkIcebergValidationError and returns its message. */
function parseError(text: string): string {
  try {
    parseDataType(text);
  } catch (e) {
    expect(e).to.be.instanceOf(FlinkIcebergValidationError);
    const err = e as FlinkIcebergValidationError;
    expect(err.issues).to.have.length(1);
    return err.message;
  }
  expect.fail(`expected ${JSON.stringify(text)} to be rejected`);
}

/** text → canonical toString(). */
const CANONICAL: ReadonlyArray<readonly [string, string]> = [
  // parameterless, aliases, case-insensitivity, whitespace
  ["BOOLEAN", "BOOLEAN"],
  ["boolean", "BOOLEAN"],
  ["TINYINT", "TINYINT"],
  ["SmallInt", "SMALLINT"],
  ["INT", "INT"],
  ["INTEGER", "INT"],
  ["  \n\tint \r\n ", "INT"],
  ["BIGINT", "BIGINT"],
  ["FLOAT", "FLOAT"],
  ["DOUBLE", "DOUBLE"],
  ["DOUBLE PRECISION", "DOUBLE"],
  ["double   precision", "DOUBLE"],
  ["DATE", "DATE"],
  ["NULL", "NULL"],
  ["NULL NULL", "NULL"],
  // strings and bytes
  ["CHAR", "CHAR(1)"],
  ["CHAR(5)", "CHAR(5)"],
  ["char ( 5 )", "CHAR(5)"],
  ["CHAR(2147483647)", "CHAR(2147483647)"],
  ["VARCHAR", "STRING"], // Flink SQL DDL: FlinkTypeSystem.getDefaultPrecision(VARCHAR) = Integer.MAX_VALUE
  ["VARCHAR(10)", "VARCHAR(10)"],
  ["VARCHAR(2147483646)", "VARCHAR(2147483646)"],
  ["VARCHAR(2147483647)", "STRING"],
  ["STRING", "STRING"],
  ["string", "STRING"],
  ["BINARY", "BINARY(1)"],
  ["BINARY(16)", "BINARY(16)"],
  ["VARBINARY", "BYTES"], // likewise VARBINARY
  ["VARBINARY(7)", "VARBINARY(7)"],
  ["VARBINARY(2147483647)", "BYTES"],
  ["BYTES", "BYTES"],
  // decimals
  ["DECIMAL", "DECIMAL(10, 0)"],
  ["DECIMAL(5)", "DECIMAL(5, 0)"],
  ["DECIMAL(12,2)", "DECIMAL(12, 2)"],
  ["DEC(38, 38)", "DECIMAL(38, 38)"],
  ["NUMERIC(1, 0)", "DECIMAL(1, 0)"],
  ["numeric", "DECIMAL(10, 0)"],
  ["dec", "DECIMAL(10, 0)"],
  ["DECIMAL(007, 02)", "DECIMAL(7, 2)"],
  // time and timestamps
  ["TIME", "TIME(0)"],
  ["TIME(3)", "TIME(3)"],
  ["TIME WITHOUT TIME ZONE", "TIME(0)"],
  ["TIME(9) WITHOUT TIME ZONE", "TIME(9)"],
  ["TIMESTAMP", "TIMESTAMP(6)"],
  ["TIMESTAMP(0)", "TIMESTAMP(0)"],
  ["TIMESTAMP(3) WITHOUT TIME ZONE", "TIMESTAMP(3)"],
  ["timestamp without time zone", "TIMESTAMP(6)"],
  ["TIMESTAMP_LTZ", "TIMESTAMP_LTZ(6)"],
  ["TIMESTAMP_LTZ(9)", "TIMESTAMP_LTZ(9)"],
  ["TIMESTAMP WITH LOCAL TIME ZONE", "TIMESTAMP_LTZ(6)"],
  ["TIMESTAMP(3) WITH LOCAL TIME ZONE", "TIMESTAMP_LTZ(3)"],
  ["TIMESTAMP WITH TIME ZONE", "TIMESTAMP(6) WITH TIME ZONE"],
  ["TIMESTAMP(9) with time zone", "TIMESTAMP(9) WITH TIME ZONE"],
  // intervals
  ["INTERVAL YEAR", "INTERVAL YEAR(2)"],
  ["INTERVAL YEAR(4)", "INTERVAL YEAR(4)"],
  ["INTERVAL YEAR TO MONTH", "INTERVAL YEAR(2) TO MONTH"],
  ["INTERVAL YEAR(1) TO MONTH", "INTERVAL YEAR(1) TO MONTH"],
  ["INTERVAL MONTH", "INTERVAL MONTH"],
  ["INTERVAL DAY", "INTERVAL DAY(2)"],
  ["INTERVAL DAY(6)", "INTERVAL DAY(6)"],
  ["INTERVAL DAY TO HOUR", "INTERVAL DAY(2) TO HOUR"],
  ["INTERVAL DAY(3) TO HOUR", "INTERVAL DAY(3) TO HOUR"],
  ["INTERVAL DAY TO MINUTE", "INTERVAL DAY(2) TO MINUTE"],
  ["INTERVAL DAY(1) TO MINUTE", "INTERVAL DAY(1) TO MINUTE"],
  ["INTERVAL DAY TO SECOND", "INTERVAL DAY(2) TO SECOND(6)"],
  ["INTERVAL DAY(5) TO SECOND(0)", "INTERVAL DAY(5) TO SECOND(0)"],
  ["INTERVAL HOUR", "INTERVAL HOUR"],
  ["INTERVAL HOUR TO MINUTE", "INTERVAL HOUR TO MINUTE"],
  ["INTERVAL HOUR TO SECOND", "INTERVAL HOUR TO SECOND(6)"],
  ["INTERVAL HOUR TO SECOND(9)", "INTERVAL HOUR TO SECOND(9)"],
  ["INTERVAL MINUTE", "INTERVAL MINUTE"],
  ["INTERVAL MINUTE TO SECOND", "INTERVAL MINUTE TO SECOND(6)"],
  ["INTERVAL MINUTE TO SECOND(2)", "INTERVAL MINUTE TO SECOND(2)"],
  ["INTERVAL SECOND", "INTERVAL SECOND(6)"],
  ["INTERVAL SECOND(3)", "INTERVAL SECOND(3)"],
  ["interval day(2) to second(3) not null", "INTERVAL DAY(2) TO SECOND(3) NOT NULL"],
  // nullability
  ["INT NOT NULL", "INT NOT NULL"],
  ["int not null", "INT NOT NULL"],
  ["INT NULL", "INT"],
  ["STRING NOT NULL", "STRING NOT NULL"],
  // collections
  ["ARRAY<INT>", "ARRAY<INT>"],
  ["ARRAY < INT >", "ARRAY<INT>"],
  ["ARRAY<INT NOT NULL>", "ARRAY<INT NOT NULL>"],
  ["ARRAY<INT NOT NULL> NOT NULL", "ARRAY<INT NOT NULL> NOT NULL"],
  ["ARRAY<INT NULL> NULL", "ARRAY<INT>"],
  ["INT ARRAY", "ARRAY<INT>"],
  ["INT NOT NULL ARRAY", "ARRAY<INT NOT NULL>"],
  ["INT ARRAY NOT NULL", "ARRAY<INT> NOT NULL"],
  ["INT NOT NULL ARRAY NOT NULL ARRAY", "ARRAY<ARRAY<INT NOT NULL> NOT NULL>"],
  ["INT ARRAY MULTISET ARRAY", "ARRAY<MULTISET<ARRAY<INT>>>"],
  ["ARRAY<ARRAY<STRING>>", "ARRAY<ARRAY<STRING>>"],
  ["MULTISET<STRING>", "MULTISET<STRING>"],
  ["MULTISET<STRING NOT NULL> NOT NULL", "MULTISET<STRING NOT NULL> NOT NULL"],
  ["STRING MULTISET", "MULTISET<STRING>"],
  ["MAP<STRING, INT>", "MAP<STRING, INT>"],
  ["MAP<STRING NOT NULL, INT NOT NULL> NOT NULL", "MAP<STRING NOT NULL, INT NOT NULL> NOT NULL"],
  ["map<varchar(3),decimal(5,2) array>", "MAP<VARCHAR(3), ARRAY<DECIMAL(5, 2)>>"],
  ["MAP<ARRAY<INT NOT NULL>, ROW<f INT>>", "MAP<ARRAY<INT NOT NULL>, ROW<`f` INT>>"],
  ["MAP<INT, INT> ARRAY", "ARRAY<MAP<INT, INT>>"],
  // rows
  ["ROW<a INT>", "ROW<`a` INT>"],
  ["ROW(a INT)", "ROW<`a` INT>"],
  ["ROW<>", "ROW<>"],
  ["ROW()", "ROW<>"],
  ["ROW<a INT, b STRING>", "ROW<`a` INT, `b` STRING>"],
  ["ROW(a INT, b STRING) NOT NULL", "ROW<`a` INT, `b` STRING> NOT NULL"],
  ["ROW<a INT NOT NULL 'id of a'>", "ROW<`a` INT NOT NULL 'id of a'>"],
  ["ROW<a INT 'it''s'>", "ROW<`a` INT 'it''s'>"],
  ["ROW<a INT ''>", "ROW<`a` INT ''>"],
  ["ROW<a INT 'line1\nline2'>", "ROW<`a` INT 'line1\nline2'>"],
  ["ROW<a INT ARRAY NOT NULL 'list'>", "ROW<`a` ARRAY<INT> NOT NULL 'list'>"],
  ["ROW<`a b` INT>", "ROW<`a b` INT>"],
  ["ROW<`we``ird` INT>", "ROW<`we``ird` INT>"],
  ["ROW<```` INT>", "ROW<```` INT>"],
  ["ROW<`it's` INT>", "ROW<`it's` INT>"],
  ["ROW<CamelCase INT, camelcase INT>", "ROW<`CamelCase` INT, `camelcase` INT>"],
  ["ROW<value INT, time STRING, `timestamp` DATE>", "ROW<`value` INT, `time` STRING, `timestamp` DATE>"],
  ["ROW<名前 STRING, día INT, _x$1 INT>", "ROW<`名前` STRING, `día` INT, `_x$1` INT>"],
  ["ROW<`@version` STRING>", "ROW<`@version` STRING>"],
  ["ROW<a ROW<b ROW<c INT NOT NULL> NOT NULL>>", "ROW<`a` ROW<`b` ROW<`c` INT NOT NULL> NOT NULL>>"],
  ["row(a int, b row(c string))", "ROW<`a` INT, `b` ROW<`c` STRING>>"],
  ["ROW<a INT> ARRAY", "ARRAY<ROW<`a` INT>>"],
  [
    "MAP<ROW<field_int INT 'doc - int', field_string STRING 'doc - string'> NOT NULL, ROW<field_array ARRAY<STRING> 'doc - array'> NOT NULL> NOT NULL",
    "MAP<ROW<`field_int` INT 'doc - int', `field_string` STRING 'doc - string'> NOT NULL, ROW<`field_array` ARRAY<STRING> 'doc - array'> NOT NULL> NOT NULL",
  ],
  // raw
  ["RAW('java.lang.Object', 'AAA=')", "RAW('java.lang.Object', 'AAA=')"],
  ["raw ( 'a.B' , 'it''s' ) NOT NULL", "RAW('a.B', 'it''s') NOT NULL"],
];

/** text → message fragment of the FlinkIcebergValidationError it raises. */
const ERRORS: ReadonlyArray<readonly [string, string]> = [
  // syntax
  ["", "unexpected end of input at offset 0, expected a type"],
  ["   ", "unexpected end of input at offset 3, expected a type"],
  ["MAP<STRING, >", 'unexpected ">" at offset 12, expected a type'],
  ["ARRAY<>", 'unexpected ">" at offset 6, expected a type'],
  ["ARRAY<INT", "unexpected end of input at offset 9, expected NOT NULL, NULL, ARRAY, MULTISET or \">\""],
  ["ARRAY<INT>>", 'unexpected ">" at offset 10, expected NOT NULL, NULL, ARRAY, MULTISET or end of input'],
  ["ARRAY(INT)", 'unexpected "(" at offset 5, expected "<" (or write T ARRAY)'],
  ["ARRAY", 'unexpected end of input at offset 5, expected "<" (or write T ARRAY)'],
  ["MAP<INT>", 'unexpected ">" at offset 7, expected NOT NULL, NULL, ARRAY, MULTISET or ","'],
  ["MAP<INT, INT, INT>", 'unexpected "," at offset 12, expected NOT NULL, NULL, ARRAY, MULTISET or ">"'],
  ["INT INT", 'unexpected "INT" at offset 4, expected NOT NULL, NULL, ARRAY, MULTISET or end of input'],
  ["FOO", 'unexpected "FOO" at offset 0, expected a type'],
  ["cat.db.MyType", 'unexpected "cat" at offset 0, expected a type'],
  ["INT NOT", "unexpected end of input at offset 7, expected NULL"],
  ["INT NOT NUL", 'unexpected "NUL" at offset 8, expected NULL'],
  ["INT ARRAY ARRAY NOT", "unexpected end of input at offset 19, expected NULL"],
  ["CHAR()", 'unexpected ")" at offset 5, expected a length'],
  ["CHAR(a)", 'unexpected "a" at offset 5, expected a length'],
  ["CHAR(-1)", 'unexpected "-" at offset 5, expected a length'],
  ["CHAR(1.5)", 'unexpected "." at offset 6, expected ")"'],
  ["VARCHAR(3", 'unexpected end of input at offset 9, expected ")"'],
  ["DECIMAL(5,)", 'unexpected ")" at offset 10, expected a scale'],
  ["DECIMAL(5 2)", 'unexpected "2" at offset 10, expected "," or ")"'],
  ["DECIMAL(1, 2, 3)", 'unexpected "," at offset 12, expected "," or ")"'],
  ["TIME WITH TIME ZONE", 'unexpected "WITH" at offset 5, expected WITHOUT TIME ZONE (Flink has no TIME WITH TIME ZONE)'],
  ["TIME WITHOUT ZONE", 'unexpected "ZONE" at offset 13, expected TIME'],
  ["TIMESTAMP WITH ZONE", 'unexpected "ZONE" at offset 15, expected LOCAL or TIME'],
  ["TIMESTAMP WITH LOCAL ZONE", 'unexpected "ZONE" at offset 21, expected TIME'],
  ["TIMESTAMP(3) WITH TIME", "unexpected end of input at offset 22, expected ZONE"],
  ["TIMESTAMP_LTZ WITH LOCAL TIME ZONE", 'unexpected "WITH" at offset 14, expected NOT NULL, NULL, ARRAY, MULTISET or end of input'],
  ["INTERVAL", "unexpected end of input at offset 8, expected YEAR, MONTH, DAY, HOUR, MINUTE or SECOND"],
  ["INTERVAL WEEK", 'unexpected "WEEK" at offset 9, expected YEAR, MONTH, DAY, HOUR, MINUTE or SECOND'],
  ["INTERVAL MONTH(2)", 'unexpected "(" at offset 14, expected NOT NULL, NULL, ARRAY, MULTISET or end of input'],
  ["INTERVAL HOUR(2)", 'unexpected "(" at offset 13, expected NOT NULL, NULL, ARRAY, MULTISET or end of input'],
  ["INTERVAL YEAR TO DAY", 'unexpected "DAY" at offset 17, expected MONTH'],
  ["INTERVAL DAY TO YEAR", 'unexpected "YEAR" at offset 16, expected HOUR, MINUTE or SECOND'],
  ["INTERVAL HOUR TO HOUR", 'unexpected "HOUR" at offset 17, expected MINUTE or SECOND'],
  ["INTERVAL MINUTE TO HOUR", 'unexpected "HOUR" at offset 19, expected SECOND'],
  ["INTERVAL DAY TO HOUR(2)", 'unexpected "(" at offset 20, expected NOT NULL, NULL, ARRAY, MULTISET or end of input'],
  ["INTERVAL SECOND TO SECOND", 'unexpected "TO" at offset 16, expected NOT NULL, NULL, ARRAY, MULTISET or end of input'],
  ["ROW", 'unexpected end of input at offset 3, expected "<" or "("'],
  ["ROW<a>", 'unexpected ">" at offset 5, expected a type'],
  ["ROW<INT>", 'unexpected ">" at offset 7, expected a type'],
  ["ROW<a INT,>", 'unexpected ">" at offset 10, expected a field name'],
  ["ROW<a INT b INT>", 'unexpected "b" at offset 10, expected NOT NULL, NULL, ARRAY, MULTISET, a description, "," or ">"'],
  ["ROW<a INT 'x' 'y'>", `unexpected "'y'" at offset 14, expected "," or ">"`],
  ["ROW(a INT>", 'unexpected ">" at offset 9, expected NOT NULL, NULL, ARRAY, MULTISET, a description, "," or ")"'],
  ["ROW<a INT)", 'unexpected ")" at offset 9, expected NOT NULL, NULL, ARRAY, MULTISET, a description, "," or ">"'],
  ["ROW<'a' INT>", `unexpected "'a'" at offset 4, expected a field name`],
  ["ROW<a INT 'never closed>", `unexpected end of input at offset 24, expected "'" to close the string literal that starts at offset 10`],
  ["ROW<`a INT>", 'unexpected end of input at offset 11, expected "`" to close the back-quoted identifier that starts at offset 4'],
  ["ROW<\"a\" INT>", 'unexpected "\\"" at offset 4, expected a field name'],
  ["RAW", 'unexpected end of input at offset 3, expected "("'],
  ["RAW('a')", 'unexpected ")" at offset 7, expected ","'],
  ["RAW(a, 'b')", 'unexpected "a" at offset 4, expected a class name string'],
  ["RAW('a', b)", 'unexpected "b" at offset 9, expected a serializer snapshot string'],
  ["@", 'unexpected "@" at offset 0, expected a type'],
  ["INT;", 'unexpected ";" at offset 3, expected NOT NULL, NULL, ARRAY, MULTISET or end of input'],
  ["'INT'", `unexpected "'INT'" at offset 0, expected a type`],
  // ranges (the DataTypes message plus the offset)
  ["CHAR(0)", "CHAR length 0 is out of range: it must be an integer from 1 to 2147483647 (at offset 5)"],
  ["VARCHAR(0)", "VARCHAR length 0 is out of range: it must be an integer from 1 to 2147483647 (at offset 8)"],
  ["VARCHAR(2147483648)", "VARCHAR length 2147483648 is out of range: it must be an integer from 1 to 2147483647"],
  ["BINARY(0)", "BINARY length 0 is out of range: it must be an integer from 1 to 2147483647"],
  ["CHAR(99999999999999999999)", "integer 99999999999999999999 at offset 5 is too large: no type parameter exceeds 2147483647"],
  ["VARBINARY(2147483648)", "VARBINARY length 2147483648 is out of range: it must be an integer from 1 to 2147483647"],
  ["DECIMAL(39)", "DECIMAL precision 39 is out of range: it must be an integer from 1 to 38"],
  ["DECIMAL(39, 2)", "max 38"],
  ["DECIMAL(0)", "DECIMAL precision 0 is out of range: it must be an integer from 1 to 38"],
  ["DECIMAL(5, 7)", "scale 7 > precision 5"],
  ["NUMERIC(5,7)", "DECIMAL scale 7 > precision 5: the scale must be an integer from 0 to the precision (5) (at offset 8)"],
  ["TIME(10)", "TIME precision 10 is out of range: it must be an integer from 0 to 9 (at offset 5)"],
  ["TIMESTAMP(12)", "TIMESTAMP precision 12 is out of range: it must be an integer from 0 to 9 (at offset 10)"],
  ["TIMESTAMP(10) WITH LOCAL TIME ZONE", "TIMESTAMP_LTZ precision 10 is out of range: it must be an integer from 0 to 9"],
  ["TIMESTAMP_LTZ(10)", "TIMESTAMP_LTZ precision 10 is out of range: it must be an integer from 0 to 9"],
  ["TIMESTAMP(10) WITH TIME ZONE", "TIMESTAMP WITH TIME ZONE precision 10 is out of range: it must be an integer from 0 to 9"],
  ["INTERVAL YEAR(5)", "INTERVAL year precision 5 is out of range: it must be an integer from 1 to 4 (at offset 14)"],
  ["INTERVAL YEAR(0) TO MONTH", "INTERVAL year precision 0 is out of range: it must be an integer from 1 to 4"],
  ["INTERVAL DAY(7)", "INTERVAL day precision 7 is out of range: it must be an integer from 1 to 6"],
  ["INTERVAL DAY(0) TO HOUR", "INTERVAL day precision 0 is out of range: it must be an integer from 1 to 6"],
  ["INTERVAL DAY TO SECOND(10)", "INTERVAL fractional precision 10 is out of range: it must be an integer from 0 to 9 (at offset 23)"],
  ["INTERVAL SECOND(10)", "INTERVAL fractional precision 10 is out of range: it must be an integer from 0 to 9"],
  ["ARRAY<DECIMAL(2, 5)>", "DECIMAL scale 5 > precision 2"],
  ["ROW<a INT, b TIMESTAMP(10)>", "TIMESTAMP precision 10 is out of range: it must be an integer from 0 to 9 (at offset 23)"],
  // names, duplicates, nullability, depth
  ["ROW<a INT, a STRING>", 'ROW field name "a" appears twice; field names must be unique (at offset 11)'],
  ["ROW(`x` INT, x INT)", 'ROW field name "x" appears twice; field names must be unique (at offset 13)'],
  ["ROW<`` INT>", "ROW field name must be a non-empty string (at offset 4)"],
  ["ROW<`   ` INT>", 'ROW field name "   " is only whitespace; Flink names need at least one other character (at offset 4)'],
  ["ROW<`a\nb` INT>", 'ROW field name "a\\nb" contains a line break (CR or LF), which Flink identifiers cannot hold (at offset 4)'],
  ["ROW<`a\rb` INT>", "contains a line break (CR or LF)"],
  [`ROW<\`${"x".repeat(257)}\` INT>`, "is 257 characters long; Flink identifiers hold at most 256 (at offset 4)"],
  ["NULL NOT NULL", "the NULL type is always nullable: NULL NOT NULL is not a Flink type (at offset 5)"],
  // Words of other dialects after a type say what to write instead.
  ["TINYINT UNSIGNED", 'unexpected "UNSIGNED" at offset 8, expected NOT NULL, NULL, ARRAY, MULTISET or end of input (Flink has no unsigned types: use the next larger signed type, e.g. TINYINT UNSIGNED → SMALLINT, INT UNSIGNED → BIGINT, BIGINT UNSIGNED → DECIMAL(20, 0))'],
  ["DECIMAL(20, 2) WITH LOCAL TIME ZONE", "(only TIMESTAMP takes WITH LOCAL TIME ZONE (TIMESTAMP(p) WITH LOCAL TIME ZONE is TIMESTAMP_LTZ(p)); other types take no zone)"],
  ["INT ZEROFILL", "(Flink types have no display options: drop ZEROFILL)"],
  ["ARRAY<NULL NOT NULL>", "the NULL type is always nullable"],
  ["RAW('', 'AAA=')", "RAW class name must be a non-empty string (at offset 0)"],
  ["RAW('a.B', '')", "RAW serializer snapshot must be a non-empty string"],
  [`${"ARRAY<".repeat(MAX_TYPE_NESTING + 1)}INT${">".repeat(MAX_TYPE_NESTING + 1)}`, `type nesting is deeper than ${MAX_TYPE_NESTING} levels at offset`],
  [`INT${" ARRAY".repeat(MAX_TYPE_NESTING + 1)}`, `type nesting is deeper than ${MAX_TYPE_NESTING} levels`],
];

describe("types: parseDataType", () => {
  describe("canonical text of every form", () => {
    for (const [text, canonical] of CANONICAL) {
      it(`${JSON.stringify(text)} → ${canonical}`, () => {
        const t = parseDataType(text);
        expect(t.toString()).to.equal(canonical);
        const again = parseDataType(canonical);
        expect(again.toString()).to.equal(canonical);
        expect(again.equals(t)).to.equal(true);
        expect(again).to.deep.equal(t);
        expect(Object.isFrozen(t)).to.equal(true);
      });
    }
  });

  describe("errors", () => {
    for (const [text, fragment] of ERRORS) {
      it(`${JSON.stringify(text.length > 60 ? text.slice(0, 60) + "…" : text)} fails with ${JSON.stringify(fragment)}`, () => {
        expect(parseError(text)).to.include(fragment);
      });
    }

    it("rejects a non-string argument with a validation error", () => {
      expect(() => parseDataType(42 as unknown as string)).to.throw(FlinkIcebergValidationError, "type text must be a string, got number");
    });

    it("accepts nesting at exactly the limit", () => {
      const text = `${"ARRAY<".repeat(MAX_TYPE_NESTING)}INT${">".repeat(MAX_TYPE_NESTING)}`;
      expect(parseDataType(text).toString()).to.equal(text);
    });

    it("accepts a 256-character field name and a unicode one counted in UTF-16 units", () => {
      const name = "x".repeat(256);
      expect(parseDataType(`ROW<\`${name}\` INT>`)).to.deep.equal(DataTypes.ROW(DataTypes.FIELD(name, DataTypes.INT())));
      expect(parseError(`ROW<\`${"😀".repeat(129)}\` INT>`)).to.include("is 258 characters long");
    });
  });

  describe("structure of the result", () => {
    it("builds the same values as DataTypes", () => {
      expect(parseDataType("STRING")).to.deep.equal(DataTypes.STRING());
      expect(parseDataType("VARCHAR(2147483647)")).to.deep.equal(DataTypes.STRING());
      expect(parseDataType("BYTES")).to.deep.equal(DataTypes.VARBINARY(2147483647));
      expect(parseDataType("DECIMAL")).to.deep.equal(DataTypes.DECIMAL(10, 0));
      expect(parseDataType("TIMESTAMP")).to.deep.equal(DataTypes.TIMESTAMP(6));
      expect(parseDataType("INTERVAL HOUR TO MINUTE")).to.deep.equal(DataTypes.INTERVAL("HOUR_TO_MINUTE"));
      expect(parseDataType("INTERVAL DAY(3) TO SECOND(2)")).to.deep.equal(DataTypes.INTERVAL("DAY_TO_SECOND", 3, 2));
      expect(parseDataType("INT NOT NULL ARRAY")).to.deep.equal(DataTypes.ARRAY(DataTypes.INT().notNull()));
      expect(parseDataType("INT MULTISET NOT NULL")).to.deep.equal(DataTypes.MULTISET(DataTypes.INT()).notNull());
    });

    it("keeps ROW field names, types, nullability and descriptions", () => {
      const t = parseDataType("ROW(`a``b` INT NOT NULL 'it''s\nfine', c MAP<STRING, DOUBLE>)");
      expect(t.kind).to.equal("ROW");
      if (t.kind !== "ROW") return;
      expect(t.fields.map((f) => f.name)).to.deep.equal(["a`b", "c"]);
      expect(t.fields[0]!.description).to.equal("it's\nfine");
      expect(t.fields[0]!.type.isNullable).to.equal(false);
      expect("description" in t.fields[1]!).to.equal(false);
      expect(t).to.deep.equal(
        DataTypes.ROW(
          DataTypes.FIELD("a`b", DataTypes.INT().notNull(), "it's\nfine"),
          DataTypes.FIELD("c", DataTypes.MAP(DataTypes.STRING(), DataTypes.DOUBLE())),
        ),
      );
    });

    it("distinguishes TIMESTAMP kinds and keeps RAW strings", () => {
      expect(parseDataType("TIMESTAMP(3) WITH LOCAL TIME ZONE")).to.deep.equal(DataTypes.TIMESTAMP_LTZ(3));
      expect(parseDataType("TIMESTAMP(3) WITH TIME ZONE")).to.deep.equal(DataTypes.TIMESTAMP_WITH_TIME_ZONE(3));
      expect(parseDataType("TIMESTAMP(3)").equals(DataTypes.TIMESTAMP_LTZ(3))).to.equal(false);
      expect(parseDataType("RAW('a''b', 'c\nd')")).to.deep.equal(DataTypes.RAW("a'b", "c\nd"));
    });
  });

  describe("lexer", () => {
    it("tokenizes words, integers, quoted text and punctuation with offsets", () => {
      const tokens = tokenize(" ROW<`a``b` DECIMAL(5, 2) 'x''y'>");
      expect(tokens.map((t) => [t.kind, t.value, t.offset])).to.deep.equal([
        ["word", "ROW", 1],
        ["punct", "<", 4],
        ["quoted", "a`b", 5],
        ["word", "DECIMAL", 12],
        ["punct", "(", 19],
        ["int", "5", 20],
        ["punct", ",", 21],
        ["int", "2", 23],
        ["punct", ")", 24],
        ["string", "x'y", 26],
        ["punct", ">", 32],
        ["end", "", 33],
      ]);
    });
  });
});

describe("types: other dialects' spellings say what to write", () => {
  const message = (text: string): string => {
    try {
      parseDataType(text);
    } catch (e) {
      return (e as { issues: { message: string }[] }).issues[0]!.message;
    }
    throw new Error(`${text} parsed`);
  };
  it("FLOAT64 → DOUBLE, VARCHAR(MAX) → STRING, STRING(n) → VARCHAR(n), INT(11) → INT", () => {
    expect(message("FLOAT64")).to.equal('unexpected "FLOAT64" at offset 0, expected a type (FLOAT64 is not a Flink type: write DOUBLE)');
    expect(message("VARCHAR(MAX)")).to.equal('unexpected "MAX" at offset 8, expected a length (write STRING (or BYTES) for an unbounded length, not MAX)');
    expect(message("STRING(100)")).to.equal('unexpected "(" at offset 6, expected NOT NULL, NULL, ARRAY, MULTISET or end of input (STRING takes no length: write VARCHAR(n) for a bounded one)');
    expect(message("INT(11)")).to.equal('unexpected "(" at offset 3, expected NOT NULL, NULL, ARRAY, MULTISET or end of input (INT takes no length or display width: write INT)');
  });

  it("the zoned timestamps of other tools (TIMESTAMP_WITH_TZ, TIMESTAMP_TZ, ...) → TIMESTAMP_LTZ(p) (new-user trial: no hint)", () => {
    for (const name of ["TIMESTAMP_WITH_TZ", "TIMESTAMP_TZ", "TIMESTAMP_WITH_TIME_ZONE", "TIMESTAMP_WITH_LOCAL_TIME_ZONE"]) {
      expect(message(`${name}(3)`)).to.equal(`unexpected "${name}" at offset 0, expected a type (${name} is not a Flink type: write TIMESTAMP_LTZ(p), e.g. TIMESTAMP_LTZ(6))`);
    }
  });
});
