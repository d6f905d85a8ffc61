/**
 * `parseDataType`: Flink SQL type text to a `DataType`. The grammar, keywords and defaults follow
 * flink `flink-table/flink-table-common/src/main/java/org/apache/flink/table/types/logical/utils/LogicalTypeParser.java`
 * and the DDL grammar of flink `flink-table/flink-sql-parser/src/main/codegen/includes/parserImpls.ftl`
 * (`ExtendedDataType`); results are built with `DataTypes`, which holds every range check.
 */
import { FlinkIcebergValidationError, isValidationError } from "../validation/error.js";
import { listed } from "../validation/name-list.js";
import type { DataType, IntervalResolution, RowField } from "./data-type.js";
import { MAX_LENGTH } from "./data-type.js";
import { checkIdentifier, DataTypes } from "./datatypes.js";
import { syntaxError, tokenize } from "./lexer.js";
import { TokenCursor } from "./token-cursor.js";

/**
 * Deepest nesting `parseDataType` accepts (ARRAY/MULTISET/MAP/ROW levels, postfix `ARRAY` and
 * `MULTISET` included); deeper text is rejected rather than exhausting the stack.
 */
export const MAX_TYPE_NESTING = 128;

const INTERVAL_UNITS = "YEAR, MONTH, DAY, HOUR, MINUTE or SECOND";

/**
 * Successful parses by exact text. DataTypes are frozen, so sharing one is safe; programs repeat
 * a few type texts over many columns and tables (BENCHMARKS.md). Errors are not cached.
 */
const parsedTypes = new Map<string, DataType>();
const PARSED_TYPES_MAX = 4096;

/**
 * Parses Flink SQL type text (case-insensitive keywords, any surrounding whitespace) into a
 * frozen `DataType` whose `toString()` is the canonical text. Accepts every Flink logical type:
 *
 * - `BOOLEAN`, `TINYINT`, `SMALLINT`, `INT`/`INTEGER`, `BIGINT`, `FLOAT`, `DOUBLE [PRECISION]`, `DATE`, `NULL`, `VARIANT` (Flink 2.1);
 * - `CHAR[(n)]`, `VARCHAR[(n)]`, `BINARY[(n)]`, `VARBINARY[(n)]` (n 1..2147483647; default 1 for
 *   CHAR and BINARY, 2147483647 for VARCHAR and VARBINARY, so a bare `VARCHAR` is `STRING` and a
 *   bare `VARBINARY` is `BYTES` as in Flink SQL DDL: flink `table/planner/.../calcite/FlinkTypeSystem`
 *   `getDefaultPrecision`; Flink's docs and facts §8 say 1, which is the Table API type parser's default),
 *   `STRING` (= `VARCHAR(2147483647)`), `BYTES` (= `VARBINARY(2147483647)`);
 * - `DECIMAL`/`DEC`/`NUMERIC[(p[, s])]` (p 1..38, default 10; s 0..p, default 0);
 * - `TIME[(p)] [WITHOUT TIME ZONE]` (p 0..9, default 0); `TIMESTAMP[(p)] [WITHOUT TIME ZONE]`,
 *   `TIMESTAMP_LTZ[(p)]`, `TIMESTAMP[(p)] WITH LOCAL TIME ZONE`, `TIMESTAMP[(p)] WITH TIME ZONE`
 *   (p 0..9, default 6);
 * - `INTERVAL YEAR[(p)] [TO MONTH]`, `INTERVAL MONTH`, `INTERVAL DAY[(p)] [TO HOUR | TO MINUTE |
 *   TO SECOND[(f)]]`, `INTERVAL HOUR [TO MINUTE | TO SECOND[(f)]]`, `INTERVAL MINUTE [TO SECOND[(f)]]`,
 *   `INTERVAL SECOND[(f)]` (year p 1..4, day p 1..6, both default 2; f 0..9, default 6);
 * - `ARRAY<T>`, `MULTISET<T>`, postfix `T ARRAY` / `T MULTISET` (chainable), `MAP<K, V>`;
 * - `ROW<name T ['description'], ...>` and `ROW(...)`: names bare words or back-quoted (a doubled
 *   back-tick is one back-tick), checked by `checkIdentifier` and unique; descriptions are string
 *   literals with `''` for a quote;
 * - `RAW('class', 'serializer snapshot')`;
 * - a `NOT NULL` or `NULL` suffix after any type, nested ones included (`ARRAY<INT NOT NULL>`).
 *
 * Unlike Flink, a bare field name may be a keyword (`ROW<value INT>`): the canonical text back-quotes it.
 * User-defined (catalog-qualified), STRUCTURED, LEGACY, DESCRIPTOR and BITMAP types are not accepted.
 *
 * @throws FlinkIcebergValidationError for bad syntax (`unexpected ">" at offset 12, expected a type`),
 *   out-of-range parameters (the `DataTypes` message plus ` (at offset N)`), bad or duplicate ROW
 *   field names, `NULL NOT NULL`, and nesting deeper than `MAX_TYPE_NESTING`. Offsets are 0-based
 *   UTF-16 positions in `text`.
 */
