/**
 * The type Flink gives a SELECT item that is an expression, where it is certain: the common
 * aggregates, arithmetic over typed operands and a few built-in functions with a fixed result type
 * (insert-columns.ts checks it against the sink column it goes into, as a column's or a CAST's).
 * The rules, as Flink's validator types the calls (Calcite operators from flink
 * `FlinkSqlOperatorTable`, with flink `FlinkTypeSystem` as the type system):
 *
 * - `COUNT(...)`: BIGINT NOT NULL (calcite `SqlCountAggFunction`, ReturnTypes.BIGINT);
 * - `SUM(x)`, `AVG(x)`: x's type for TINYINT, SMALLINT, INT, BIGINT, FLOAT and DOUBLE (Flink does not
 *   widen them); DECIMAL(38, s) for SUM and DECIMAL(38, max(6, s)) for AVG of a DECIMAL(p, s) (calcite
 *   ReturnTypes.AGG_SUM / AVG_AGG_FUNCTION → FlinkTypeSystem.deriveSumType / deriveAvgAggType →
 *   flink `LogicalTypeMerging.findSumAggType` / `findAvgAggType`); `MIN(x)`, `MAX(x)`: x's type
 *   (calcite `SqlMinMaxAggFunction`, ARG0_NULLABLE_IF_EMPTY);
 * - `a + b`, `a - b`, `a * b`, `a / b` over numbers (calcite ReturnTypes.NULLABLE_SUM, PRODUCT_NULLABLE,
 *   QUOTIENT_NULLABLE): two integers give the wider one (LEAST_RESTRICTIVE, so `7 / 2` is an INT);
 *   a DOUBLE with any integer, DECIMAL or DOUBLE gives DOUBLE; an integer or DECIMAL with a DECIMAL
 *   gives the DECIMAL of FlinkTypeSystem.deriveDecimalPlusType / MultiplyType / DivideType, i.e.
 *   `LogicalTypeMerging.findAdditionDecimalType` (p = max(p1 - s1, p2 - s2) + max(s1, s2) + 1, s =
 *   max(s1, s2)), `findMultiplicationDecimalType` (p = p1 + p2 + 1, s = s1 + s2) and
 *   `findDivisionDecimalType` (s = max(6, s1 + p2 + 1), p = p1 - s1 + s2 + s), an integer read as
 *   DECIMAL(3 | 5 | 10 | 19, 0); `a % b` over two integers gives b's type (ReturnTypes.NULLABLE_MOD);
 * - `a || b` over strings: CHAR(n1 + n2) for two CHARs, else VARCHAR(n1 + n2), STRING past its length
 *   (ReturnTypes.DYADIC_STRING_SUM_PRECISION);
 * - CHAR_LENGTH / CHARACTER_LENGTH: INT; CONCAT, CONCAT_WS, DATE_FORMAT: STRING; UPPER / LOWER:
 *   their argument's type; SUBSTRING / SUBSTR (with commas): their argument's, a CHAR(n) as VARCHAR(n)
 *   (flink `FlinkReturnTypes.ARG0_VARCHAR_FORCE_NULLABLE`); EXTRACT, YEAR, QUARTER, MONTH, WEEK,
 *   DAYOFYEAR, DAYOFMONTH, DAYOFWEEK, HOUR, MINUTE, SECOND: BIGINT (calcite `SqlExtractFunction`,
 *   `SqlDatePartFunction`: BIGINT_NULLABLE); TO_TIMESTAMP: TIMESTAMP(3); TO_DATE: DATE;
 *   CURRENT_TIMESTAMP and NOW(): TIMESTAMP_LTZ(3) NOT NULL, LOCALTIMESTAMP: TIMESTAMP(3) NOT NULL,
 *   CURRENT_DATE: DATE NOT NULL (FlinkSqlOperatorTable `dynamicFunctions`);
 * - a literal as select-item-types.ts `literalType` types it, `CAST(... AS type)` as `castType`, a
 *   column of the FROM relation by its declared type, parentheses and a sign keep the type.
 *
 * Anything else leaves the whole item untyped: a FLOAT in arithmetic, a DECIMAL result past 38
 * digits (LogicalTypeMerging then trades scale for digits), DECIMAL `%`, date and interval
 * arithmetic, CASE, COALESCE, IF, OVER, another function, a function the job declares (a temporary
 * system function shadows a built-in one), a column the relation does not have, a quoted or
 * qualified function name. Nullability is not derived beyond the NOT NULL results above: the sink
 * check ignores it (types/casts.ts).
 *
 * Reads one SELECT item's code (literals blanked, quotes kept: split.ts `codeOnly(text, true)`) with
 * its text (same offsets), once, left to right; nothing else of the statement.
 */
