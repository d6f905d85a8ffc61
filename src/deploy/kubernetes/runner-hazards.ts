/**
 * Scripts the operator's 1.19/1.20 SQL runner would corrupt.
 *
 * The runner (flink-kubernetes-operator `examples/flink-sql-runner-example/.../SqlRunner.java`)
 * does not parse SQL: it removes `--…` and `/*…*\/` with a regex that ignores quotes (so it also
 * drops `/*+ OPTIONS(...) *\/` hints), splits the script into lines, trims them, drops blank ones
 * and ends a statement at every line whose text ends with `;`; it recognises a statement set
 * only when a line starts with upper-case `EXECUTE STATEMENT SET` and ends at a line that is
 * exactly `END;`; and it applies `SET 'key' = 'value';` (one line, that exact shape) to the table
 * configuration with the value as written, so a doubled quote `''` stays doubled. Every such
 * hazard is reported here; Flink 2.x's SqlDriver parses with Flink's parser and has none of them.
 */

/** A quoted region or comment found by the scanner. */
interface Token {
  readonly kind: "string" | "identifier" | "line-comment" | "slash-comment" | "block-comment";
  /** Raw text between the delimiters (quotes still doubled). */
  readonly body: string;
  readonly start: number;
  readonly end: number;
  readonly terminated: boolean;
}

/** Splits Flink SQL text into tokens (quoted regions, comments) and top-level `;` positions. */
function scan(text: string): { tokens: Token[]; semicolons: number[] } {
  const tokens: Token[] = [];
  const semicolons: number[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'" || c === "`" || c === '"') {
      let j = i + 1;
      let terminated = false;
      while (j < text.length) {
        if (text[j] === c) {
          if (text[j + 1] === c) {
            j += 2;
            continue;
          }
          terminated = true;
          break;
        }
        j++;
      }
      tokens.push({ kind: c === "'" ? "string" : "identifier", body: text.slice(i + 1, j), start: i, end: j + 1, terminated });
      i = j + 1;
    } else if (text.startsWith("//", i)) {
      // A comment for Flink's parser (Calcite SINGLE_LINE_COMMENT), text for the runner's regex.
      const nl = text.slice(i).search(/[\r\n]/);
      const j = nl === -1 ? text.length : i + nl;
      tokens.push({ kind: "slash-comment", body: text.slice(i + 2, j), start: i, end: j, terminated: true });
      i = j;
    } else if (text.startsWith("--", i)) {
      const nl = text.indexOf("\n", i);
      const j = nl === -1 ? text.length : nl;
      tokens.push({ kind: "line-comment", body: text.slice(i + 2, j), start: i, end: j, terminated: true });
      i = j;
    } else if (text.startsWith("/*", i)) {
      const close = text.indexOf("*/", i + 2);
      const j = close === -1 ? text.length : close;
      tokens.push({ kind: "block-comment", body: text.slice(i + 2, j), start: i, end: close === -1 ? j : j + 2, terminated: close !== -1 });
      i = close === -1 ? j : j + 2;
    } else {
      if (c === ";") semicolons.push(i);
      i++;
    }
  }
  return { tokens, semicolons };
}

/** Shortens a literal for a message (never more than 40 characters, line breaks shown as \n). */
function excerpt(body: string): string {
  const shown = body.replace(/\r/g, "\\r").replace(/\n/g, "\\n");
  return shown.length > 40 ? `${shown.slice(0, 37)}...` : shown;
}

/** Removes comments (outside quotes) from `text`, as the runner would before splitting. */
function withoutComments(text: string, tokens: readonly Token[]): string {
  let out = "";
  let at = 0;
  for (const t of tokens) {
    if (t.kind !== "line-comment" && t.kind !== "block-comment") continue;
    out += text.slice(at, t.start);
    at = t.end;
  }
  return out + text.slice(at);
}

