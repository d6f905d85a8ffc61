/**
 * Splits a Flink SQL script into single statements.
 *
 * The SQL Gateway executes exactly one statement per request: Flink's `ParserImpl` rejects
 * several statements in one text ("only single statement supported"; apache/flink PR 23576,
 * FLINK-33345, case C17). The split must not cut string literals that contain `;` (case C12,
 * apache/inlong#6968), and a statement set is one statement for the parser
 * (`EXECUTE STATEMENT SET BEGIN ... END`, FLINK-25600; gateway support FLINK-27837).
 *
 * Lexical rules (Flink docs, "SQL Queries overview", syntax section; Calcite's Flink parser):
 * - `'...'` string literals, a quote inside doubled (`''`);
 * - `` `...` `` identifiers, a back-tick inside doubled; `"..."` is skipped the same way;
 * - `-- ...` and `// ...` line comments to the end of the line (LF or CR; Calcite `SINGLE_LINE_COMMENT`);
 * - `/* ... *\/` block comments; `/*+ ... *\/` hints (e.g. `/*+ OPTIONS('k'='v') *\/`) are part of
 *   the statement text and are kept.
 *
 * Returned statements:
 * - are trimmed, and the terminating `;` is removed (the gateway needs none);
 * - lose leading and trailing comments; comments inside a statement are kept verbatim;
 * - a fragment holding only comments or whitespace is dropped;
 * - an `EXECUTE STATEMENT SET BEGIN ...; ...; END;` block is one statement, inner `;` kept;
 * - the legacy sql-client form `BEGIN STATEMENT SET; ...; END;` becomes one statement in the
 *   modern form, `EXECUTE STATEMENT SET\nBEGIN\n<stmt>;\n...\nEND`, so it also runs as one
 *   request.
 *
 * Unterminated literals, comments or statement sets throw FlinkIcebergValidationError with the
 * line number where they start.
 */
import { FlinkIcebergValidationError } from "../validation/error.js";

/** One `;`-terminated fragment of the script, located by its first and last content character. */
interface Fragment {
  /** Offset of the first character that is not whitespace or a comment. */
  readonly start: number;
  /** Offset just after the last character that is not whitespace or a comment. */
  readonly end: number;
  /** The first tokens, words upper-cased; other content (literals, punctuation) as one-char tokens. */
  readonly tokens: readonly string[];
}

const MAX_TOKENS = 12;

function lineOf(script: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < script.length; i++) if (script.charCodeAt(i) === 10) line++;
  return line;
}

function fail(script: string, offset: number, message: string): never {
  throw new FlinkIcebergValidationError([{ path: "script", message: `line ${lineOf(script, offset)}: ${message}` }]);
}

/** Index just after the closing `quote` of a quoted region opened at `open` (doubling escapes the quote). */
function skipQuoted(script: string, open: number, quote: string): number {
  let i = open + 1;
  for (;;) {
    const close = script.indexOf(quote, i);
    if (close < 0) {
      const what = quote === "'" ? "string literal" : quote === "`" ? "back-quoted identifier" : "double-quoted text";
      fail(script, open, `unterminated ${what} (a ${quote} inside is written doubled: ${quote}${quote})`);
    }
    if (script[close + 1] === quote) {
      i = close + 2;
      continue;
    }
    return close + 1;
  }
}

/**
 * Offset of the `*\/` closing a hint opened at `open`, or -1. Calcite lexes a hint's body as
 * tokens, so a literal inside it (`OPTIONS('k'='*\/')`) does not close it.
 */
function hintEnd(script: string, open: number): number {
  let i = open + 3;
  while (i < script.length) {
    const c = script[i]!;
    if (c === "'" || c === "`" || c === '"') i = skipQuoted(script, i, c);
    else if (c === "*" && script[i + 1] === "/") return i;
    else i++;
  }
  return -1;
}

function isWordChar(c: string): boolean {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c === "_" || c === "$";
}

/** `/\s/` without a regex for the common characters: only control characters, space and non-ASCII can be white space. */
function isSpace(c: string): boolean {
  return c === " " || c === "\n" || ((c < " " || c > "\u007e") && /\s/.test(c));
}

