/**
 * The type Flink gives a SELECT item that is an expression, where it is certain (insert-columns.ts
 * checks it against the sink column it goes into, as a column's or a CAST's). This file reads the
 * expression; the rules are operator-types.ts's (arithmetic, `||`, `%`, the aggregates, the least
 * restrictive type of several values) and function-types.ts's (built-in functions). Read here:
 *
 * - `COUNT(...)`: BIGINT NOT NULL (calcite `SqlCountAggFunction`, ReturnTypes.BIGINT); `SUM`, `AVG`,
 *   `MIN`, `MAX` of a typed argument (operator-types.ts aggregateType), also with DISTINCT and FILTER;
 * - `CASE [x] WHEN ... THEN a ... [ELSE b] END`: the least restrictive type of the THEN and ELSE
 *   values (calcite `SqlCaseOperator.inferReturnType` → flink `FlinkTypeFactory.leastRestrictive`);
 *   without ELSE, or with a NULL value, nullable (the parser's ELSE NULL);
 * - `CAST(x AS T)`: T; `TRY_CAST(x AS T)`: T, nullable (flink `SqlTryCastFunction`);
 * - comparisons (`=`, `<>`, `<`, ...), `LIKE`, `SIMILAR TO`, `BETWEEN`, `IN (list)`, `NOT`, `AND`,
 *   `OR`: BOOLEAN, nullable when an operand is (calcite ReturnTypes.BOOLEAN_NULLABLE, `SqlInOperator`,
 *   `SqlBetweenOperator`); `IS [NOT] NULL | TRUE | FALSE | UNKNOWN`, `IS [NOT] DISTINCT FROM`:
 *   BOOLEAN NOT NULL (BOOLEAN_NOT_NULL, ReturnTypes.BOOLEAN);
 * - `TRIM([BOTH | LEADING | TRAILING [c] FROM] s)`: s's type, a CHAR(n) as VARCHAR(n) (calcite
 *   `SqlTrimFunction`: ARG2, TO_NULLABLE, TO_VARYING); `SUBSTRING(s FROM i [FOR n])` likewise;
 *   `POSITION(a IN b)`: INT (calcite `SqlPositionFunction`, INTEGER_NULLABLE); `FLOOR(t TO unit)`,
 *   `CEIL(t TO unit)` of a TIMESTAMP, TIMESTAMP_LTZ or DATE: t's type (SqlFloorFunction, ARG0);
 *   `EXTRACT(unit FROM t)`: BIGINT (`SqlExtractFunction`);
 * - CURRENT_TIMESTAMP: TIMESTAMP_LTZ(3) NOT NULL, LOCALTIMESTAMP: TIMESTAMP(3) NOT NULL,
 *   CURRENT_DATE: DATE NOT NULL (flink FlinkSqlOperatorTable `dynamicFunctions`);
 * - a literal as select-item-types.ts `literalType` types it (NOT NULL, as Calcite's literals are),
 *   `NULL` as the NULL type (only inside CASE, COALESCE ...), `INTERVAL 'x' unit [TO unit]` as an
 *   interval (only for `timestamp ± interval`); a column of the FROM relation by its declared type,
 *   a view's or WITH query's by the type its own query gives it (TypingScope.derived: relation-types.ts);
 *   parentheses and a sign keep the type.
 *
 * With the type, what the values can be where narrower (DerivedType.bound: value-bounds.ts), and an integer AVG
 * or a `/` of two integers ending a chain of `*` and `/` marked as whole numbers, the mark carried through
 * the operations that keep the whole number (CAST, ROUND, arithmetic, CASE ...: DerivedType.truncated: whole-numbers.ts).
 *
 * Anything else leaves the whole item untyped: a function the job declares (a temporary system
 * function shadows a built-in one), another function, OVER, a subquery, a column the relation does
 * not have, a quoted or qualified function name, an operand left untyped, an interval or NULL as a
 * whole. Reads one SELECT item's code (literals blanked, quotes kept: split.ts `codeOnly(text, true)`)
 * with its text (same offsets), once, left to right (the tokens: expression-lexer.ts); nothing else of the statement.
 */
