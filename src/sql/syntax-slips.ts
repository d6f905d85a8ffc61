/**
 * Plain SQL slips that Flink's parser refuses ("SQL parse failed" when the job starts), found in
 * one scan of the statement's tokens (code-tokens.ts: literals, comments, hints and back-quoted
 * names are no code). Each is an error only where the grammar certainly refuses it:
 *
 * - unbalanced parentheses: a `(` never closed (named with the words around it, and where to close
 *   it when a clause keyword shows where it ends: `SUM(amount FROM` → `SUM(amount) FROM`), or a `)`
 *   that closes none. Every production of calcite `Parser.jj` that opens `<LPAREN>` closes it with
 *   `<RPAREN>`;
 * - `==`: the grammar's comparison is `<EQ: "=">`; `==` lexes as two EQ tokens, and no production
 *   takes an operator where the right operand of `=` goes (Parser.jj OPERATORS, `Expression2`);
 * - a comma right before FROM, WHERE, GROUP, HAVING, ORDER, UNION, INTERSECT, EXCEPT, `)` or another
 *   comma: every comma list of the grammar (`SqlSelect`'s `( <COMMA> AddSelectItem )*`,
 *   `FunctionParameterList`, `ParenthesizedQueryOrCommaList`, `GroupingElementList`, `OrderBy`,
 *   `ExpressionCommaList`, `ParenthesizedSimpleIdentifierList`, flink parserImpls.ftl
 *   `PartitionSpecCommaList`) takes an item after each comma, and these words are reserved
 *   (none starts an item);
 * - a statement that ends in a comma, AND, OR, NOT, a comparison or arithmetic operator, or a
 *   keyword that takes what follows (WHERE, ON, FROM, JOIN, SELECT, BY, ...): the production
 *   meets `<EOF>` where it needs an operand;
 * - the word after `INSERT INTO ${t} [PARTITION (...)] [(columns)]` that starts no query: flink
 *   parserImpls.ftl `RichSqlInsert` reads the source with `OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY)`,
 *   which takes SELECT, VALUES, WITH, TABLE or `(`; anything else is a row expression, refused
 *   in that context (`checkNonQueryExpression`: "Non-query expression encountered in illegal
 *   context") or no token an expression starts with. `VALUE` is refused as well (calcite
 *   `TableConstructor` takes it only when `isValueAllowed()`, which Flink's conformance leaves
 *   false: FLINK-31362), and named with the keyword meant when it is a near miss (SELEC, VALUE ...);
 * - a table component right after a word that is no keyword, itself after a value
 *   (`amount FORM ${t}`, `${a} JION ${b}`): the grammar reads the word as the value's alias
 *   (`AddSelectItem` and `TableRef3`: `[ <AS> ] alias`), and no production takes a name after an
 *   alias; or right after LEFT, RIGHT, FULL, INNER, CROSS, OUTER or NATURAL and a word that is no
 *   JOIN (`JoinType`). The message names FROM or JOIN when the word is a near miss of one;
 * - a name where the grammar takes a keyword (misplaced-names.ts): after a table reference and its
 *   alias (`FROM ${t} WEHRE id > 0`, `${t} GROUPBY id`), after an operand of a WHERE, HAVING,
 *   QUALIFY or ON condition (`id > 0 ADN name`, `id BETWEN 1 AND 5`), after an item of a GROUP BY,
 *   ORDER BY or PARTITION BY list, after IS [NOT] (`IS NOT NUL`), or a third name in a select item
 *   (`a b c`); "did you mean" the keyword when the name is one typo from one the parser takes there;
 * - the unit of TIMESTAMPADD / TIMESTAMPDIFF as no unit Flink has (timestamp-units.ts): a plural
 *   (`TIMESTAMPADD(SECONDS, 1, ts)`), an abbreviation or another word, which the parser keeps as a
 *   time frame's name and the validator refuses, or a unit in quotes, which the parser refuses.
 *
 * A table right after a keyword (FROM, JOIN, TABLE, INTO, LATERAL, AS ...), a comma, `(` or
 * another table, or before `.` (a qualifier), is never reported; an interpolated Output is a value
 * (right after the sink, alone or in parentheses, it may hold the query: not reported either). Left to Flink: misspelt
 * keywords where no name rule reads them (right after another keyword: `GROUP BI`, `NULLS LAT`;
 * `SELEC` after a WITH query), a table where a value goes (it reads as a column name),
 * unbalanced brackets, and statements with MATCH_RECOGNIZE for the table rule (its PATTERN lists
 * names one after another).
 */