import type { TableColumn } from "../components/table-definition.js";
import type { DataType } from "../types/data-type.js";
import { MAX_DECIMAL_PRECISION, MAX_LENGTH } from "../types/data-type.js";
import { DataTypes } from "../types/datatypes.js";
import { castType, INTEGER_DIGITS, literalType } from "./select-item-types.js";
import { closingParen, topLevelSplit, unquoteIdentifier } from "./top-level.js";

/** A typed expression: its type, and how Flink came to it (`as Flink types COUNT`), for messages. */
export interface DerivedType {
  readonly type: DataType;
  /** The rule of the outermost operation, undefined for a column or a literal. */
  readonly why?: string;
}

/** What names mean where the item stands. */
export interface TypingScope {
  /** The FROM relation's columns; empty without one. */
  readonly columns: readonly TableColumn[];
  /** The names that qualify them (insert-query.ts `qualifiers`). */
  readonly qualifiers: readonly string[];
  /** The functions the job declares, upper-cased: read on the first call of a function. */
  readonly functions: () => ReadonlySet<string>;
  /** A column's type: its declared one, or what the relation gives it (a window TVF's window_start: window-relation.ts). */
  readonly columnType: (c: TableColumn) => DataType | undefined;
}

const DATE_PARTS = new Set(["YEAR", "QUARTER", "MONTH", "WEEK", "DAYOFYEAR", "DAYOFMONTH", "DAYOFWEEK", "HOUR", "MINUTE", "SECOND"]);
const STRING_RESULTS = new Set(["CONCAT", "CONCAT_WS", "DATE_FORMAT"]);
/** Parenthesis-less functions (FlinkSqlOperatorTable `dynamicFunctions`, FlinkCurrentDateDynamicFunction). */
const NILADIC: ReadonlyMap<string, () => DataType> = new Map<string, () => DataType>([
  ["CURRENT_TIMESTAMP", () => DataTypes.TIMESTAMP_LTZ(3).notNull()],
  ["LOCALTIMESTAMP", () => DataTypes.TIMESTAMP(3).notNull()],
  ["CURRENT_DATE", () => DataTypes.DATE().notNull()],
]);

const WORD = /[A-Za-z_][A-Za-z0-9_$]*/y;
const QUOTED = /q+/y;
const NUMBER = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const SPACE = /\s*/y;

const isString = (t: DataType): boolean => t.kind === "CHAR" || t.kind === "VARCHAR";
const isExact = (t: DataType): boolean => INTEGER_DIGITS.has(t.kind) || t.kind === "DECIMAL";

/** A DECIMAL(p, s) of LogicalTypeMerging's rules, or undefined past 38 digits (where the versions' scale adjustments apply). */
function decimal(p: number, s: number): DataType | undefined {
  return p <= MAX_DECIMAL_PRECISION ? DataTypes.DECIMAL(p, s) : undefined;
}

/** `l op r` over numbers or strings (see the module comment), or undefined. */
function binaryType(op: string, l: DataType, r: DataType): DataType | undefined {
  if (op === "||") {
    if (!isString(l) || !isString(r)) return undefined;
    const length = (l as { length: number }).length + (r as { length: number }).length;
    if (l.kind === "CHAR" && r.kind === "CHAR") return length <= MAX_LENGTH ? DataTypes.CHAR(length) : undefined;
    return DataTypes.VARCHAR(Math.min(length, MAX_LENGTH));
  }
  const li = INTEGER_DIGITS.get(l.kind);
  const ri = INTEGER_DIGITS.get(r.kind);
  if (op === "%") return li !== undefined && ri !== undefined ? r.nullable() : undefined;
  if (li !== undefined && ri !== undefined) return (li >= ri ? l : r).nullable();
  if (isExact(l) && isExact(r)) {
    const [p1, s1] = l.kind === "DECIMAL" ? [l.precision, l.scale] : [li!, 0];
    const [p2, s2] = r.kind === "DECIMAL" ? [r.precision, r.scale] : [ri!, 0];
    if (op === "*") return decimal(p1 + p2 + 1, s1 + s2);
    if (op === "/") {
      const s = Math.max(6, s1 + p2 + 1);
      return decimal(p1 - s1 + s2 + s, s);
    }
    const s = Math.max(s1, s2);
    return decimal(Math.max(p1 - s1, p2 - s2) + s + 1, s);
  }
  const numeric = (t: DataType): boolean => isExact(t) || t.kind === "DOUBLE";
  if ((l.kind === "DOUBLE" && numeric(r)) || (r.kind === "DOUBLE" && numeric(l))) return DataTypes.DOUBLE();
  return undefined;
}