import type { TableColumn } from "../components/table-definition.js";
import type { DataType } from "../types/data-type.js";
import { DataTypes } from "../types/datatypes.js";
import { callArgs, functionType, niladicType, varying } from "./function-types.js";
import { aggregateType, arithmeticType, commonType, isNumeric, isString, isTimestamp, type DerivedType } from "./operator-types.js";
import { NUMBER, QUOTED, WORD, Lexer } from "./expression-lexer.js";
import { castType, literalType } from "./select-item-types.js";
import { caseParts, closingParen, filterClauseEnd, topLevelKeyword, topLevelOnly, topLevelSplit, unquoteIdentifier } from "./top-level.js";
import { allNull, anyNull, callNulls, columnNulls, withNulls } from "./null-propagation.js";
import { arithmeticBound, castBound, literalBound, mergedBound, sameBound, sumBound } from "./value-bounds.js";
import { averageTruncation, callTruncation, carriedTruncation, castTruncation, operationTruncation, type Chain, type Truncation } from "./whole-numbers.js";

export type { DerivedType } from "./operator-types.js";

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
  /** A column's type with its rule, where a view or WITH query derives it (relation-types.ts); before columnType. */
  readonly derived?: (c: TableColumn) => DerivedType | undefined;
  /** The code's span [start, end) as written, for messages (tables by their Flink names); default: the text trimmed. */
  readonly shown?: (start: number, end: number) => string;
}

const shown = (t: DataType): string => (t.kind === "INTERVAL" ? "INTERVAL" : t.nullable().toString());
/** `d` with the whole-number mark `t` where it has one (whole-numbers.ts). */
const marked = (d: DerivedType | undefined, t: Truncation | undefined): DerivedType | undefined => (d === undefined || t === undefined ? d : { ...d, truncated: t });
/** A BOOLEAN of `operands`, nullable when one is; NULL when one of `strict` is (null-propagation.ts). */
const bool = (why: string, operands: readonly DerivedType[], strict: readonly DerivedType[] = []): DerivedType =>
  withNulls({ type: DataTypes.BOOLEAN().withNullability(operands.some((o) => o.type.isNullable)), why: `as Flink types ${why}` }, anyNull(...strict));

/** Reads one expression of code[start, end); each method returns undefined for what it does not type. */
class Reader extends Lexer {
  constructor(
    code: string,
    text: string,
    start: number,
    end: number,
    private readonly scope: TypingScope,
  ) {
    super(code, text, start, end, scope.shown);
  }

  /** The whole span as one expression, or undefined. */
  whole(): DerivedType | undefined {
    const t = this.logical("OR", () => this.logical("AND", () => this.negation()));
    this.space();
    return t !== undefined && this.pos === this.end ? t : undefined;
  }

  /** code[start, end) as one expression. */
  private sub(start: number, end: number): DerivedType | undefined {
    return new Reader(this.code, this.text, start, end, this.scope).whole();
  }

  /** `operand (word operand)*` for AND / OR over BOOLEANs. */
  private logical(word: string, operand: () => DerivedType | undefined): DerivedType | undefined {
    let left = operand();
    while (left !== undefined && this.keyword(word) !== undefined) {
      const right = operand();
      left = right !== undefined && left.type.kind === "BOOLEAN" && right.type.kind === "BOOLEAN" ? bool(word, [left, right]) : undefined;
    }
    return left;
  }

  private negation(): DerivedType | undefined {
    if (this.keyword("NOT") === undefined) return this.predicate();
    const t = this.negation();
    return t?.type.kind === "BOOLEAN" ? bool("NOT", [t], [t]) : undefined;
  }

  /** An additive operand, then a comparison, [NOT] LIKE / SIMILAR TO / BETWEEN / IN, and any IS tests. */
  private predicate(): DerivedType | undefined {
    let left = this.additive();
    if (left === undefined) return undefined;
    const op = this.operator(["<=", ">=", "<>", "!=", "=", "<", ">"]);
    if (op !== undefined) {
      const right = this.additive();
      left = right === undefined ? undefined : bool(`${shown(left.type)} ${op} ${shown(right.type)}`, [left, right], [left, right]);
    } else {
      const at = this.pos;
      const not = this.keyword("NOT") === undefined ? "" : "NOT ";
      const word = this.keyword("LIKE", "SIMILAR", "BETWEEN", "IN");
      if (word === undefined) this.pos = at;
      else left = this.test(word, left, not);
    }
    while (left !== undefined && this.keyword("IS") !== undefined) {
      const not = this.keyword("NOT") === undefined ? "" : "NOT ";
      const value = this.keyword("NULL", "TRUE", "FALSE", "UNKNOWN");
      const other = value === undefined && this.keyword("DISTINCT") !== undefined && this.keyword("FROM") !== undefined ? this.additive() : undefined;
      left = value !== undefined || other !== undefined ? { type: DataTypes.BOOLEAN().notNull(), why: `as Flink types IS ${not}${value ?? "DISTINCT FROM"}` } : undefined;
    }
    return left;
  }