import { closestKey } from "../validation/known-keys.js";
import { afterGroup, head, isSymbol, isWord, itemStart, statementTokens, tail, tokenText, type CodeToken, type StatementTokens } from "./code-tokens.js";
import { interpolatedOperands } from "./interpolated-operands.js";
import { MisplacedNames } from "./misplaced-names.js";
import { ENDING_WORDS, SQL_WORDS } from "./sql-words.js";
import { timestampUnitSlip } from "./timestamp-units.js";
import type { SqlStatement } from "./template.js";

const FAILS = "so Flink's parser refuses the statement (SQL parse failed) and the job fails when it starts";
/** FAILS where the sentence has named the parser already. */
const REFUSED = "so it refuses the statement (SQL parse failed) and the job fails when it starts";

/** Reserved words that start no item of a comma list: a comma right before one ends a list without an item. */
const AFTER_LIST: ReadonlySet<string> = new Set(["FROM", "WHERE", "GROUP", "HAVING", "ORDER", "UNION", "INTERSECT", "EXCEPT"]);

/** Words a statement cannot end in, with what must follow them. */
const DANGLING_WORDS: ReadonlyMap<string, string> = new Map([
  ["AND", "a condition"],
  ["OR", "a condition"],
  ["NOT", "a condition"],
  ["WHERE", "a condition"],
  ["ON", "a condition"],
  ["HAVING", "a condition"],
  ["WHEN", "a condition"],
  ["THEN", "a value"],
  ["ELSE", "a value"],
  ["LIKE", "a pattern"],
  ["BETWEEN", "a range"],
  ["IN", "a list in parentheses"],
  ["IS", "NULL, TRUE, FALSE or UNKNOWN"],
  ["SELECT", "the values to select"],
  ["FROM", "a table"],
  ["JOIN", "a table"],
  ["BY", "the expressions"],
  ["AS", "a name or a query"],
  ["UNION", "a query"],
  ["INTERSECT", "a query"],
  ["EXCEPT", "a query"],
]);

/** Operators a statement cannot end in (`*` only as a product: `SELECT *` may end a query; `!=` is conformance.ts's). */
const DANGLING_OPERATORS: ReadonlySet<string> = new Set(["=", "<>", "<", ">", "<=", ">=", "+", "-", "*", "/", "%", "||"]);

/** What starts the query of an INSERT (RichSqlInsert's `OrderedQueryOrExpr(ACCEPT_QUERY)`). */
const QUERY_STARTS = ["SELECT", "VALUES", "WITH", "TABLE"];

/** Calls whose arguments hold FROM (`EXTRACT(YEAR FROM ts)`, `TRIM(BOTH ' ' FROM s)`, `SUBSTRING(s FROM 2)`, `OVERLAY`, `POSITION`). */
const FROM_CALLS: ReadonlySet<string> = new Set(["EXTRACT", "TRIM", "SUBSTRING", "OVERLAY", "POSITION"]);

/** Clause keywords that end what a `(` left open holds: where to close it. */
const CLAUSES: ReadonlySet<string> = new Set(["FROM", "WHERE", "GROUP", "HAVING", "UNION", "INTERSECT", "EXCEPT"]);

/** Words before JOIN in a join type (calcite Parser.jj JoinType, Natural). */
const JOIN_TYPES: ReadonlySet<string> = new Set(["LEFT", "RIGHT", "FULL", "INNER", "CROSS", "OUTER", "NATURAL"]);

const q = (s: string): string => JSON.stringify(s);

/**
 * True when token `k` ends a value: a name, a literal, a number, a table, an Output, `)`, `]`, a
 * `*` of a SELECT list, a word that is no keyword, or a keyword that ends an expression (NULL, END ...).
 */
function endsValue(tokens: readonly CodeToken[], k: number): boolean {
  const t = tokens[k];
  if (t === undefined) return false;
  switch (t.kind) {
    case "word":
      return !SQL_WORDS.has(t.word) || ENDING_WORDS.has(t.word);
    case "symbol": {
      if (t.word === ")" || t.word === "]") return true;
      const p = tokens[k - 1];
      return t.word === "*" && p !== undefined && (p.word === "SELECT" || p.word === "DISTINCT" || p.word === "ALL" || p.word === "," || p.word === ".");
    }
    default:
      return true;
  }
}