/** SUM / AVG / MIN / MAX of an argument of type `t`, or undefined. */
function aggregateType(name: string, t: DataType): DataType | undefined {
  if (name === "MIN" || name === "MAX") return t.nullable();
  if (!isExact(t) && t.kind !== "FLOAT" && t.kind !== "DOUBLE") return undefined;
  if (t.kind !== "DECIMAL") return t.nullable();
  return name === "SUM" ? DataTypes.DECIMAL(38, t.scale) : DataTypes.DECIMAL(38, Math.max(6, t.scale));
}

/** Reads one expression of code[start, end); each method returns undefined for what it does not type. */
class Reader {
  private pos: number;

  constructor(
    private readonly code: string,
    private readonly text: string,
    start: number,
    private readonly end: number,
    private readonly scope: TypingScope,
  ) {
    this.pos = start;
  }

  /** The whole span as one expression, or undefined. */
  whole(): DerivedType | undefined {
    const t = this.additive();
    this.space();
    return t !== undefined && this.pos === this.end ? t : undefined;
  }

  private space(): void {
    SPACE.lastIndex = this.pos;
    SPACE.exec(this.code);
    this.pos = Math.min(SPACE.lastIndex, this.end);
  }

  /** The operator at the reading position, if it is one of `ops`. */
  private operator(ops: readonly string[]): string | undefined {
    this.space();
    const op = ops.find((o) => this.code.startsWith(o, this.pos) && this.pos + o.length <= this.end);
    if (op !== undefined) this.pos += op.length;
    return op;
  }

  private additive(): DerivedType | undefined {
    return this.binary(["+", "-"], () => this.multiplicative());
  }

  private multiplicative(): DerivedType | undefined {
    return this.binary(["||", "*", "/", "%"], () => this.unary());
  }

  private binary(ops: readonly string[], operand: () => DerivedType | undefined): DerivedType | undefined {
    let left = operand();
    for (let op = this.operator(ops); left !== undefined && op !== undefined; op = this.operator(ops)) {
      const right = operand();
      const type = right === undefined ? undefined : binaryType(op, left.type, right.type);
      left = type === undefined ? undefined : { type, why: `as Flink types ${left.type.nullable().toString()} ${op} ${right!.type.nullable().toString()}` };
    }
    return left;
  }

  private unary(): DerivedType | undefined {
    const sign = this.operator(["-", "+"]);
    if (sign === undefined) return this.primary();
    const t = this.unary();
    return t !== undefined && (isExact(t.type) || t.type.kind === "DOUBLE" || t.type.kind === "FLOAT") ? t : undefined;
  }

  private primary(): DerivedType | undefined {
    this.space();
    const c = this.code[this.pos];
    if (c === "(") {
      const close = closingParen(this.code, this.pos);
      if (close < 0 || close >= this.end) return undefined;
      const inner = new Reader(this.code, this.text, this.pos + 1, close, this.scope).whole();
      this.pos = close + 1;
      return inner;
    }
    if (c === "'") return this.literal(this.pos);
    NUMBER.lastIndex = this.pos;
    const n = NUMBER.exec(this.code);
    if (n !== null && n.index === this.pos) {
      const start = this.pos;
      this.pos = Math.min(NUMBER.lastIndex, this.end);
      const type = literalType(this.code.slice(start, this.pos), this.text.slice(start, this.pos));
      return type === undefined ? undefined : { type };
    }
    return this.name();
  }

  /** A string literal starting at `start` (a prefix such as N or X, or DATE / TIMESTAMP and spaces, before its quote). */
  private literal(start: number): DerivedType | undefined {
    const open = this.code.indexOf("'", this.pos);
    const close = open < 0 ? -1 : this.code.indexOf("'", open + 1);
    if (close < 0 || close >= this.end) return undefined;
    this.pos = close + 1;
    const type = literalType(this.code.slice(start, this.pos), this.text.slice(start, this.pos));
    return type === undefined ? undefined : { type };
  }

  /** A name: a call, a typed literal, a parenthesis-less function, or a column (qualified or not). */
  private name(): DerivedType | undefined {
    const start = this.pos;
    const quoted = this.code[start] === "q" && this.text[start] === "`";
    const re = quoted ? QUOTED : WORD;
    re.lastIndex = start;
    if (re.exec(this.code) === null || re.lastIndex > this.end) return undefined;
    this.pos = re.lastIndex;
    const written = this.text.slice(start, this.pos);
    const word = written.toUpperCase();
    if (!quoted && this.code[this.pos] === "'") return this.literal(start);
    this.space();
    if (this.code[this.pos] === "(") return quoted ? undefined : this.call(word, start);
    if (!quoted && /^(?:DATE|TIME|TIMESTAMP)$/.test(word) && this.code[this.pos] === "'") return this.literal(start);
    if (!quoted && (word === "TRUE" || word === "FALSE")) return { type: DataTypes.BOOLEAN() };
    let qualifier: string | undefined;
    let name = unquoteIdentifier(written);
    if (this.code[this.pos] === ".") {
      this.pos++;
      this.space();
      const at = this.pos;
      const q = this.code[at] === "q" && this.text[at] === "`" ? QUOTED : WORD;
      q.lastIndex = at;
      if (q.exec(this.code) === null || q.lastIndex > this.end) return undefined;
      this.pos = q.lastIndex;
      qualifier = name;
      name = unquoteIdentifier(this.text.slice(at, this.pos));
    }
    if (qualifier !== undefined && !this.scope.qualifiers.includes(qualifier)) return undefined;
    const column = this.scope.columns.find((col) => col.name === name);
    const type = column === undefined ? undefined : this.scope.columnType(column);
    if (column !== undefined) return type === undefined ? undefined : { type };
    const niladic = quoted || qualifier !== undefined ? undefined : NILADIC.get(word);
    return niladic === undefined ? undefined : { type: niladic(), why: `as Flink types ${word}` };
  }