/** Groups the script into statements as Flink's parser would (a statement set is one statement). */
function statementsOf(text: string): string[] {
  const clean = withoutComments(text, scan(text).tokens);
  // Positions shift after removing comments: scan the comment-free text for its top-level `;`.
  const cleanSemis = scan(clean).semicolons;
  const pieces: string[] = [];
  let from = 0;
  for (const s of cleanSemis) {
    pieces.push(clean.slice(from, s + 1));
    from = s + 1;
  }
  if (clean.slice(from).trim() !== "") pieces.push(clean.slice(from));
  const out: string[] = [];
  let group: string | undefined;
  for (const p of pieces) {
    const t = p.trim();
    if (t === "") continue;
    if (group !== undefined) {
      group += p;
      if (/^END\s*;$/i.test(t)) {
        out.push(group);
        group = undefined;
      }
    } else if (/^EXECUTE\s+STATEMENT\s+SET\b/i.test(t)) {
      group = p;
    } else {
      out.push(p);
    }
  }
  if (group !== undefined) out.push(group);
  return out;
}

const RUNNER_SET = /^SET\s+'(\S+)'\s+=\s+'(.*)';$/i;

function setHazards(stmt: string, runner: string): string[] {
  const t = stmt.trim();
  if (!/^SET\b/i.test(t)) return [];
  if (/[\r\n]/.test(t)) return [`the SET statement spans several lines; ${runner} only applies a one-line SET 'key' = 'value';`];
  const m = RUNNER_SET.exec(t);
  if (m === null) {
    return [`${excerpt(t)} is not in the form SET 'key' = 'value'; (quoted key and value, spaces around =), which ${runner} requires (anything else fails in executeSql)`];
  }
  const key = m[1]!;
  const value = m[2]!;
  const out: string[] = [];
  if (key.includes("''")) out.push(`SET key ${JSON.stringify(key)} contains a doubled quote '', which ${runner} does not turn back into '`);
  if (value.includes("''")) {
    out.push(`the value of SET key ${JSON.stringify(key.replace(/''/g, "'"))} contains a quote ('' in SQL), which ${runner} passes on doubled ('') instead of turning it back into '`);
  }
  if (key === "execution.runtime-mode") {
    out.push(`SET 'execution.runtime-mode' fails under ${runner} (it creates a streaming environment): the runtime mode belongs in the deployment's flinkConfiguration`);
  }
  return out;
}

function statementSetHazards(stmt: string, runner: string): string[] {
  const t = stmt.trim();
  if (!/^EXECUTE\s+STATEMENT\s+SET\b/i.test(t)) return [];
  const lines = t.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== "");
  const out: string[] = [];
  if (!lines[0]!.startsWith("EXECUTE STATEMENT SET")) {
    out.push(`the statement set must start a line with upper-case EXECUTE STATEMENT SET for ${runner} to keep its INSERTs together`);
  }
  if (lines[lines.length - 1] !== "END;") out.push(`the statement set must end with a line that is exactly END; for ${runner}`);
  if (lines.slice(1, -1).includes("END;")) {
    out.push(
      `a statement inside the statement set has a line that is exactly END; (e.g. a CASE ... END closing an INSERT), where ${runner} ends the set early and runs the rest as separate jobs; put END on the same line as the expression before it`,
    );
  }
  return out;
}

/**
 * The string literal `'body'` (quotes still doubled) split with `||` between the two characters of
 * every "--" and "/*", so that no piece holds a comment opener: `'x--y'` becomes `'x-' || '-y'`,
 * the same value (a CHAR concatenation keeps the length), which the runner leaves whole.
 */
function splitLiteral(body: string): string {
  const pieces: string[] = [];
  let from = 0;
  for (let i = 1; i < body.length; i++) {
    const pair = body[i - 1]! + body[i]!;
    if (pair !== "--" && pair !== "/*") continue;
    pieces.push(body.slice(from, i));
    from = i;
  }
  pieces.push(body.slice(from));
  return pieces.map((p) => `'${p}'`).join(" || ");
}

/**
 * True when the literal starting at `start` stands where an expression may (a SELECT, WHERE, VALUES
 * ... of a query, also in CREATE VIEW ... AS SELECT), so `||` may join its pieces; false for a
 * statement's own syntax, which takes one literal only: a table's WITH options and other CREATE
 * text before a SELECT, SET / RESET / ADD JAR / LOAD values, and a typed literal (`DATE '...'`,
 * `INTERVAL '...'`, `X'...'`) or an ESCAPE character.
 */
