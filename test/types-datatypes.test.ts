import { expect } from "chai";
import { isDataType, quoteIdentifier, quoteLiteral, type DataType } from "../src/types/data-type.js";
import { checkIdentifier, checkRange, DataTypes } from "../src/types/datatypes.js";
import { FlinkIcebergValidationError } from "../src/validation/error.js";

function errorOf(build: () => unknown): string {
  try {
    build();
  } catch (e) {
    expect(e).to.be.instanceOf(FlinkIcebergValidationError);
    return (e as Error).message;
  }
  expect.fail("expected a FlinkIcebergValidationError");
}

describe("types: DataTypes factory", () => {
  describe("defaults and canonical text", () => {
    const table: ReadonlyArray<readonly [DataType, string]> = [
      [DataTypes.BOOLEAN(), "BOOLEAN"],
      [DataTypes.TINYINT(), "TINYINT"],
      [DataTypes.SMALLINT(), "SMALLINT"],
      [DataTypes.INT(), "INT"],
      [DataTypes.BIGINT(), "BIGINT"],
      [DataTypes.FLOAT(), "FLOAT"],
      [DataTypes.DOUBLE(), "DOUBLE"],
      [DataTypes.DATE(), "DATE"],
      [DataTypes.NULL(), "NULL"],
      [DataTypes.CHAR(), "CHAR(1)"],
      [DataTypes.VARCHAR(), "STRING"],
      [DataTypes.VARCHAR(2147483647), "STRING"],
      [DataTypes.STRING(), "STRING"],
      [DataTypes.CHAR(2147483647), "CHAR(2147483647)"],
      [DataTypes.BINARY(), "BINARY(1)"],
      [DataTypes.VARBINARY(), "BYTES"],
      [DataTypes.VARBINARY(2147483647), "BYTES"],
      [DataTypes.BYTES(), "BYTES"],
      [DataTypes.DECIMAL(), "DECIMAL(10, 0)"],
      [DataTypes.DECIMAL(5), "DECIMAL(5, 0)"],
      [DataTypes.DECIMAL(38, 38), "DECIMAL(38, 38)"],
      [DataTypes.TIME(), "TIME(0)"],
      [DataTypes.TIMESTAMP(), "TIMESTAMP(6)"],
      [DataTypes.TIMESTAMP_LTZ(), "TIMESTAMP_LTZ(6)"],
      [DataTypes.TIMESTAMP_WITH_TIME_ZONE(), "TIMESTAMP(6) WITH TIME ZONE"],
      [DataTypes.INTERVAL("YEAR"), "INTERVAL YEAR(2)"],
      [DataTypes.INTERVAL("DAY_TO_SECOND"), "INTERVAL DAY(2) TO SECOND(6)"],
      [DataTypes.ARRAY(DataTypes.INT().notNull()), "ARRAY<INT NOT NULL>"],
      [DataTypes.MULTISET(DataTypes.STRING()), "MULTISET<STRING>"],
      [DataTypes.MAP(DataTypes.STRING().notNull(), DataTypes.BIGINT()).notNull(), "MAP<STRING NOT NULL, BIGINT> NOT NULL"],
      [DataTypes.ROW(), "ROW<>"],
      [DataTypes.ROW(DataTypes.FIELD("a", DataTypes.INT()), DataTypes.FIELD("b`c", DataTypes.DATE(), "it's")), "ROW<`a` INT, `b``c` DATE 'it''s'>"],
      [DataTypes.RAW("a.B", "AAA="), "RAW('a.B', 'AAA=')"],
    ];
    for (const [t, text] of table) {
      it(`${text}`, () => {
        expect(t.toString()).to.equal(text);
        expect(Object.isFrozen(t)).to.equal(true);
        expect(isDataType(t)).to.equal(true);
      });
    }
  });

  describe("range checks", () => {
    const table: ReadonlyArray<readonly [string, () => unknown, string]> = [
      ["CHAR(0)", () => DataTypes.CHAR(0), "CHAR length 0 is out of range: it must be an integer from 1 to 2147483647"],
      ["VARCHAR(2^31)", () => DataTypes.VARCHAR(2147483648), "VARCHAR length 2147483648 is out of range: it must be an integer from 1 to 2147483647"],
      ["BINARY(1.5)", () => DataTypes.BINARY(1.5), "BINARY length 1.5 is out of range: it must be an integer from 1 to 2147483647"],
      ["VARBINARY(NaN)", () => DataTypes.VARBINARY(NaN), "VARBINARY length NaN is out of range"],
      ["DECIMAL(39)", () => DataTypes.DECIMAL(39), "DECIMAL precision 39 is out of range: it must be an integer from 1 to 38 (max 38 digits in Flink and Iceberg)"],
      ["DECIMAL(0)", () => DataTypes.DECIMAL(0), "DECIMAL precision 0 is out of range: it must be an integer from 1 to 38"],
      ["DECIMAL(5, 7)", () => DataTypes.DECIMAL(5, 7), "DECIMAL scale 7 > precision 5: the scale must be an integer from 0 to the precision (5)"],
      ["DECIMAL(5, -1)", () => DataTypes.DECIMAL(5, -1), "DECIMAL scale -1 is out of range: it must be an integer from 0 to 5"],
      ["DECIMAL(5, 1.5)", () => DataTypes.DECIMAL(5, 1.5), "DECIMAL scale 1.5 is out of range: it must be an integer from 0 to 5"],
      ["TIME(10)", () => DataTypes.TIME(10), "TIME precision 10 is out of range: it must be an integer from 0 to 9"],
      ["TIMESTAMP(-1)", () => DataTypes.TIMESTAMP(-1), "TIMESTAMP precision -1 is out of range: it must be an integer from 0 to 9"],
      ["TIMESTAMP_LTZ(10)", () => DataTypes.TIMESTAMP_LTZ(10), "TIMESTAMP_LTZ precision 10 is out of range"],
      ["TIMESTAMP_WITH_TIME_ZONE(10)", () => DataTypes.TIMESTAMP_WITH_TIME_ZONE(10), "TIMESTAMP WITH TIME ZONE precision 10 is out of range"],
      ["INTERVAL YEAR(5)", () => DataTypes.INTERVAL("YEAR", 5), "INTERVAL year precision 5 is out of range: it must be an integer from 1 to 4"],
      ["INTERVAL MONTH(0)", () => DataTypes.INTERVAL("MONTH", 0), "INTERVAL year precision 0 is out of range: it must be an integer from 1 to 4"],
      ["INTERVAL DAY(7)", () => DataTypes.INTERVAL("DAY", 7), "INTERVAL day precision 7 is out of range: it must be an integer from 1 to 6"],
      ["INTERVAL SECOND(f=10)", () => DataTypes.INTERVAL("SECOND", 2, 10), "INTERVAL fractional precision 10 is out of range: it must be an integer from 0 to 9"],
      ["INTERVAL WEEK", () => DataTypes.INTERVAL("WEEK" as "DAY"), 'INTERVAL resolution "WEEK" is not one of YEAR, YEAR_TO_MONTH, MONTH, DAY'],
      ["NULL NOT NULL", () => DataTypes.NULL().notNull(), "the NULL type is always nullable: NULL NOT NULL is not a Flink type"],
      ["ARRAY of a string", () => DataTypes.ARRAY("INT" as unknown as DataType), "ARRAY element type must be a DataType (build it with DataTypes or parseDataType), got string"],
      ["MAP value undefined", () => DataTypes.MAP(DataTypes.INT(), undefined as unknown as DataType), "MAP value type must be a DataType"],
      ["ROW duplicate", () => DataTypes.ROW(DataTypes.FIELD("a", DataTypes.INT()), DataTypes.FIELD("a", DataTypes.DATE())), 'ROW field name "a" appears twice; field names must be unique'],
      ["ROW unchecked field", () => DataTypes.ROW({ name: "", type: DataTypes.INT() }), "ROW field name must be a non-empty string"],
      ["FIELD empty name", () => DataTypes.FIELD("", DataTypes.INT()), "ROW field name must be a non-empty string"],
      ["FIELD LF", () => DataTypes.FIELD("a\nb", DataTypes.INT()), 'ROW field name "a\\nb" contains a line break (CR or LF)'],
      ["FIELD blank", () => DataTypes.FIELD(" \t\u2003", DataTypes.INT()), "is only whitespace"],
      ["FIELD 257", () => DataTypes.FIELD("y".repeat(257), DataTypes.INT()), "is 257 characters long; Flink identifiers hold at most 256"],
      ["FIELD bad type", () => DataTypes.FIELD("a", null as unknown as DataType), 'type of ROW field "a" must be a DataType'],
      ["FIELD bad description", () => DataTypes.FIELD("a", DataTypes.INT(), 5 as unknown as string), 'description of ROW field "a" must be a string'],
      ["RAW empty class", () => DataTypes.RAW("", "x"), "RAW class name must be a non-empty string"],
      ["RAW empty snapshot", () => DataTypes.RAW("a.B", ""), "RAW serializer snapshot must be a non-empty string"],
    ];
    for (const [name, build, message] of table) {
      it(`${name} fails with ${JSON.stringify(message)}`, () => {
        expect(errorOf(build)).to.include(message);
      });
    }

    it("accepts the bounds", () => {
      expect(DataTypes.CHAR(1).length).to.equal(1);
      expect(DataTypes.VARBINARY(2147483647).length).to.equal(2147483647);
      expect(DataTypes.DECIMAL(1, 0).toString()).to.equal("DECIMAL(1, 0)");
      expect(DataTypes.DECIMAL(38, 0).toString()).to.equal("DECIMAL(38, 0)");
      expect(DataTypes.TIME(9).toString()).to.equal("TIME(9)");
      expect(DataTypes.TIMESTAMP(0).toString()).to.equal("TIMESTAMP(0)");
      expect(DataTypes.INTERVAL("YEAR_TO_MONTH", 4).toString()).to.equal("INTERVAL YEAR(4) TO MONTH");
      expect(DataTypes.INTERVAL("DAY_TO_SECOND", 6, 0).toString()).to.equal("INTERVAL DAY(6) TO SECOND(0)");
      expect(DataTypes.INTERVAL("DAY", 1).toString()).to.equal("INTERVAL DAY(1)");
    });
  });

  describe("checkRange and checkIdentifier", () => {
    it("checkRange returns the value or names it and the range", () => {
      expect(checkRange("X", 3, 1, 5)).to.equal(3);
      expect(errorOf(() => checkRange("X", 6, 1, 5))).to.equal("X 6 is out of range: it must be an integer from 1 to 5");
    });

    it("checkIdentifier counts UTF-16 code units like Java and Calcite", () => {
      expect(checkIdentifier("name", "😀".repeat(128))).to.have.length(256);
      expect(errorOf(() => checkIdentifier("name", "😀".repeat(128) + "a"))).to.include("is 257 characters long");
    });

    it("checkIdentifier accepts quotes, back-ticks, inner spaces, non-breaking space and reserved words", () => {
      for (const n of ["a`b", "it's", " a ", "\u00a0", "value", "NOT NULL", "名前"]) expect(checkIdentifier("name", n)).to.equal(n);
    });
  });

  describe("nullability, equality, immutability", () => {
    it("notNull / nullable return frozen copies and leave the original alone", () => {
      const t = DataTypes.DECIMAL(10, 2);
      const nn = t.notNull();
      expect(nn.toString()).to.equal("DECIMAL(10, 2) NOT NULL");
      expect(t.toString()).to.equal("DECIMAL(10, 2)");
      expect(nn.isNullable).to.equal(false);
      expect(nn).to.be.instanceOf(t.constructor);
      expect(Object.isFrozen(nn)).to.equal(true);
      expect(nn.nullable()).to.deep.equal(t);
      expect(t.nullable()).to.equal(t);
      expect(nn.notNull()).to.equal(nn);
    });

    it("equals compares structure, nullability, names and descriptions", () => {
      const row = (d?: string): DataType => DataTypes.ROW(DataTypes.FIELD("a", DataTypes.INT(), d));
      expect(row().equals(row())).to.equal(true);
      expect(row("x").equals(row())).to.equal(false);
      expect(row("x").equals(row("y"))).to.equal(false);
      expect(DataTypes.INT().equals(DataTypes.INT().notNull())).to.equal(false);
      expect(DataTypes.CHAR(3).equals(DataTypes.VARCHAR(3))).to.equal(false);
      expect(DataTypes.ARRAY(DataTypes.INT()).equals(DataTypes.MULTISET(DataTypes.INT()))).to.equal(false);
      expect(DataTypes.INT().equals("INT" as unknown as DataType)).to.equal(false);
    });

    it("INTERVAL resets parameters its resolution does not carry, so equal text means deep-equal", () => {
      expect(DataTypes.INTERVAL("MONTH", 4)).to.deep.equal(DataTypes.INTERVAL("MONTH"));
      expect(DataTypes.INTERVAL("DAY_TO_HOUR", 3, 1)).to.deep.equal(DataTypes.INTERVAL("DAY_TO_HOUR", 3));
      expect(DataTypes.INTERVAL("HOUR_TO_SECOND", 5, 3)).to.deep.equal(DataTypes.INTERVAL("HOUR_TO_SECOND", 2, 3));
      expect(DataTypes.INTERVAL("DAY_TO_SECOND", 5, 3).precision).to.equal(5);
    });

    it("ROW fields are frozen and omit an absent description", () => {
      const fields = [DataTypes.FIELD("a", DataTypes.INT())];
      const row = DataTypes.ROW(...fields);
      expect(Object.isFrozen(row.fields)).to.equal(true);
      expect(Object.isFrozen(row.fields[0])).to.equal(true);
      expect(Object.keys(row.fields[0]!)).to.deep.equal(["name", "type"]);
      fields.push(DataTypes.FIELD("b", DataTypes.INT()));
      expect(row.fields).to.have.length(1);
    });
  });

  describe("quoting", () => {
    it("quoteIdentifier doubles back-ticks", () => {
      expect(quoteIdentifier("we`ird")).to.equal("`we``ird`");
      expect(quoteIdentifier("``")).to.equal("``````");
      expect(quoteIdentifier("it's")).to.equal("`it's`");
    });

    it("quoteLiteral doubles single quotes and keeps line breaks and backslashes", () => {
      expect(quoteLiteral("it's")).to.equal("'it''s'");
      expect(quoteLiteral("a\\n\nb")).to.equal("'a\\n\nb'");
      expect(quoteLiteral("")).to.equal("''");
    });
  });
});