export function parseDataType(text: string): DataType {
  if (typeof text !== "string") {
    throw new FlinkIcebergValidationError([{ path: "", message: `type text must be a string, got ${typeof text}` }]);
  }
  const cached = parsedTypes.get(text);
  if (cached !== undefined) return cached;
  const parser = new Parser(tokenize(text));
  const type = parser.parseType(0, "a type");
  parser.expectEnd();
  if (parsedTypes.size >= PARSED_TYPES_MAX) parsedTypes.clear();
  parsedTypes.set(text, type);
  return type;
}


/** Runs a factory call, adding the offset of the text it came from to a validation error. */
function at<T>(offset: number, build: () => T): T {
  try {
    return build();
  } catch (e) {
    if (!isValidationError(e)) throw e;
    throw new FlinkIcebergValidationError(e.issues.map((i) => ({ path: i.path, message: `${i.message} (at offset ${offset})` })));
  }
}

class Parser extends TokenCursor {
  /** At the end of the input. */
  expectEnd(): void {
    if (this.peek().kind !== "end") syntaxError(this.peek(), "NOT NULL, NULL, ARRAY, MULTISET or end of input", this.tokens[this.pos - 1]?.value);
  }

  /** A type with its nullability suffix and any postfix ARRAY / MULTISET. */
  parseType(depth: number, expected: string): DataType {
    if (depth > MAX_TYPE_NESTING) this.tooDeep();
    let type = this.nullability(this.parseBase(depth, expected));
    while (this.isWord("ARRAY") || this.isWord("MULTISET")) {
      if (++depth > MAX_TYPE_NESTING) this.tooDeep();
      const word = this.next().value.toUpperCase();
      type = this.nullability(word === "ARRAY" ? DataTypes.ARRAY(type) : DataTypes.MULTISET(type));
    }
    return type;
  }

  private tooDeep(): never {
    throw new FlinkIcebergValidationError([
      { path: "", message: `type nesting is deeper than ${MAX_TYPE_NESTING} levels at offset ${this.peek().offset}` },
    ]);
  }

  private nullability(type: DataType): DataType {
    if (this.isWord("NOT")) {
      const offset = this.next().offset;
      this.expectWord("NULL");
      return at(offset, () => type.notNull());
    }
    if (this.isWord("NULL")) this.next();
    return type;
  }

  /** An optional `(n)`; `undefined` when absent. */
  private optionalParam(what: string): { value: number; offset: number } | undefined {
    if (!this.isPunct("(")) return undefined;
    this.next();
    const n = this.expectInt(what);
    this.expectPunct(")");
    return n;
  }

