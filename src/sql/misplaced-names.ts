/**
 * Names where Flink's grammar takes no name (a syntax slip of syntax-slips.ts): a word that is no
 * keyword, read where the parser can only take a keyword, a comma or the end of a clause. Flink's
 * parser (flink-sql-parser `Parser.jj`, Flink's copy of calcite's) refuses each ("SQL parse
 * failed. Encountered ..."):
 *
 * - after a table reference and its alias (`FROM ${t} WEHRE id > 0`: WEHRE is the alias, `id`
 *   follows it): `TableRef3` takes `[ [ <AS> ] alias = SimpleIdentifier() [ (columns) ] ]
 *   [ Tablesample ]` and nothing else, and what may follow a table reference (`FromClause`,
 *   `JoinOrCommaTable`, `SqlSelect`'s `Where`, `GroupBy`, `Having`, `Window`, `Qualify`, then
 *   `OrderBy`, LIMIT ..., set operators) starts with a keyword, a comma or `)`;
 * - after an operand in a WHERE, HAVING, QUALIFY or ON condition (`id > 0 ADN name`,
 *   `id BETWEN 1 AND 5`, `name LIKE 'a%' ORDERBY id`): `Expression2` continues an operand only with
 *   an operator (symbols, or keywords: AND, OR, IS, IN, NOT, LIKE, BETWEEN, SIMILAR, ESCAPE, MEMBER
 *   ...; Flink's `Parser.tdd` adds no `extraBinaryExpressions`), and `Where` / `Having` / `Qualify` /
 *   `JoinTable`'s `<ON>` take one `Expression`;
 * - after an item of a GROUP BY, ORDER BY or PARTITION BY list (`GroupingElementList`,
 *   `AddOrderItem`: ASC, DESC, NULLS FIRST / LAST, `ExpressionCommaList`);
 * - after IS or IS NOT (`name IS NOT NUL`): `PostfixRowOperator` and `BinaryRowOperator` take NULL,
 *   TRUE, FALSE, UNKNOWN, DISTINCT FROM, JSON, A SET, EMPTY, all keywords;
 * - a third name in a select item (`SELECT a b c`): `AddSelectItem` takes `[ <AS> ] alias` after the
 *   expression, then a comma or the end of the list.
 *
 * A "name" is a word that is no word of the grammar (sql-words.ts SQL_WORDS, and the few calcite
 * keywords misplaced-name-words.ts adds), or a back-quoted name where an alias was read; after an
 * alias also a number or a string. A word of the grammar is not reported (a non-reserved keyword
 * may be an alias or a column), but for a non-reserved keyword that tables often name columns
 * (`name`, `data`, `type`: misplaced-name-words.ts) after an alias; such a word is also an operand
 * right after an operator, AND, WHERE, BY ... Nothing is reported after an interpolated Output
 * (its value is unknown), nor in a MATCH_RECOGNIZE body (its PATTERN lists names one after another), in a call's arguments (`CAST(x AS INT)`,
 * `EXTRACT(HOUR FROM ts)`, `TRIM(BOTH ' ' FROM s)`, `JSON_VALUE(... RETURNING INT)` read their own
 * syntax), or in a window specification but for its ORDER BY / PARTITION BY lists. A table after
 * the name is left to syntax-slips.ts (its table rule), the string after INTERVAL to
 * interval-literals.ts. The message says "did you mean" when the name is one typo (unknown-names.ts
 * oneTypo) from a keyword the parser takes there (WEHRE → WHERE, ADN → AND, NUL → NULL, ORDERBY →
 * ORDER BY), else what the parser takes there.
 *
 * One pass: syntax-slips.ts gives each token in order to `visit`, which keeps the clause each
 * parenthesis level is in (a stack of frames) and looks a few tokens ahead only after a table
 * reference.
 */
import { afterGroup, isSymbol, isWord, itemStart, tail, tokenText, type CodeToken, type StatementTokens } from "./code-tokens.js";
import {
  AFTER_ALIAS,
  AFTER_IS,
  AFTER_SELECT_ALIAS,
  AFTER_TABLE,
  COLUMN_KEYWORDS,
  ENDS_CLAUSE,
  GROUPING,
  MORE_KEYWORDS,
  OPERAND_STARTS,
  PLACES,
  RELATION_OPENERS,
  TAKES_AFTER_ALIAS,
} from "./misplaced-name-words.js";
import { ENDING_WORDS, SQL_WORDS } from "./sql-words.js";
import { oneTypo } from "./unknown-names.js";

