/**
 * The reading primitives of expression-types.ts's Reader: spaces, operators, keywords, string and
 * interval literals, and the code's text as written (for messages and for advice that rewrites part
 * of an expression: whole-numbers.ts). The grammar is expression-types.ts's.
 */
import { DataTypes } from "../types/datatypes.js";
import type { DerivedType } from "./operator-types.js";
import { literalType } from "./select-item-types.js";
import type { Written } from "./whole-numbers.js";

export const WORD = /[A-Za-z_][A-Za-z0-9_$]*/y;
export const QUOTED = /q+/y;
export const NUMBER = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const SPACE = /\s*/y;
/**
 * What follows an interval literal's string: its qualifier (interval-literals.ts checks it), without
 * precisions: a fractional second precision written out may raise the timestamp's precision in
 * `timestamp + interval` (calcite `SqlTypeFactoryImpl.leastRestrictiveIntervalDatetimeType`).
 */
const QUALIFIER = /\s*(YEAR|QUARTER|MONTH|WEEK|DAY|HOUR|MINUTE|SECOND)S?(?:\s+TO\s+(?:MONTH|HOUR|MINUTE|SECOND))?(?![\w$(]|\s*\()/iy;

/** Reads tokens of code[pos, end) (literals blanked, quotes kept), `text` the same as written (same offsets). */
export class Lexer implements Written {
  constructor(
    protected readonly code: string,
    readonly text: string,
    protected pos: number,
    protected readonly end: number,
    /** The code's span [start, end) as written, for messages (tables by their Flink names); default: the text trimmed. */
    private readonly shownSpan: ((start: number, end: number) => string) | undefined,
  ) {}

  /** code[start, end) as written, for messages. */
  shown(start: number, end: number): string {
    return this.shownSpan?.(start, end) ?? this.text.slice(start, end).trim();
  }

  protected space(): void {
    SPACE.lastIndex = this.pos;
    SPACE.exec(this.code);
    this.pos = Math.min(SPACE.lastIndex, this.end);
  }

  /** The operator at the reading position, if it is one of `ops`. */
  protected operator(ops: readonly string[]): string | undefined {
    this.space();
    const op = ops.find((o) => this.code.startsWith(o, this.pos) && this.pos + o.length <= this.end);
    if (op !== undefined) this.pos += op.length;
    return op;
  }

  /** The keyword at the reading position, upper-cased, if it is one of `words`. */
  protected keyword(...words: string[]): string | undefined {
    this.space();
    WORD.lastIndex = this.pos;
    const m = WORD.exec(this.code);
    const word = m === null || WORD.lastIndex > this.end ? undefined : m[0].toUpperCase();
    if (word === undefined || !words.includes(word)) return undefined;
    this.pos = WORD.lastIndex;
    return word;
  }

  /** A string literal starting at `start` (a prefix such as N or X, or DATE / TIMESTAMP and spaces, before its quote). */
  protected literal(start: number): DerivedType | undefined {
    const open = this.code.indexOf("'", this.pos);
    const close = open < 0 ? -1 : this.code.indexOf("'", open + 1);
    if (close < 0 || close >= this.end) return undefined;
    this.pos = close + 1;
    const type = literalType(this.code.slice(start, this.pos), this.text.slice(start, this.pos));
    return type === undefined ? undefined : { type: type.notNull() };
  }

  /** `INTERVAL 'x' unit [TO unit]`, its string at the reading position: an interval (day-time or year-month, no more). */
  protected interval(): DerivedType | undefined {
    const close = this.code.indexOf("'", this.pos + 1);
    if (close < 0 || close >= this.end) return undefined;
    QUALIFIER.lastIndex = close + 1;
    const m = QUALIFIER.exec(this.code);
    if (m === null || QUALIFIER.lastIndex > this.end) return undefined;
    this.pos = QUALIFIER.lastIndex;
    return { type: DataTypes.INTERVAL(/^(?:YEAR|QUARTER|MONTH)$/i.test(m[1]!) ? "MONTH" : "SECOND").notNull() };
  }
}