  /** The call of built-in `name`, written from `start`, whose `(` is at the reading position. */
  private call(name: string, start: number): DerivedType | undefined {
    const open = this.pos;
    const close = closingParen(this.code, open);
    if (close < 0 || close >= this.end) return undefined;
    this.pos = close + 1;
    if (name === "CAST" || name === "TRY_CAST") {
      const type = castType(this.code.slice(start, this.pos), this.text.slice(start, this.pos));
      return type === undefined ? undefined : { type };
    }
    if (this.scope.functions().has(name)) return undefined;
    const why = `as Flink types ${name}`;
    const args = (): [number, number][] => topLevelSplit(this.code, open + 1, close) ?? [];
    /** Argument i's type, `DISTINCT` / `ALL` before it skipped for an aggregate. */
    const arg = (i: number, aggregate = false): DataType | undefined => {
      const span = args()[i];
      if (span === undefined) return undefined;
      let [s] = span;
      const lead = aggregate ? /^\s*(?:DISTINCT|ALL)\s/i.exec(this.code.slice(s, span[1])) : null;
      if (lead !== null) s += lead[0].length;
      const cast = castType(this.code.slice(s, span[1]).trim(), this.text.slice(s, span[1]).trim());
      return cast ?? new Reader(this.code, this.text, s, span[1], this.scope).whole()?.type;
    };
    switch (name) {
      case "COUNT":
        return this.filtered() ? { type: DataTypes.BIGINT().notNull(), why } : undefined;
      case "SUM":
      case "AVG":
      case "MIN":
      case "MAX": {
        const t = args().length === 1 ? arg(0, true) : undefined;
        const type = t === undefined || !this.filtered() ? undefined : aggregateType(name, t);
        return type === undefined ? undefined : { type, why: `as Flink types ${name} of ${t!.nullable().toString()}` };
      }
      case "CHAR_LENGTH":
      case "CHARACTER_LENGTH":
        return { type: DataTypes.INT(), why };
      case "UPPER":
      case "LOWER": {
        const t = args().length === 1 ? arg(0) : undefined;
        return t !== undefined && isString(t) ? { type: t.nullable(), why } : undefined;
      }
      case "SUBSTRING":
      case "SUBSTR": {
        const n = args().length;
        const t = n === 2 || n === 3 ? arg(0) : undefined;
        if (t === undefined || !isString(t)) return undefined;
        return { type: t.kind === "CHAR" ? DataTypes.VARCHAR(t.length) : t.nullable(), why };
      }
      case "EXTRACT":
        return { type: DataTypes.BIGINT(), why };
      case "TO_TIMESTAMP":
        return { type: DataTypes.TIMESTAMP(3), why };
      case "TO_DATE":
        return { type: DataTypes.DATE(), why };
      case "NOW":
        return this.code.slice(open + 1, close).trim() === "" ? { type: DataTypes.TIMESTAMP_LTZ(3).notNull(), why } : undefined;
      default:
        if (DATE_PARTS.has(name)) return { type: DataTypes.BIGINT(), why };
        if (STRING_RESULTS.has(name)) return { type: DataTypes.STRING(), why };
        return undefined;
    }
  }

  /** After an aggregate call: skips a `FILTER (WHERE ...)`; false when it does not close within the span. */
  private filtered(): boolean {
    const filter = /\s*FILTER\s*\(/iy;
    filter.lastIndex = this.pos;
    if (filter.exec(this.code) === null) return true;
    const close = closingParen(this.code, filter.lastIndex - 1);
    if (close < 0 || close >= this.end) return false;
    this.pos = close + 1;
    return true;
  }
}

/**
 * The type Flink gives the expression `code` (a whole SELECT item without its alias; `text` the
 * same as written) and the rule it follows, or undefined where it is not certain (see the module comment).
 */
export function expressionType(code: string, text: string, scope: TypingScope): DerivedType | undefined {
  return new Reader(code, text, 0, code.length, scope).whole();
}