/** As syntax-slips.ts ends a sentence that has named the parser. */
const REFUSED = "so it refuses the statement (SQL parse failed) and the job fails when it starts";

/** The clause a parenthesis level is in: what a name may follow there. */
type Clause = "none" | "select" | "from" | "where" | "having" | "qualify" | "on" | "group" | "order" | "partition";

const CONDITIONS: ReadonlySet<Clause> = new Set(["where", "having", "qualify", "on"]);
const LISTS: ReadonlySet<Clause> = new Set(["group", "order", "partition"]);

const q = (s: string): string => JSON.stringify(s);

/** True when `word` (upper case) is no word of the grammar: a name. */
function isPlain(word: string): boolean {
  return !SQL_WORDS.has(word) && !MORE_KEYWORDS.has(word);
}

/** True when token `t` is text in double quotes (no name to Flink: conformance.ts reports it). */
function doubleQuoted(st: StatementTokens, t: CodeToken): boolean {
  return t.kind === "name" && st.text.charCodeAt(t.start) === 34;
}

/** The keyword among `keywords` that `word` is one typo from (a word of 3 letters or more), else undefined. */
function nearMiss(word: string, keywords: readonly string[]): string | undefined {
  return word.length < 3 ? undefined : keywords.find((k) => oneTypo(word, k));
}

/** A parenthesis level: the clause it is in, and how it was opened. */
interface Frame {
  clause: Clause;
  /** Where the clause's keyword is (WHERE, GROUP of GROUP BY ...): messages start no earlier. */
  start: number;
  /** A `(` grouping operands of a condition: its commas keep the condition. */
  grouping: boolean;
  /** A MATCH_RECOGNIZE body (and what it holds): nothing is read. */
  quiet: boolean;
  /** A `(` that holds a table reference: an alias may follow its `)`. */
  relation: boolean;
  /** `[` not yet closed at this level: a comma there separates elements. */
  brackets: number;
}

/** The misplaced names of one statement, found as syntax-slips.ts visits its tokens (see the module comment). */
export class MisplacedNames {
  /** Each name reported: the index of its token and the message. */
  readonly found: [number, string][] = [];
  private readonly flagged = new Set<number>();
  private readonly frames: Frame[] = [{ clause: "none", start: 0, grouping: false, quiet: false, relation: false, brackets: 0 }];

  /** `target`: the index of the INSERT's sink (a table that is no table reference), or -1. */
  constructor(
    private readonly st: StatementTokens,
    private readonly target: number,
  ) {}

  /** Reads token `k` (called for every token, in order). */
  visit(k: number): void {
    const tokens = this.st.tokens;
    const t = tokens[k]!;
    const frame = this.frames[this.frames.length - 1]!;
    if (t.kind === "symbol") {
      this.symbol(k, t.word, frame);
      return;
    }
    if (t.kind === "table") {
      if (!frame.quiet && frame.clause === "from" && k !== this.target && !isSymbol(tokens[k + 1], ".") && !isWord(tokens[k - 1], "TABLE")) this.relation(k, k);
      return;
    }
    if (t.kind === "name" && !frame.quiet && frame.clause === "from" && !doubleQuoted(this.st, t) && this.startsRelation(k)) this.namedRelation(k);
    if (t.kind !== "word") return;
    const w = t.word;
    if (isPlain(w)) {
      const prev = tokens[k - 1];
      if (isWord(prev, "IS") || (isWord(prev, "NOT") && isWord(tokens[k - 2], "IS"))) this.add(k, this.afterIs(k));
      else if (!frame.quiet && (CONDITIONS.has(frame.clause) || LISTS.has(frame.clause)) && this.completes(k - 1)) this.add(k, this.afterOperand(k, frame));
      else if (!frame.quiet && frame.clause === "select") this.add(k, this.selectItem(k));
      else if (!frame.quiet && frame.clause === "from" && this.startsRelation(k)) this.namedRelation(k);
      return;
    }
    if (!frame.quiet) this.clause(k, w, frame);
  }