function expressionLiteral(text: string, start: number, semicolons: readonly number[]): boolean {
  const from = semicolons.filter((i) => i < start).pop() ?? -1;
  const before = text.slice(from + 1, start);
  const lead = before.replace(/^(?:\s|--[^\n]*\n?)*/, "");
  if (/^(?:SET|RESET|ADD|LOAD|UNLOAD|USE|SHOW|DESCRIBE|DESC)\b/i.test(lead)) return false;
  if (/^(?:CREATE|ALTER)\b/i.test(lead) && !/\bSELECT\b/i.test(before)) return false;
  return !/\b(?:DATE|TIME|TIMESTAMP|TIMESTAMP_LTZ|INTERVAL|X|ESCAPE)\s*$/i.test(before);
}

/** What to do about a literal holding a comment opener: its split form where `||` may stand, else change the value. */
function literalFix(text: string, t: Token, semicolons: readonly number[]): string {
  if (!t.terminated || /[\r\n]/.test(t.body)) return "";
  if (!expressionLiteral(text, t.start, semicolons)) return "; a table option, SET value or typed literal takes one literal, so the value itself must change";
  const split = splitLiteral(t.body);
  return split.length <= 120 ? `; write it as ${split} (the same value, split where the runner would cut)` : `; split it with || between the two characters of each "--" and "/*" (the same value)`;
}

/**
 * A hazard's message as the deploy checks report it: a hazard that names its own fix ("; write it
 * as ..." and the like, after its last "; ") is followed by ", or" and the way out of the runner;
 * any other by "Change that text, or" and the way out.
 */
export function runnerHazardMessage(hazard: string): string {
  const way = 'use flinkVersion "v2_0"/"v2_1" (SqlDriver parses the script with Flink\'s own parser)';
  return /; (?:write|split|set those|put|a table option)\b[^;]*$/.test(hazard) ? `${hazard}, or ${way}` : `${hazard}. Change that text, or ${way}`;
}

/**
 * Everything in `text` (one statement or a whole script) that the 1.19/1.20 SQL runner would
 * corrupt, one message per hazard; empty when the runner runs the text as Flink would.
 * `runner` names the runner in messages, e.g. "the Flink 1.20 SQL runner".
 */
export function findRunnerHazards(text: string, runner: string): string[] {
  const out: string[] = [];
  const { tokens, semicolons } = scan(text);
  for (const t of tokens) {
    if (t.kind === "string" || t.kind === "identifier") {
      const what = t.kind === "string" ? `the string literal '${excerpt(t.body)}'` : `the quoted identifier ${excerpt(t.body)}`;
      if (!t.terminated) out.push(`${what} is not closed`);
      const openers = ["--", "/*"].filter((o) => t.body.includes(o));
      if (openers.length > 0) {
        const fix = t.kind === "string" ? literalFix(text, t, semicolons) : "";
        out.push(`${what} contains ${openers.map((o) => `"${o}"`).join(" and ")}, which ${runner} strips as a comment even inside quotes${fix}`);
      }
      if (/[\r\n]/.test(t.body)) {
        out.push(`${what} contains a line break (CR or LF), which ${runner} mis-splits (it trims lines, drops blank ones and ends a statement at any line ending in ;)`);
      }
    } else if (t.kind === "slash-comment") {
      // The runner ignores quotes; it ends a statement at a line ending in ; and strips /* ... */ across lines.
      if (/;\s*$/.test(t.body) || t.body.includes("/*")) {
        out.push(`the comment //${excerpt(t.body)} ends in ; or opens /*, which ${runner} reads as SQL (it strips only -- and /* */ comments); write it as a -- comment`);
      }
    } else if (t.kind === "block-comment") {
      if (t.body.startsWith("+")) {
        // An OPTIONS hint overrides table options: the table component can carry them instead.
        const instead = /^\+\s*OPTIONS\s*\(/i.test(t.body)
          ? "; set those options on the table instead (IcebergSource / IcebergSink extraOptions or their own props, FlinkTable options), which renders them into its WITH clause"
          : "";
        out.push(`the hint /*+${excerpt(t.body.slice(1))}*/ would be dropped: ${runner} strips every /* */ block, hints included${instead}`);
      }
      else if (t.body === "") out.push(`the empty comment /**/ makes ${runner} strip everything up to the next */`);
    }
  }
  for (const stmt of statementsOf(text)) {
    out.push(...setHazards(stmt, runner), ...statementSetHazards(stmt, runner));
  }
  return out;
}
