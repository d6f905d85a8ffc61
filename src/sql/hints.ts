/**
 * Dynamic table options hints: `${table} /*+ OPTIONS('key' = 'value', ...) *\/` right after a
 * table reference. Flink merges them into the table's WITH options for that statement (Flink docs
 * `docs/content/docs/dev/table/sql/queries/hints.md`, "Dynamic Table Options"; on by default,
 * `table.dynamic-table-options.enabled`), so they may not do what the table's own args may not:
 * a table's free-form option rules apply to its hints too (cases C02, C03, C15).
 *
 * Grammar read here (Calcite's hint syntax in Flink's parser): `/*+ item (, item)* *\/`, an item
 * being `NAME` or `NAME(args)`; OPTIONS args are `key = 'value'` pairs, a key a string literal or
 * an identifier (also back-quoted). Other hints (LOOKUP, BROADCAST ...) are skipped. A hint this
 * cannot read is reported, so that no option escapes the checks.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { SqlSegment } from "./template.js";

/** The OPTIONS of the hints after one table reference. */
export interface TableOptionsHint {
  readonly table: TableDefinition;
  readonly options: Readonly<Record<string, string>>;
  /** The index of the table's segment in the statement (its first is the INSERT target's mention). */
  readonly segment: number;
}

type Token = { kind: "word" | "literal" | "punct"; text: string };

/** The text of the quoted token at `text[i]` (`quote` doubled inside) and the offset after it; undefined when unterminated. */
function quoted(text: string, i: number, quote: string): { value: string; end: number } | undefined {
  let value = "";
  let j = i + 1;
  for (;;) {
    const close = text.indexOf(quote, j);
    if (close < 0) return undefined;
    value += text.slice(j, close);
    if (text[close + 1] !== quote) return { value, end: close + 1 };
    value += quote;
    j = close + 2;
  }
}

/**
 * Tokens of a hint body from `text[from]` (just after `/*+`) to its `*\/`; undefined when it cannot
 * be read. Like Calcite's lexer: `-- ...` comments end at a line end, `N'...'` is a string literal,
 * adjacent string literals are one, a back-quoted identifier is a word.
 */
function hintTokens(text: string, from: number): Token[] | undefined {
  const out: Token[] = [];
  let i = from;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "*" && text[i + 1] === "/") return out;
    if (/\s/.test(c)) i++;
    else if ((c === "-" && text[i + 1] === "-") || (c === "/" && text[i + 1] === "/")) {
      while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    } else if (c === "'" || ((c === "N" || c === "n") && text[i + 1] === "'")) {
      const q = quoted(text, c === "'" ? i : i + 1, "'");
      if (q === undefined) return undefined;
      const last = out[out.length - 1];
      if (last?.kind === "literal") out[out.length - 1] = { kind: "literal", text: last.text + q.value };
      else out.push({ kind: "literal", text: q.value });
      i = q.end;
    } else if (c === "`") {
      const q = quoted(text, i, "`");
      if (q === undefined) return undefined;
      out.push({ kind: "word", text: q.value });
      i = q.end;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_.-]*/.exec(text.slice(i))![0];
      out.push({ kind: "word", text: m });
      i += m.length;
    } else {
      out.push({ kind: "punct", text: c });
      i++;
    }
  }
  return undefined;
}

/** The OPTIONS pairs of one hint body; undefined when it is not a readable hint list. */
function optionsOf(tokens: readonly Token[]): Record<string, string> | undefined {
  const options: Record<string, string> = {};
  let k = 0;
  const at = (kind: Token["kind"], text?: string): boolean => tokens[k]?.kind === kind && (text === undefined || tokens[k]!.text === text);
  while (k < tokens.length) {
    if (!at("word")) return undefined;
    const name = tokens[k++]!.text.toUpperCase();
    if (at("punct", "(")) {
      k++;
      if (name === "OPTIONS") {
        while (!at("punct", ")")) {
          if (!at("literal") && !at("word")) return undefined;
          const key = tokens[k++]!.text;
          if (!at("punct", "=")) return undefined;
          k++;
          if (!at("literal")) return undefined;
          options[key] = tokens[k++]!.text;
          if (at("punct", ",")) k++;
          else if (!at("punct", ")")) return undefined;
        }
      } else {
        let depth = 1;
        while (k < tokens.length && depth > 0) {
          if (at("punct", "(")) depth++;
          else if (at("punct", ")")) depth--;
          if (depth > 0) k++;
        }
        if (depth > 0) return undefined;
      }
      k++; // the closing ")"
    }
    if (at("punct", ",")) k++;
    else if (k < tokens.length) return undefined;
  }
  return options;
}

/** The OPTIONS hints that follow table references in a statement's segments, in order, and the tables whose hint cannot be read. */
export function tableOptionsHints(segments: readonly SqlSegment[]): { hints: TableOptionsHint[]; unreadable: TableDefinition[] } {
  const hints: TableOptionsHint[] = [];
  const unreadable: TableDefinition[] = [];
  segments.forEach((seg, k) => {
    const next = segments[k + 1];
    if (seg.kind !== "table" || next?.kind !== "text") return;
    const open = /^\s*\/\*\+/.exec(next.text);
    if (!open) return;
    const tokens = hintTokens(next.text, open[0].length);
    const options = tokens === undefined ? undefined : optionsOf(tokens);
    if (options === undefined) unreadable.push(seg.table);
    else if (Object.keys(options).length > 0) hints.push({ table: seg.table, options, segment: k });
  });
  return { hints, unreadable };
}