  private symbol(k: number, s: string, frame: Frame): void {
    const tokens = this.st.tokens;
    if (s === "(") {
      const prev = tokens[k - 1];
      const prevWord = prev?.kind === "word" ? prev.word : prev?.kind === "symbol" ? prev.word : "";
      const next = tokens[k + 1];
      const query = next?.kind === "word" && (next.word === "SELECT" || next.word === "WITH" || next.word === "VALUES");
      const operator = prev?.kind === "symbol" && prev.word !== ")" && prev.word !== "]";
      const grouping = !frame.quiet && CONDITIONS.has(frame.clause) && !query && (operator || (prev?.kind === "word" && GROUPING.has(prev.word)));
      this.frames.push({
        clause: grouping ? frame.clause : "none",
        start: grouping ? frame.start : k,
        grouping,
        quiet: frame.quiet || prevWord === "MATCH_RECOGNIZE",
        relation: frame.clause === "from" && RELATION_OPENERS.has(prevWord),
        brackets: 0,
      });
    } else if (s === ")") {
      if (this.frames.length === 1) return;
      const closed = this.frames.pop()!;
      const outer = this.frames[this.frames.length - 1]!;
      if (closed.relation && outer.clause === "from" && !outer.quiet) {
        // Shown from its "(" (with TABLE, UNNEST or LATERAL before it), not from FROM, JOIN or a comma.
        const open = itemStart(tokens, k);
        const before = tokens[open];
        this.relation(before?.kind === "word" && (before.word === "FROM" || before.word === "JOIN") ? open + 1 : open, k);
      }
    } else if (s === "[") frame.brackets++;
    else if (s === "]") frame.brackets = Math.max(0, frame.brackets - 1);
    else if (s === "," && frame.brackets === 0 && !frame.grouping && !frame.quiet) {
      // A comma ends a condition: after ON the FROM list goes on (`JOIN b ON ..., c`); a WHERE condition holds none.
      if (frame.clause === "on") frame.clause = "from";
      else if (CONDITIONS.has(frame.clause)) frame.clause = "none";
    }
  }

  /** The clause keyword `w` at `k` moves its level to. */
  private clause(k: number, w: string, frame: Frame): void {
    const prev = this.st.tokens[k - 1];
    const set = (c: Clause): void => {
      frame.clause = c;
      frame.start = k;
    };
    if (w === "SELECT") set("select");
    else if (w === "FROM") {
      if (frame.clause === "select" && !isWord(prev, "DISTINCT")) set("from");
    } else if (w === "JOIN") set("from");
    else if (w === "WHERE") set("where");
    else if (w === "HAVING") set("having");
    else if (w === "QUALIFY") set("qualify");
    else if (w === "ON") {
      if (frame.clause === "from") set("on");
    } else if (w === "BY") {
      const by = prev?.kind === "word" ? prev.word : "";
      if (by === "GROUP" || by === "ORDER" || by === "PARTITION") {
        frame.clause = by === "GROUP" ? "group" : by === "ORDER" ? "order" : "partition";
        frame.start = k - 1;
      }
    } else if (ENDS_CLAUSE.has(w) && !(w === "GROUP" && isWord(prev, "WITHIN")) && !(w === "WITH" && frame.clause === "from")) set("none");
  }

  /** True when the token at `k` ends an operand: a literal, a name, `)`, `]`, or a keyword that ends an expression (NULL, END, HOUR ...). */
  private completes(k: number): boolean {
    const tokens = this.st.tokens;
    const t = tokens[k];
    if (t === undefined || this.flagged.has(k)) return false;
    switch (t.kind) {
      case "number":
        return true;
      case "string": {
        // The string of an INTERVAL literal still needs its unit (a word there is interval-literals.ts's).
        const p = tokens[k - 1];
        return !isWord(p, "INTERVAL") && !((isSymbol(p, "-") || isSymbol(p, "+")) && isWord(tokens[k - 2], "INTERVAL"));
      }
      case "name":
        return !doubleQuoted(this.st, t);
      case "word": {
        if (isPlain(t.word) || ENDING_WORDS.has(t.word) || isSymbol(tokens[k - 1], ".")) return true;
        const p = tokens[k - 1];
        // An ORDER BY item ends with ASC, DESC, NULLS FIRST or NULLS LAST (`AddOrderItem`).
        if (t.word === "ASC" || t.word === "DESC" || ((t.word === "FIRST" || t.word === "LAST") && isWord(p, "NULLS"))) return true;
        return COLUMN_KEYWORDS.has(t.word) && p !== undefined && (p.kind === "word" || p.kind === "symbol") && OPERAND_STARTS.has(p.word);
      }
      case "symbol":
        return t.word === ")" || t.word === "]";
      default:
        return false;
    }
  }