/** A `(` at `k` that nothing closes: where it is, and where to close it. */
function unclosed(st: StatementTokens, k: number): string {
  const { tokens } = st;
  const last = tokens.length - 1;
  const callee = tokens[k - 1];
  const from = callee !== undefined && (callee.kind === "word" || callee.kind === "name") ? k - 1 : k;
  const subquery = ["SELECT", "WITH", "VALUES"].includes(tokens[k + 1]?.word ?? "");
  // The first clause keyword directly inside it (not in a nested group): the `(` was meant to close before it.
  let stop = -1;
  let depth = 0;
  for (let j = k + 1; j <= last && !subquery; j++) {
    const t = tokens[j]!;
    if (isSymbol(t, "(")) depth++;
    else if (isSymbol(t, ")")) depth--;
    else if (depth === 0 && j > k + 1 && t.kind === "word" && CLAUSES.has(t.word)) {
      if (t.word === "FROM" && (FROM_CALLS.has(callee?.word ?? "") || tokens[j - 1]!.word === "DISTINCT")) continue;
      stop = j;
      break;
    }
  }
  const where = `the "(" in ${q(head(st, from, last, 10))} is never closed, ${FAILS}`;
  if (stop < 0) return `${where}; write the ")" where what it holds ends, e.g. ${q(`${tail(st, from, last, 12)})`)}`;
  const keyword = tokenText(st, stop, isWord(tokens[stop + 1], "BY") ? stop + 1 : stop);
  return `${where}; close it before ${keyword}: ${q(`${tail(st, from, stop - 1, 12)}) ${keyword}`)}`;
}

/** A `,` at `k` right before what ends its list (FROM, `)`, another comma ...), else undefined. */
function commaSlip(st: StatementTokens, k: number): string | undefined {
  const { tokens } = st;
  const next = tokens[k + 1];
  if (next === undefined || k === 0) return undefined;
  const stops = isSymbol(next, ")") || isSymbol(next, ",") || (next.kind === "word" && AFTER_LIST.has(next.word));
  if (!stops) return undefined;
  const to = isWord(tokens[k + 2], "BY") && next.kind === "word" ? k + 2 : k + 1;
  const what = isSymbol(next, ",") ? "another comma" : isSymbol(next, ")") ? '")"' : tokenText(st, k + 1, to);
  // From the item before the comma: a call or parenthesized item from its name or "(".
  const from = isSymbol(tokens[k - 1], ")") ? itemStart(tokens, k - 1) : k - 1;
  const fixed = `${tokenText(st, from, k - 1)}${isSymbol(next, ")") || isSymbol(next, ",") ? "" : " "}${tokenText(st, k + 1, to)}`;
  return `${q(tokenText(st, from, to))}: a comma right before ${what} has no item after it, ${FAILS}; remove the comma: ${q(fixed)}`;
}

/** `==` at `k`, with the operands around it. */
function doubleEquals(st: StatementTokens, k: number): string {
  const { tokens, text } = st;
  const shown = (t: CodeToken | undefined): string => (t === undefined ? "" : text.slice(t.start, t.end));
  const [left, right] = [shown(tokens[k - 1]), shown(tokens[k + 1])];
  const with_ = (op: string): string => [left, op, right].filter((s) => s !== "").join(" ");
  return `${with_("==")}: Flink SQL has no == operator (it compares with =), ${FAILS}; write ${with_("=")}`;
}

/** A statement that ends in what needs an operand after it (a comma, AND, `=`, WHERE ...), else undefined. */
function danglingEnd(st: StatementTokens): string | undefined {
  const { tokens, text } = st;
  const last = tokens.length - 1;
  const end = tokens[last];
  if (end === undefined) return undefined;
  const word = end.kind === "word" || end.kind === "symbol" ? end.word : "";
  const needs =
    end.kind === "word"
      ? DANGLING_WORDS.get(word)
      : end.kind === "symbol" && word === ","
        ? "another item"
        : end.kind === "symbol" && DANGLING_OPERATORS.has(word) && (word !== "*" || endsValue(tokens, last - 1))
          ? "an operand"
          : undefined;
  if (needs === undefined) return undefined;
  const written = word === "," ? "the comma" : text.slice(end.start, end.end);
  // The last few words, not from a comma.
  const from = isSymbol(tokens[last - 4], ",") ? last - 3 : last - 4;
  return `the statement ends in ${word === "," ? "a comma" : written} (${q(tokenText(st, from, last))}), which needs ${needs} after it, ${FAILS}; write ${needs} after ${written}, or remove ${written}`;
}