  private parseBase(depth: number, expected: string): DataType {
    const t = this.peek();
    if (t.kind !== "word") syntaxError(t, expected);
    this.next();
    const o = t.offset;
    switch (t.value.toUpperCase()) {
      case "BOOLEAN":
        return DataTypes.BOOLEAN();
      case "TINYINT":
        return DataTypes.TINYINT();
      case "SMALLINT":
        return DataTypes.SMALLINT();
      case "INT":
      case "INTEGER":
        return DataTypes.INT();
      case "BIGINT":
        return DataTypes.BIGINT();
      case "FLOAT":
        return DataTypes.FLOAT();
      case "DOUBLE":
        if (this.isWord("PRECISION")) this.next();
        return DataTypes.DOUBLE();
      case "DATE":
        return DataTypes.DATE();
      case "NULL":
        return DataTypes.NULL();
      case "VARIANT":
        return DataTypes.VARIANT();
      case "STRING":
        return DataTypes.STRING();
      case "BYTES":
        return DataTypes.BYTES();
      case "CHAR":
      case "VARCHAR":
      case "BINARY":
      case "VARBINARY": {
        const kind = t.value.toUpperCase() as "CHAR" | "VARCHAR" | "BINARY" | "VARBINARY";
        const n = this.optionalParam("a length");
        const offset = n?.offset ?? o;
        // Bare VARCHAR / VARBINARY are STRING / BYTES in Flink SQL (FlinkTypeSystem.getDefaultPrecision
        // gives them Integer.MAX_VALUE); bare CHAR / BINARY have length 1.
        const length = n?.value ?? (kind === "VARCHAR" || kind === "VARBINARY" ? MAX_LENGTH : 1);
        return at(offset, () => DataTypes[kind](length));
      }
      case "DECIMAL":
      case "DEC":
      case "NUMERIC":
        return this.parseDecimal(o);
      case "TIME":
        return this.parseTime(o);
      case "TIMESTAMP":
        return this.parseTimestamp(o);
      case "TIMESTAMP_LTZ": {
        const p = this.optionalParam("a precision");
        return at(p?.offset ?? o, () => DataTypes.TIMESTAMP_LTZ(p?.value ?? 6));
      }
      case "INTERVAL":
        return this.parseInterval();
      case "ARRAY":
      case "MULTISET": {
        this.expectPunct("<", `"<" (or write T ${t.value.toUpperCase()})`);
        const element = this.parseType(depth + 1, "a type");
        this.expectPunct(">", `NOT NULL, NULL, ARRAY, MULTISET or ">"`);
        return t.value.toUpperCase() === "ARRAY" ? DataTypes.ARRAY(element) : DataTypes.MULTISET(element);
      }
      case "MAP": {
        this.expectPunct("<");
        const key = this.parseType(depth + 1, "a type");
        this.expectPunct(",", `NOT NULL, NULL, ARRAY, MULTISET or ","`);
        const value = this.parseType(depth + 1, "a type");
        this.expectPunct(">", `NOT NULL, NULL, ARRAY, MULTISET or ">"`);
        return DataTypes.MAP(key, value);
      }
      case "ROW":
        return this.parseRow(depth);
      case "RAW":
        return this.parseRaw(o);
      default:
        return syntaxError(t, expected);
    }
  }

  private parseDecimal(o: number): DataType {
    let p = 10;
    let s = 0;
    let offset = o;
    if (this.isPunct("(")) {
      this.next();
      const precision = this.expectInt("a precision");
      p = precision.value;
      offset = precision.offset;
      if (this.isPunct(",")) {
        this.next();
        s = this.expectInt("a scale").value;
      }
      this.expectPunct(")", `"," or ")"`);
    }
    return at(offset, () => DataTypes.DECIMAL(p, s));
  }

  private parseTime(o: number): DataType {
    const p = this.optionalParam("a precision");
    if (this.isWord("WITH")) syntaxError(this.peek(), "WITHOUT TIME ZONE (Flink has no TIME WITH TIME ZONE)");
    if (this.isWord("WITHOUT")) this.timeZone("WITHOUT");
    return at(p?.offset ?? o, () => DataTypes.TIME(p?.value ?? 0));
  }

  private timeZone(first: "WITH" | "WITHOUT"): void {
    this.expectWord(first);
    this.expectWord("TIME");
    this.expectWord("ZONE");
  }

  private parseTimestamp(o: number): DataType {
    const p = this.optionalParam("a precision");
    const offset = p?.offset ?? o;
    const precision = p?.value ?? 6;
    if (this.isWord("WITHOUT")) {
      this.timeZone("WITHOUT");
    } else if (this.isWord("WITH")) {
      this.next();
      if (this.isWord("LOCAL")) {
        this.next();
        this.expectWord("TIME");
        this.expectWord("ZONE");
        return at(offset, () => DataTypes.TIMESTAMP_LTZ(precision));
      }
      this.expectWord("TIME", "LOCAL or TIME");
      this.expectWord("ZONE");
      return at(offset, () => DataTypes.TIMESTAMP_WITH_TIME_ZONE(precision));
    }
    return at(offset, () => DataTypes.TIMESTAMP(precision));
  }