  /** True when the word or name at `k`, in a FROM clause, starts a table reference (right after FROM, JOIN or a comma). */
  private startsRelation(k: number): boolean {
    const prev = this.st.tokens[k - 1];
    return isWord(prev, "FROM") || isWord(prev, "JOIN") || isSymbol(prev, ",");
  }

  /** A table reference by name (a view, a WITH query, `catalog.db.t`, `f(x)`) that starts at `k`. */
  private namedRelation(k: number): void {
    const tokens = this.st.tokens;
    let end = k;
    while (isSymbol(tokens[end + 1], ".") && (tokens[end + 2]?.kind === "word" || tokens[end + 2]?.kind === "name")) end += 2;
    // A table function called by name (`FROM f(x)`) or an extend list: what follows its ")" is read.
    if (isSymbol(tokens[end + 1], "(")) end = afterGroup(tokens, end + 1) - 1;
    if (end >= k) this.relation(k, end);
  }

  private add(k: number, message: string | undefined): void {
    if (message === undefined) return;
    // A table after the name: syntax-slips.ts's table rule reports it (`x JION ${t}`).
    const next = this.st.tokens[k + 1];
    if (next?.kind === "table" && !isSymbol(this.st.tokens[k + 2], ".")) return;
    this.flagged.add(k);
    this.found.push([k, message]);
  }

  /** The operand that ends at `k` as written (a call or group from its name or "("; a qualified name whole). */
  private operand(k: number): [number, string] {
    const tokens = this.st.tokens;
    let from = k;
    if (isSymbol(tokens[k], ")")) from = itemStart(tokens, k);
    else while (isSymbol(tokens[from - 1], ".") && tokens[from - 2] !== undefined) from -= 2;
    return [from, tail(this.st, from, k, 6)];
  }

  private shown(k: number): string {
    const t = this.st.tokens[k]!;
    return this.st.text.slice(t.start, t.end);
  }

  /** A name after IS or IS NOT (`name IS NOT NUL`). */
  private afterIs(k: number): string {
    const is = isWord(this.st.tokens[k - 1], "IS") ? k - 1 : k - 2;
    const [from] = this.operand(is - 1);
    const at = tokenText(this.st, from, k);
    const after = tokenText(this.st, is, k - 1);
    const x = this.shown(k);
    const takes = `after ${after} Flink's parser takes NULL, TRUE, FALSE, UNKNOWN or DISTINCT FROM, and ${x} is no keyword of Flink SQL, ${REFUSED}`;
    const meant = nearMiss(this.st.tokens[k]!.word, AFTER_IS);
    if (meant === undefined) return `${q(at)}: ${takes}; write one of them after ${after}`;
    return `${q(at)}: ${takes}; did you mean ${meant}? ${q(`${tokenText(this.st, from, k - 1)} ${meant}`)}`;
  }

  /** A name right after an operand of a condition or of a GROUP BY / ORDER BY / PARTITION BY list. */
  private afterOperand(k: number, frame: Frame): string {
    const place = PLACES[frame.clause]!;
    const [start, value] = this.operand(k - 1);
    const from = Math.max(frame.start, start - 2);
    const to = this.st.tokens[k + 1] !== undefined ? k + 1 : k;
    const at = tokenText(this.st, from, to);
    const x = this.shown(k);
    const meant = nearMiss(this.st.tokens[k]!.word, place.keywords);
    if (meant === undefined) return `${q(at)}: after the operand ${value} in ${place.place} Flink's parser takes ${place.takes}, and ${x} is a name, ${REFUSED}; ${place.fix(x)}`;
    const fixed = `${tokenText(this.st, from, k - 1)} ${meant}${to > k ? ` ${tokenText(this.st, to, to)}` : ""}`;
    return `${q(at)}: ${x} is no keyword of Flink SQL, and after the operand ${value} in ${place.place} Flink's parser takes ${place.takes}, not a name, ${REFUSED}; did you mean ${meant}? ${q(fixed)}`;
  }