/** Splits at top-level `;` into fragments; comment-only fragments are dropped. */
function fragments(script: string): Fragment[] {
  const out: Fragment[] = [];
  let start = -1;
  let end = -1;
  let tokens: string[] = [];
  // The word being read is script[wordStart, i): sliced once when it ends, not built per character.
  let wordStart = -1;
  let i = 0;
  const endWord = (): void => {
    if (wordStart >= 0 && tokens.length < MAX_TOKENS) tokens.push(script.slice(wordStart, i).toUpperCase());
    wordStart = -1;
  };
  const content = (from: number, to: number, token?: string): void => {
    if (start < 0) start = from;
    end = to;
    if (token !== undefined) {
      endWord();
      if (tokens.length < MAX_TOKENS) tokens.push(token);
    }
  };
  const n = script.length;
  while (i < n) {
    const c = script[i]!;
    const next = script[i + 1];
    if ((c === "-" && next === "-") || (c === "/" && next === "/")) {
      endWord();
      // A line comment starts with -- or // and ends at LF or CR (Calcite's SINGLE_LINE_COMMENT).
      let nl = i + 2;
      while (nl < n && script[nl] !== "\n" && script[nl] !== "\r") nl++;
      i = nl < n ? nl + 1 : n;
    } else if (c === "/" && next === "*") {
      endWord();
      const hint = script[i + 2] === "+";
      const close = hint ? hintEnd(script, i) : script.indexOf("*/", i + 2);
      if (close < 0) fail(script, i, `unterminated ${hint ? "/*+ hint" : "/* comment"} */`);
      if (hint) content(i, close + 2, "/*+");
      i = close + 2;
    } else if (c === "'" || c === "`" || c === '"') {
      const after = skipQuoted(script, i, c);
      content(i, after, c);
      i = after;
    } else if (c === ";") {
      endWord();
      if (start >= 0) out.push({ start, end, tokens });
      start = -1;
      end = -1;
      tokens = [];
      i++;
    } else if (isSpace(c)) {
      endWord();
      i++;
    } else if (isWordChar(c)) {
      content(i, i + 1);
      if (wordStart < 0) wordStart = i;
      i++;
    } else {
      content(i, i + 1, c);
      i++;
    }
  }
  endWord();
  if (start >= 0) out.push({ start, end, tokens });
  return out;
}

/**
 * `text` without what follows its last content (trailing `;`, white space, comments; literal-aware,
 * like the split): a statement as the script may end it with its own `;`. `text` as it is when it
 * cannot be read (an unterminated literal is reported where the script is split).
 */
export function withoutTrailing(text: string): string {
  let frags: Fragment[];
  try {
    frags = fragments(text);
  } catch {
    return text;
  }
  return text.slice(0, frags.length === 0 ? 0 : frags[frags.length - 1]!.end);
}

function startsWith(tokens: readonly string[], words: readonly string[]): boolean {
  return words.every((w, k) => tokens[k] === w);
}

/**
 * `text` with string literals and comments blanked and quoted identifiers turned into `q`s (same
 * length, one scan, so a quote inside a comment or `--` inside a literal is read right), for
 * searches of keywords and punctuation in SQL text. With `keepQuotes`, a string literal keeps its
 * two quotes (`'   '`), so it still reads as a literal, never as nothing. With `keepIdentifiers`,
 * back-quoted identifiers stay as written (for searches of names).
 */
export function codeOnly(text: string, keepQuotes = false, keepIdentifiers = false): string {
  return text.replace(/'(?:[^']|'')*'|`(?:[^`]|``)*`|"(?:[^"]|"")*"|\/\*[\s\S]*?\*\/|(?:--|\/\/)[^\n\r]*/g, (m) =>
    keepIdentifiers && m.startsWith("`")
      ? m
      : m.startsWith("`") || m.startsWith('"')
        ? "q".repeat(m.length)
        : keepQuotes && m.startsWith("'")
          ? `'${" ".repeat(m.length - 2)}'`
          : " ".repeat(m.length),
  );
}

function hasSequence(tokens: readonly string[], words: readonly string[]): boolean {
  for (let i = 0; i + words.length <= tokens.length; i++) if (words.every((w, k) => tokens[i + k] === w)) return true;
  return false;
}

const isEnd = (f: Fragment): boolean => f.tokens.length === 1 && f.tokens[0] === "END";

/**
 * Splits `script` into the statements the SQL Gateway executes one per request (see the module
 * comment for the rules). Returns them in order, trimmed, without the final `;`.
 */
export function splitStatements(script: string): string[] {
  const frags = fragments(script);
  const out: string[] = [];
  for (let k = 0; k < frags.length; k++) {
    const f = frags[k]!;
    // EXPLAIN [details | PLAN FOR] STATEMENT SET BEGIN ... END explains a set the same way.
    const modern = startsWith(f.tokens, ["EXECUTE", "STATEMENT", "SET", "BEGIN"]) || (f.tokens[0] === "EXPLAIN" && hasSequence(f.tokens, ["STATEMENT", "SET", "BEGIN"]));
    const legacy = f.tokens.length === 3 && startsWith(f.tokens, ["BEGIN", "STATEMENT", "SET"]);
    if (!modern && !legacy) {
      out.push(script.slice(f.start, f.end));
      continue;
    }
    let endAt = -1;
    for (let j = k + 1; j < frags.length; j++) {
      if (isEnd(frags[j]!)) {
        endAt = j;
        break;
      }
    }
    if (endAt < 0) fail(script, f.start, "statement set without END (write EXECUTE STATEMENT SET BEGIN ... END;)");
    if (modern) {
      out.push(script.slice(f.start, frags[endAt]!.end));
    } else {
      const inner = frags.slice(k + 1, endAt).map((g) => `${script.slice(g.start, g.end)};`);
      out.push(["EXECUTE STATEMENT SET", "BEGIN", ...inner, "END"].join("\n"));
    }
    k = endAt;
  }
  return out;
}