  private parseInterval(): DataType {
    const unit = this.peek();
    if (unit.kind !== "word") syntaxError(unit, INTERVAL_UNITS);
    const name = unit.value.toUpperCase();
    const build = (resolution: IntervalResolution, p?: { value: number; offset: number }, f?: { value: number; offset: number }): DataType =>
      at(f?.offset ?? p?.offset ?? unit.offset, () => DataTypes.INTERVAL(resolution, p?.value ?? 2, f?.value ?? 6));
    switch (name) {
      case "YEAR": {
        this.next();
        const p = this.optionalParam("a year precision");
        if (!this.isWord("TO")) return build("YEAR", p);
        this.next();
        this.expectWord("MONTH");
        return build("YEAR_TO_MONTH", p);
      }
      case "MONTH":
        this.next();
        return build("MONTH");
      case "DAY": {
        this.next();
        const p = this.optionalParam("a day precision");
        if (!this.isWord("TO")) return build("DAY", p);
        this.next();
        const end = this.intervalEnd(["HOUR", "MINUTE", "SECOND"]);
        if (end === "SECOND") return build("DAY_TO_SECOND", p, this.optionalParam("a fractional precision"));
        return build(end === "HOUR" ? "DAY_TO_HOUR" : "DAY_TO_MINUTE", p);
      }
      case "HOUR": {
        this.next();
        if (!this.isWord("TO")) return build("HOUR");
        this.next();
        const end = this.intervalEnd(["MINUTE", "SECOND"]);
        if (end === "SECOND") return build("HOUR_TO_SECOND", undefined, this.optionalParam("a fractional precision"));
        return build("HOUR_TO_MINUTE");
      }
      case "MINUTE": {
        this.next();
        if (!this.isWord("TO")) return build("MINUTE");
        this.next();
        this.intervalEnd(["SECOND"]);
        return build("MINUTE_TO_SECOND", undefined, this.optionalParam("a fractional precision"));
      }
      case "SECOND":
        this.next();
        return build("SECOND", undefined, this.optionalParam("a fractional precision"));
      default:
        return syntaxError(unit, INTERVAL_UNITS);
    }
  }

  /** The unit after `TO`, one of `allowed`. */
  private intervalEnd(allowed: readonly string[]): string {
    const t = this.peek();
    const expected = listed(allowed, "or");
    if (t.kind !== "word" || !allowed.includes(t.value.toUpperCase())) syntaxError(t, expected);
    this.next();
    return t.value.toUpperCase();
  }

  private parseRow(depth: number): DataType {
    const open = this.peek();
    if (!this.isPunct("<") && !this.isPunct("(")) syntaxError(open, `"<" or "("`);
    this.next();
    const close = open.value === "<" ? ">" : ")";
    const fields: RowField[] = [];
    const seen = new Set<string>();
    if (this.isPunct(close)) {
      this.next();
      return DataTypes.ROW();
    }
    for (;;) {
      const nameToken = this.peek();
      if (nameToken.kind !== "word" && nameToken.kind !== "quoted") syntaxError(nameToken, "a field name");
      this.next();
      const name = at(nameToken.offset, () => checkIdentifier("ROW field name", nameToken.value));
      if (seen.has(name)) {
        throw new FlinkIcebergValidationError([
          { path: "", message: `ROW field name ${JSON.stringify(name)} appears twice; field names must be unique (at offset ${nameToken.offset})` },
        ]);
      }
      seen.add(name);
      const type = this.parseType(depth + 1, "a type");
      let description: string | undefined;
      if (this.peek().kind === "string") description = this.next().value;
      fields.push(DataTypes.FIELD(name, type, description));
      if (this.isPunct(",")) {
        this.next();
        continue;
      }
      const options = description === undefined ? "NOT NULL, NULL, ARRAY, MULTISET, a description, " : "";
      this.expectPunct(close, `${options}"," or "${close}"`);
      return DataTypes.ROW(...fields);
    }
  }

  private parseRaw(o: number): DataType {
    this.expectPunct("(");
    const className = this.peek();
    if (className.kind !== "string") syntaxError(className, "a class name string");
    this.next();
    this.expectPunct(",");
    const snapshot = this.peek();
    if (snapshot.kind !== "string") syntaxError(snapshot, "a serializer snapshot string");
    this.next();
    this.expectPunct(")");
    return at(o, () => DataTypes.RAW(className.value, snapshot.value));
  }
}