  /** A name after a select item's alias (`a b c`, `a AS b c`, `a FORM v`), else undefined. */
  private selectItem(k: number): string | undefined {
    const tokens = this.st.tokens;
    const a = k - 1;
    const alias = tokens[a];
    if (alias === undefined || this.flagged.has(a) || !((alias.kind === "word" && isPlain(alias.word)) || (alias.kind === "name" && !doubleQuoted(this.st, alias)))) return undefined;
    const as = isWord(tokens[a - 1], "AS");
    if (!as && !this.completes(a - 1)) return undefined;
    const [from, value] = this.operand(as ? a - 2 : a - 1);
    const at = tokenText(this.st, from, k);
    const [aliasText, x] = [this.shown(a), this.shown(k)];
    const takes = "after an alias it takes a comma, FROM or the end of the select list";
    const aliasMeant = as || alias.kind !== "word" ? undefined : nearMiss(alias.word, AFTER_SELECT_ALIAS);
    if (aliasMeant !== undefined) {
      return `${q(at)}: ${aliasText} is no keyword of Flink SQL, so its parser reads it as a name for ${value} (an alias: AS is optional), and ${takes}, not another name, ${REFUSED}; did you mean ${aliasMeant}? ${q(`${value} ${aliasMeant} ${x}`)}`;
    }
    const reads = `Flink's parser reads ${aliasText} as a name for ${value} (an alias${as ? "" : ": AS is optional"}), and ${takes}`;
    const meant = nearMiss(tokens[k]!.word, AFTER_SELECT_ALIAS);
    if (meant !== undefined) {
      const next = tokens[k + 1] !== undefined ? ` ${tokenText(this.st, k + 1, k + 1)}` : "";
      return `${q(`${at}${next}`)}: ${reads}, and ${x} is no keyword of Flink SQL, ${REFUSED}; did you mean ${meant}? ${q(`${tokenText(this.st, from, a)} ${meant}${next}`)}`;
    }
    return `${q(at)}: ${reads}, not another name (${x}), ${REFUSED}; write a comma before ${x} if it is another value, or remove ${x}`;
  }

  /** The table reference from `start` to `end` (a table, a name, a `(...)` or `TABLE(...)`): a name, number or string after its alias. */
  private relation(start: number, end: number): void {
    const tokens = this.st.tokens;
    let j = end + 1;
    const as = isWord(tokens[j], "AS");
    if (as) j++;
    const alias = tokens[j];
    if (alias === undefined) return;
    const aliasable =
      (alias.kind === "word" && (as || isPlain(alias.word))) || (alias.kind === "name" && !doubleQuoted(this.st, alias)) || (alias.kind === "table" && !isSymbol(tokens[j + 1], "."));
    if (!aliasable) return;
    let n = j + 1;
    if (isSymbol(tokens[n], "(")) n = afterGroup(tokens, n);
    const x = n < 0 ? undefined : tokens[n];
    if (x === undefined) return;
    const unexpected = (x.kind === "word" && (isPlain(x.word) || COLUMN_KEYWORDS.has(x.word))) || x.kind === "number" || x.kind === "string" || (x.kind === "name" && !doubleQuoted(this.st, x));
    if (!unexpected) return;
    const relation = tail(this.st, start, end, 4);
    const at = `${relation} ${tokenText(this.st, end + 1, n)}`;
    const [aliasText, xText] = [this.shown(j), this.shown(n)];
    const what = x.kind === "number" ? `the number ${xText}` : x.kind === "string" ? `the string ${xText}` : `the name ${xText}`;
    const aliasMeant = as || alias.kind !== "word" ? undefined : nearMiss(alias.word, AFTER_TABLE);
    if (aliasMeant !== undefined) {
      this.add(
        n,
        `${q(at)}: ${aliasText} is no keyword of Flink SQL, so its parser reads it as a name for ${relation} (an alias: AS is optional), and after an alias it takes ${TAKES_AFTER_ALIAS}, not ${what}, ${REFUSED}; did you mean ${aliasMeant}? ${q(`${relation} ${aliasMeant} ${xText}`)}`,
      );
      return;
    }
    const reads = `Flink's parser reads ${aliasText} as a name for ${relation} (an alias${as ? "" : ": AS is optional"}), and after an alias it takes ${TAKES_AFTER_ALIAS}`;
    const meant = x.kind === "word" ? nearMiss(x.word, AFTER_ALIAS) : undefined;
    if (meant !== undefined) {
      this.add(n, `${q(at)}: ${reads}, and ${xText} is no keyword of Flink SQL, ${REFUSED}; did you mean ${meant}? ${q(`${relation} ${tokenText(this.st, end + 1, n - 1)} ${meant}`)}`);
      return;
    }
    this.add(n, `${q(at)}: ${reads}, not ${what}, ${REFUSED}; write the keyword meant before ${xText} (WHERE, JOIN ...), or remove ${xText}`);
  }
}
