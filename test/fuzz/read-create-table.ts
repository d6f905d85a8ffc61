/**
 * A test-side reader of the CREATE TABLE statements the package renders, written independently of
 * the renderer: back-quoted identifiers (`` `` `` for a back-tick), types handed to the package's
 * own `parseDataType`, `COMMENT '...'`, `PRIMARY KEY`, `PARTITIONED BY` and the WITH map with `''`
 * unescaped. Anything unexpected throws, naming the offset.
 */
import type { DataType } from "../../src/types/data-type.js";
import { parseDataType } from "../../src/types/parser.js";

export interface ReadColumn {
  name: string;
  type: DataType;
  comment?: string;
}

export interface ReadTable {
  name: string;
  columns: ReadColumn[];
  primaryKey: string[];
  comment?: string;
  partitionedBy: string[];
  options: Map<string, string>;
}

class Cursor {
  i = 0;
  constructor(readonly s: string) {}
  fail(what: string): never {
    throw new Error(`CREATE TABLE reader: ${what} at offset ${this.i}: ${JSON.stringify(this.s.slice(this.i, this.i + 40))}`);
  }
  ws(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
  }
  peekWord(word: string): boolean {
    this.ws();
    const next = this.s.slice(this.i, this.i + word.length);
    return next.toUpperCase() === word && !/[A-Za-z0-9_]/.test(this.s[this.i + word.length] ?? "");
  }
  word(word: string): void {
    if (!this.peekWord(word)) this.fail(`expected ${word}`);
    this.i += word.length;
  }
  char(c: string): void {
    this.ws();
    if (this.s[this.i] !== c) this.fail(`expected ${c}`);
    this.i++;
  }
  quoted(q: string): string {
    this.ws();
    if (this.s[this.i] !== q) this.fail(`expected ${q}...${q}`);
    let out = "";
    let j = this.i + 1;
    for (;;) {
      const close = this.s.indexOf(q, j);
      if (close < 0) this.fail(`unterminated ${q}`);
      out += this.s.slice(j, close);
      if (this.s[close + 1] === q) {
        out += q;
        j = close + 2;
      } else {
        this.i = close + 1;
        return out;
      }
    }
  }
  ident(): string {
    return this.quoted("`");
  }
  literal(): string {
    return this.quoted("'");
  }
  identList(): string[] {
    this.char("(");
    const out = [this.ident()];
    for (this.ws(); this.s[this.i] === ","; this.ws()) {
      this.i++;
      out.push(this.ident());
    }
    this.char(")");
    return out;
  }
  /** The type text of a column: up to a top-level `,` / `)` or ` COMMENT '`. */
  typeText(): string {
    this.ws();
    const start = this.i;
    let depth = 0;
    while (this.i < this.s.length) {
      const c = this.s[this.i]!;
      if (c === "'" || c === "`") {
        this.quoted(c);
        continue;
      }
      if (c === "<" || c === "(") depth++;
      else if (c === ">" || (c === ")" && depth > 0)) depth--;
      else if (depth === 0 && (c === "," || c === ")" || /^\s+COMMENT\s+'/i.test(this.s.slice(this.i, this.i + 12)))) break;
      this.i++;
    }
    return this.s.slice(start, this.i).trim();
  }
}

/** Reads one rendered CREATE TABLE statement (with or without the final `;`). */
export function readCreateTable(statement: string): ReadTable {
  const c = new Cursor(statement);
  c.word("CREATE");
  c.word("TABLE");
  const name = c.ident();
  c.char("(");
  const columns: ReadColumn[] = [];
  let primaryKey: string[] = [];
  for (;;) {
    if (c.peekWord("PRIMARY")) {
      c.word("PRIMARY");
      c.word("KEY");
      primaryKey = c.identList();
      c.word("NOT");
      c.word("ENFORCED");
    } else {
      const col: ReadColumn = { name: c.ident(), type: parseDataType(c.typeText()) };
      if (c.peekWord("COMMENT")) {
        c.word("COMMENT");
        col.comment = c.literal();
      }
      columns.push(col);
    }
    c.ws();
    if (c.s[c.i] === ",") {
      c.i++;
      continue;
    }
    c.char(")");
    break;
  }
  const table: ReadTable = { name, columns, primaryKey, partitionedBy: [], options: new Map() };
  if (c.peekWord("COMMENT")) {
    c.word("COMMENT");
    table.comment = c.literal();
  }
  if (c.peekWord("PARTITIONED")) {
    c.word("PARTITIONED");
    c.word("BY");
    table.partitionedBy = c.identList();
  }
  c.word("WITH");
  c.char("(");
  for (;;) {
    const key = c.literal();
    c.char("=");
    const value = c.literal();
    if (table.options.has(key)) c.fail(`option ${JSON.stringify(key)} twice`);
    table.options.set(key, value);
    c.ws();
    if (c.s[c.i] === ",") {
      c.i++;
      continue;
    }
    c.char(")");
    break;
  }
  c.ws();
  if (c.s[c.i] === ";") c.i++;
  c.ws();
  if (c.i !== c.s.length) c.fail("trailing text");
  return table;
}