/**
 * The query after `INSERT INTO ${t} [PARTITION (...)] [(columns)]` when it starts with no SELECT,
 * VALUES, WITH, TABLE or `(`: the index of the token there and the message; else undefined.
 */
function insertQuery(st: StatementTokens, target: number): [number, string] | undefined {
  const { tokens } = st;
  let j = target + 1;
  // What was read after the sink: its PARTITION clause, its column list.
  let clauses = "";
  for (;;) {
    const t = tokens[j];
    if (t === undefined) break;
    // An Output may hold the query (it is inserted as SQL text): left to Flink.
    if (t.kind === "output" || (t.kind === "word" && QUERY_STARTS.includes(t.word))) return undefined;
    if (isWord(t, "PARTITION") || isWord(t, "EXTEND")) {
      j++;
      continue;
    }
    if (!isSymbol(t, "(")) break;
    const inner = tokens[j + 1];
    if (isSymbol(inner, "(") || (inner?.kind === "word" && QUERY_STARTS.includes(inner.word))) return undefined;
    // An Output in parentheses may hold the query too (`(${query})`), unless it is the PARTITION clause's spec.
    if (inner?.kind === "output" && !isWord(tokens[j - 1], "PARTITION")) return undefined;
    // A column list (or PARTITION's spec): the query follows it.
    clauses = isWord(tokens[j - 1], "PARTITION") ? "PARTITION clause" : "column list";
    j = afterGroup(tokens, j);
    if (j < 0) return undefined;
  }
  const after = clauses === "" ? "after the sink" : `after the sink and its ${clauses}`;
  const takes = `Flink's parser takes a query ${after} (SELECT, VALUES, WITH, TABLE or a query in parentheses)`;
  const t = tokens[j];
  if (t === undefined) return [j - 1, `${q(tokenText(st, target - 2, j - 1))} has no query: ${takes}, ${REFUSED}; write the query, e.g. INSERT INTO \${sink} SELECT ... FROM \${source}`];
  const written = st.text.slice(t.start, t.end);
  const meant = t.kind === "word" ? closestKey(t.word, QUERY_STARTS) : undefined;
  // The word with what follows it: its parentheses too when one opens (`VALUE (1, 2)`).
  const shownTo = isSymbol(tokens[j + 1], "(") ? Math.max(j + 1, afterGroup(tokens, j + 1) - 1) : j + 1;
  const upTo = Math.min(shownTo, j + 6, tokens.length - 1);
  const at = `${tail(st, target, j - 1, 5)} ${tokenText(st, j, upTo)}`;
  if (meant === undefined) return [j, `${q(at)}: ${takes}, and ${written} starts none, ${REFUSED}; write the query there, e.g. SELECT ... FROM \${source}`];
  const fixed = `${tail(st, target, j - 1, 5)} ${meant}${upTo > j ? `${tokens[j + 1]!.start > t.end ? " " : ""}${tokenText(st, j + 1, upTo)}` : ""}`;
  return [j, `${q(at)}: ${takes}, and ${written} is none of them, ${REFUSED}; write ${meant}: ${q(fixed)}`];
}