  /** The rest of `left [NOT] word ...` for LIKE, SIMILAR TO, BETWEEN and IN. */
  private test(word: string, left: DerivedType, not: string): DerivedType | undefined {
    if (word === "IN") {
      this.space();
      const close = this.code[this.pos] === "(" ? closingParen(this.code, this.pos) : -1;
      if (close < 0 || close >= this.end || /(?<![\w$])SELECT(?![\w$])/i.test(topLevelOnly(this.code, this.pos + 1, close) ?? "SELECT")) return undefined;
      const open = this.pos;
      this.pos = close + 1;
      // Nullable when the value or an element of the list is (an element not typed counts as nullable).
      const elements = (topLevelSplit(this.code, open + 1, close) ?? []).map(([s, e]) => this.sub(s, e) ?? { type: DataTypes.NULL() });
      return bool(`${not}IN`, [left, ...elements], [left]);
    }
    if (word === "SIMILAR" && this.keyword("TO") === undefined) return undefined;
    if (word === "BETWEEN") this.keyword("SYMMETRIC", "ASYMMETRIC");
    const right = this.additive();
    if (right === undefined) return undefined;
    const last = word === "BETWEEN" ? (this.keyword("AND") === undefined ? undefined : this.additive()) : this.keyword("ESCAPE") === undefined ? right : this.additive();
    return last === undefined ? undefined : bool(`${not}${word === "SIMILAR" ? "SIMILAR TO" : word}`, [left, right, last], word === "BETWEEN" ? [left] : [left, right, last]);
  }

  private additive(): DerivedType | undefined {
    return this.binary(["+", "-"], () => this.binary(["||", "*", "/", "%"], () => this.unary()));
  }

  /** `operand (op operand)*`; a `/` of two integers that ends a chain of `*` and `/` is marked, an operand's mark carried (whole-numbers.ts). */
  private binary(ops: readonly string[], operand: () => DerivedType | undefined): DerivedType | undefined {
    this.space();
    const start = this.pos;
    let left = operand();
    const chain: Chain = { start, first: this.pos, products: true };
    for (let end = this.pos, op = left === undefined ? undefined : this.operator(ops); left !== undefined && op !== undefined; end = this.pos, op = this.operator(ops)) {
      const at = this.pos;
      const right = operand();
      const type = right === undefined ? undefined : arithmeticType(op, left.type, right.type);
      const bound = type === undefined ? undefined : arithmeticBound(op, left, right!, type);
      const truncated = type === undefined ? undefined : operationTruncation(op, { start, end, typed: left }, { start: at, end: this.pos, typed: right }, chain, this);
      const nulls = type === undefined ? undefined : anyNull(left, right);
      left = type === undefined ? undefined : { type, why: `as Flink types ${shown(left.type)} ${op} ${shown(right!.type)}`, ...(bound ? { bound } : {}), ...(truncated ? { truncated } : {}), ...(nulls ? { nullIf: nulls } : {}) };
    }
    return left;
  }

  private unary(): DerivedType | undefined {
    const start = this.pos;
    const sign = this.operator(["-", "+"]);
    if (sign === undefined) return this.primary();
    const at = this.pos;
    const t = this.unary();
    return t !== undefined && (isNumeric(t.type) || t.type.kind === "INTERVAL") ? marked(t, carriedTruncation([{ start: at, end: this.pos, typed: t }], start, this.pos, this, false)) : undefined;
  }

