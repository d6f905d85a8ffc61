/**
 * The token stream under `parseDataType` (parser.ts): a cursor over the lexer's tokens with the
 * look-ahead and expectations the grammar uses, each failure a syntax error at the token's
 * offset. The grammar follows flink
 * `flink-table/flink-table-common/src/main/java/org/apache/flink/table/types/logical/utils/LogicalTypeParser.java`.
 */
import { FlinkIcebergValidationError } from "../validation/error.js";
import { syntaxError, type Token } from "./lexer.js";

/** A position in `tokens` (the last one is the end token) and the reads a type grammar needs. */
export class TokenCursor {
  protected pos = 0;

  constructor(protected readonly tokens: readonly Token[]) {}

  protected peek(ahead = 0): Token {
    return this.tokens[Math.min(this.pos + ahead, this.tokens.length - 1)]!;
  }

  protected next(): Token {
    const t = this.peek();
    if (t.kind !== "end") this.pos++;
    return t;
  }

  protected isWord(word: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    return t.kind === "word" && t.value.toUpperCase() === word;
  }

  protected isPunct(p: string): boolean {
    const t = this.peek();
    return t.kind === "punct" && t.value === p;
  }

  protected expectWord(word: string, expected = word): Token {
    if (!this.isWord(word)) syntaxError(this.peek(), expected);
    return this.next();
  }

  protected expectPunct(p: string, expected = JSON.stringify(p)): Token {
    if (!this.isPunct(p)) syntaxError(this.peek(), expected);
    return this.next();
  }

  protected expectInt(what: string): { value: number; offset: number } {
    const t = this.peek();
    if (t.kind !== "int") syntaxError(t, what);
    this.next();
    const value = Number(t.value);
    if (!Number.isSafeInteger(value)) {
      throw new FlinkIcebergValidationError([
        { path: "", message: `integer ${t.value} at offset ${t.offset} is too large: no type parameter exceeds 2147483647` },
      ]);
    }
    return { value, offset: t.offset };
  }
}