/** The table at `k` right after a word that reads as an alias (`amount FORM ${t}`), or after a join type and a word that is no JOIN; else undefined. */
function tableSlip(st: StatementTokens, k: number): string | undefined {
  const { tokens, text } = st;
  const w = tokens[k - 1];
  if (isSymbol(tokens[k + 1], ".") || w === undefined || w.kind !== "word" || SQL_WORDS.has(w.word) || k < 2) return undefined;
  const x = tokens[k - 2]!;
  const word = text.slice(w.start, w.end);
  const table = text.slice(tokens[k]!.start, tokens[k]!.end);
  const at = tokenText(st, k - 2, k);
  if (x.kind === "word" && JOIN_TYPES.has(x.word)) {
    const fixed = `${tokenText(st, k - 2, k - 2)} JOIN ${table}`;
    return `${q(at)}: after ${text.slice(x.start, x.end)} Flink's parser takes JOIN, and ${word} is no keyword, ${REFUSED}; write JOIN: ${q(fixed)}`;
  }
  if (!endsValue(tokens, k - 2)) return undefined;
  const meant = closestKey(w.word, ["FROM", "JOIN"]);
  const value = tokenText(st, k - 2, k - 2);
  const reads = `${word} is no keyword of Flink SQL, so its parser reads it as a name for ${value} (an alias: AS is optional), and no table can follow an alias, ${REFUSED}`;
  return meant !== undefined
    ? `${q(at)}: ${reads}; write ${meant}: ${q(`${value} ${meant} ${table}`)}`
    : `${q(at)}: ${reads}; write FROM or JOIN before the table (or a comma between the tables of a FROM list), or remove ${word}`;
}

/**
 * The syntax slips of a statement (see the module comment), one message each: the INSERT's query,
 * then in the order they appear a `)` that closes nothing, `==`, commas before what ends their
 * list and TIMESTAMPADD / TIMESTAMPDIFF units, then each `(` never closed, the statement's end, tables after an alias and misplaced names.
 * One scan of the text (code-tokens.ts) and one of its tokens (which misplaced-names.ts reads too). `insert`: the statement is an INSERT whose
 * target is its first interpolated table. A slip at a token of a string interpolated with `${...}`
 * where an operand stands (`LIKE ${"%x%"}` renders `LIKE %x%`) is left to the checks that say how
 * to quote a value (interpolated-operands.ts).
 */
export function syntaxSlips(stmt: SqlStatement, insert: boolean): string[] {
  const st = statementTokens(stmt.segments);
  const { tokens } = st;
  // Interpolated strings where an operand stands, read only when the statement has an interpolated string.
  const operands = stmt.interpolated.length === 0 ? [] : interpolatedOperands(stmt);
  /** True when token `k` lies in such a string (offsets in toString(), the same rendering as the tokens'). */
  const inString = (k: number): boolean => {
    if (operands.length === 0) return false;
    const t = tokens[k];
    return t !== undefined && operands.some((i) => t.start < i.end && t.end > i.start);
  };
  const out: string[] = [];
  const add = (k: number, message: string | undefined): void => {
    if (message !== undefined && !inString(k)) out.push(message);
  };
  const open: number[] = [];
  // The sink: the first token that is a table (it comes right after INSERT INTO).
  const target = insert ? tokens.findIndex((t) => t.kind === "table") : -1;
  const tables: [number, string][] = [];
  let matchRecognize = false;
  const names = new MisplacedNames(st, target);
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    names.visit(k);
    if (t.kind === "symbol") {
      const w = t.word;
      if (w === "(") open.push(k);
      else if (w === ")") {
        if (open.pop() === undefined) add(k, `${q(tokenText(st, k - 3, k + 1))} has a ")" that closes no "(", ${FAILS}; remove it, or write the "(" it closes`);
      } else if (w === "==") add(k, doubleEquals(st, k));
      else if (w === ",") add(k, commaSlip(st, k));
    } else if (t.kind === "table") {
      if (k !== target) {
        const slip = tableSlip(st, k);
        if (slip !== undefined) tables.push([k - 1, slip]);
      }
    } else if (t.kind === "word" && t.word === "MATCH_RECOGNIZE") matchRecognize = true;
    else if (t.kind === "word" && (t.word === "TIMESTAMPADD" || t.word === "TIMESTAMPDIFF")) add(k + 2, timestampUnitSlip(st, k));
  }
  for (const k of open) add(k, unclosed(st, k));
  add(tokens.length - 1, danglingEnd(st));
  // A MATCH_RECOGNIZE's PATTERN lists names one after another: a table there is left to Flink.
  if (!matchRecognize) for (const [k, slip] of tables) add(k, slip);
  for (const [k, message] of names.found) add(k, message);
  const query = target >= 0 ? insertQuery(st, target) : undefined;
  if (query !== undefined && !inString(query[0])) out.unshift(query[1]);
  return out;
}