  private primary(): DerivedType | undefined {
    this.space();
    const c = this.code[this.pos];
    if (c === "(") {
      const close = closingParen(this.code, this.pos);
      if (close < 0 || close >= this.end) return undefined;
      const open = this.pos;
      const inner = this.sub(open + 1, close);
      this.pos = close + 1;
      return marked(inner, carriedTruncation([{ start: open + 1, end: close, typed: inner }], open, this.pos, this, false));
    }
    if (c === "'") return this.literal(this.pos);
    NUMBER.lastIndex = this.pos;
    const n = NUMBER.exec(this.code);
    if (n !== null && n.index === this.pos) {
      const start = this.pos;
      this.pos = Math.min(NUMBER.lastIndex, this.end);
      const type = literalType(this.code.slice(start, this.pos), this.text.slice(start, this.pos));
      if (type === undefined) return undefined;
      // An exact literal's value bounds it (value-bounds.ts).
      const bound = literalBound(this.code.slice(start, this.pos), type);
      return { type: type.notNull(), ...(bound ? { bound } : {}) };
    }
    return this.name();
  }

  /** A name: a call, a typed literal, CASE, NULL, a parenthesis-less function, or a column (qualified or not). */
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
    if (!quoted && word === "CASE") return this.caseExpression(start);
    this.space();
    if (this.code[this.pos] === "(") return quoted ? undefined : this.call(word, start);
    if (!quoted && this.code[this.pos] === "'") {
      if (/^(?:DATE|TIME|TIMESTAMP)$/.test(word)) return this.literal(start);
      return word === "INTERVAL" ? this.interval() : undefined;
    }
    if (!quoted && (word === "TRUE" || word === "FALSE")) return { type: DataTypes.BOOLEAN().notNull() };
    if (!quoted && word === "NULL") return { type: DataTypes.NULL() };
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
    const derived = column === undefined ? undefined : this.scope.derived?.(column);
    const type = column === undefined || derived !== undefined ? undefined : this.scope.columnType(column);
    // A view's or WITH query's column keeps its own query's nullIf, columns of another scope, which the caller does not count.
    if (column !== undefined) return derived ?? (type === undefined ? undefined : withNulls({ type }, columnNulls(column, type)));
    const niladic = quoted || qualifier !== undefined ? undefined : niladicType(word);
    return niladic === undefined ? undefined : { type: niladic, why: `as Flink types ${word}` };
  }

  /** `CASE ... END` after its CASE (at `start`): the least restrictive type of its values (see the module comment). */
  private caseExpression(start: number): DerivedType | undefined {
    const parts = caseParts(this.code, this.pos, this.end);
    if (parts === undefined) return undefined;
    this.pos = parts.close;
    const values: DerivedType[] = [];
    for (const [s, e] of parts.values) {
      const v = this.sub(s, e);
      if (v === undefined) return undefined;
      values.push(v);
    }
    if (!parts.hasElse) values.push({ type: DataTypes.NULL() });
    const type = commonType(
      values.map((v) => v.type),
      "calcite",
    );
    const bound = type === undefined ? undefined : mergedBound(type, values);
    const truncated = carriedTruncation(parts.values.map(([s, e], i) => ({ start: s, end: e, typed: values[i] })), start, this.pos, this);
    return type === undefined ? undefined : marked(withNulls({ type, why: "as Flink types CASE", ...(bound ? { bound } : {}) }, allNull(values)), truncated);
  }

  /** The call of built-in `name`, written from `start`, whose `(` is at the reading position. */
  private call(name: string, start: number): DerivedType | undefined {
    const open = this.pos;
    const close = closingParen(this.code, open);
    if (close < 0 || close >= this.end) return undefined;
    this.pos = close + 1;
    if (name === "CAST" || name === "TRY_CAST") {
      const type = castType(this.code.slice(start, this.pos), this.text.slice(start, this.pos));
      // The operand's values (before the last top-level AS) bound the cast's (value-bounds.ts castBound).
      const as = type && [...(topLevelOnly(this.code, open + 1, close) ?? "").matchAll(/\sAS\s/gi)].pop();
      const operand = as ? { start: open + 1, end: open + 1 + as.index!, typed: this.sub(open + 1, open + 1 + as.index!) } : undefined;
      const bound = type && castBound(operand?.typed, type);
      // A FLOAT, DOUBLE or DECIMAL keeps an integer AVG's or quotient's whole number (whole-numbers.ts).
      const truncated = type && castTruncation(operand, type, start, this.pos, this);
      return type === undefined ? undefined : marked(withNulls({ type: name === "TRY_CAST" ? type.nullable() : type, ...(bound ? { bound } : {}) }, anyNull(operand?.typed)), truncated);
    }
    if (this.scope.functions().has(name)) return undefined;
    const why = `as Flink types ${name}`;
    switch (name) {
      case "COUNT":
        return this.filtered() ? { type: DataTypes.BIGINT().notNull(), why } : undefined;
      case "SUM":
      case "AVG":
      case "MIN":
      case "MAX": {
        const spans = topLevelSplit(this.code, open + 1, close) ?? [];
        // DISTINCT / ALL before the argument.
        const lead = spans.length === 1 ? /^\s*(?:(?:DISTINCT|ALL)\s)?/i.exec(this.code.slice(spans[0]![0], spans[0]![1]))![0].length : 0;
        const d = spans.length === 1 ? this.sub(spans[0]![0] + lead, spans[0]![1]) : undefined;
        const type = d === undefined || !this.filtered() ? undefined : aggregateType(name, d.type);
        if (type === undefined) return undefined;
        const arg = this.shown(spans[0]![0] + lead, spans[0]![1]);
        const truncated = averageTruncation(name, d!.type, this.shown(start, this.pos), /DISTINCT/i.test(this.code.slice(spans[0]![0], spans[0]![0] + lead)), arg, this.shown(close + 1, this.pos));
        // MIN and MAX keep their argument's values, AVG stays within them (rounded up to its scale); SUM adds any number of rows (its argument's largest kept: sumBound).
        const bound = name === "SUM" ? sumBound(d!) : sameBound(d!, type, name === "AVG" ? "up" : undefined);
        return withNulls({ type, why: `as Flink types ${name} of ${d!.type.nullable().toString()}`, ...(bound ? { bound } : {}), ...(truncated ? { truncated } : {}) }, anyNull(d));
      }
      case "EXTRACT": {
        const from = topLevelKeyword(this.code, open + 1, close, "FROM");
        return withNulls({ type: DataTypes.BIGINT(), why }, from < 0 ? undefined : anyNull(this.sub(from + 4, close)));
      }
      case "POSITION":
        return topLevelKeyword(this.code, open + 1, close, "IN") >= 0 ? { type: DataTypes.INT(), why } : undefined;
      case "TRIM": {
        const from = topLevelKeyword(this.code, open + 1, close, "FROM");
        const d = this.sub(from < 0 ? open + 1 : from + 4, close);
        const t = d?.type;
        return t !== undefined && isString(t) ? withNulls({ type: varying(t), why }, anyNull(d)) : undefined;
      }
    }
    const to = /^(?:FLOOR|CEIL|CEILING)$/.test(name) ? topLevelKeyword(this.code, open + 1, close, "TO") : /^SUBSTR(?:ING)?$/.test(name) ? topLevelKeyword(this.code, open + 1, close, "FROM") : -1;
    if (to < 0) {
      const args = callArgs(this.code, this.text, open, close, (a, b) => this.sub(a, b));
      const d = functionType(name, args);
      return marked(withNulls(d, d && callNulls(name, args)), d && callTruncation(name, args, start, this.pos, this));
    }
    const operand = this.sub(open + 1, to);
    const t = operand?.type;
    if (t === undefined) return undefined;
    if (name.startsWith("SUBSTR")) return isString(t) ? withNulls({ type: varying(t).nullable(), why }, anyNull(operand)) : undefined;
    return isTimestamp(t) || t.kind === "DATE" ? withNulls({ type: t, why }, anyNull(operand)) : undefined;
  }

  /** After an aggregate call: skips a `FILTER (WHERE ...)`; false when it does not close within the span. */
  private filtered(): boolean {
    const after = filterClauseEnd(this.code, this.pos, this.end);
    if (after >= 0) this.pos = after;
    return after >= 0;
  }
}

/**
 * The type Flink gives the expression `code` (a whole SELECT item without its alias; `text` the
 * same as written) and the rule it follows, or undefined where it is not certain (see the module comment).
 */
export function expressionType(code: string, text: string, scope: TypingScope): DerivedType | undefined {
  const t = new Reader(code, text, 0, code.length, scope).whole();
  return t === undefined || t.type.kind === "NULL" || t.type.kind === "INTERVAL" ? undefined : t;
}
