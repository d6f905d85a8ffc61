/**
 * The GROUP BY clause of a plain-shape query (insert-query.ts): the columns of the FROM relation
 * it groups by, as Calcite collects its group expressions (calcite `SqlValidatorUtil.analyzeGroupItem`,
 * `AggregatingSelectScope.resolve`). A column counts in any of the forms Calcite accepts: bare or
 * qualified, in parentheses, in a list `(a, b)`, in `GROUPING SETS (...)`, `ROLLUP (...)` or
 * `CUBE (...)` (every column of any grouping set is a group expression, which the SELECT list may
 * name), after `GROUP BY ALL|DISTINCT`; `()` groups by nothing. Any other item is an expression:
 * a SELECT item equal to it, in whole or in part, is grouped too (calcite `AggChecker.isGroupExpr`
 * compares whole expressions), which the text does not tell with certainty.
 *
 * Flink groups neither by a SELECT alias nor by an ordinal (flink `FlinkSqlConformance`:
 * `isGroupByAlias` and `isGroupByOrdinal` are false), so `GROUP BY k` with an alias k fails with
 * "Column 'k' not found" and `GROUP BY 1` groups by the constant 1: such a clause, and any name
 * that is no column of the FROM relation, is not read (undefined), and no ungrouped column is
 * reported for its query: the name itself is (expression-columns.ts, for INSERTs: "Column 'pgae'
 * not found in any table", with "GROUP BY cannot name a SELECT alias" for an alias; an ordinal that
 * leaves a SELECT column ungrouped: group-ordinals.ts). Except a
 * misspelt column: an unqualified name that is no column, no SELECT alias and no SQL word, within
 * typo reach of some columns (known-keys.ts typoCandidates, the reach of the "did you mean"
 * advice): the fixed clause groups by one of them, so each counts as grouped (`misspelt` lists the
 * name), and a column out of reach of every misspelt name is certainly not grouped. A name with no
 * column in reach is not read.
 */
import { typoCandidates } from "../validation/known-keys.js";
import { readExpression, type NameScope } from "./aggregate-calls.js";
import { COLUMN_REF, shownText, withoutAlias, type SelectQuery } from "./insert-query.js";
import { SQL_WORDS } from "./sql-words.js";
import { closingParen, topLevelSplit, unquoteIdentifier, type Span } from "./top-level.js";

export interface Grouping {
  /** The FROM relation's columns the clause groups by. */
  readonly columns: ReadonlySet<string>;
  /** The clause has an item that is an expression, not a column. */
  readonly expressions: boolean;
  /** The clause as written, for messages. */
  readonly shown: string;
  /** The misspelt names of the clause (see the module comment), whose typo candidates `columns` holds. */
  readonly misspelt: readonly string[];
}

const SETS = /^(?:GROUPING\s+SETS|ROLLUP|CUBE)\s*\(/i;

/** The grouping of the GROUP BY body at `span` of q's code; undefined when it is not read with certainty (see the module comment). */
export function readGrouping(q: SelectQuery, span: Span, scope: NameScope): Grouping | undefined {
  const { code, text } = q;
  // An interpolated Output may be any column (its SQL text is not known at preview).
  if (/[\u0000-\u0008]/.test(code.slice(span[0], span[1]))) return undefined;
  const columns = new Set<string>();
  const misspelt: string[] = [];
  let expressions = false;
  const aliases = new Set(q.items.flatMap((item) => withoutAlias(item).alias ?? []));
  const quantifier = /^\s*(?:ALL|DISTINCT)\s/i.exec(code.slice(span[0], span[1]));
  const start = span[0] + (quantifier?.[0].length ?? 0);

  /** Reads the comma-separated items of code[s, e); false when one is not read. */
  const readList = (s: number, e: number, top: boolean): boolean => {
    const parts = topLevelSplit(code, s, e);
    if (parts === undefined) return false;
    // `()` alone is the empty grouping set; an empty item elsewhere is no SQL.
    if (parts.length === 1 && code.slice(s, e).trim() === "") return !top;
    return parts.every(([ps, pe]) => readItem(ps, pe));
  };

  const readItem = (ps: number, pe: number): boolean => {
    const raw = code.slice(ps, pe);
    const from = ps + raw.length - raw.trimStart().length;
    const to = from + raw.trim().length;
    const item = code.slice(from, to);
    if (item === "") return false;
    const sets = SETS.exec(item);
    if (sets !== null && closingParen(code, from + sets[0].length - 1) === to - 1) return readList(from + sets[0].length, to - 1, false);
    if (item.startsWith("(") && closingParen(code, from) === to - 1) return readList(from + 1, to - 1, false);
    if (COLUMN_REF.test(item)) {
      const read = readExpression(code, text, from, to, scope);
      if (read.unsure && !item.includes(".")) return readMisspelt(unquoteIdentifier(text.slice(from, to)), item.startsWith("`"));
      if (read.unsure || read.refs.length !== 1) return false;
      columns.add(read.refs[0]!.name);
      return true;
    }
    // An ordinal (which Flink reads as a constant), or a literal.
    if (/^[+-]?\s*[0-9.']/.test(item)) return false;
    expressions = true;
    return true;
  };

  /** A name that is no column (see the module comment): its typo candidates count as grouped; false when it may be something else. */
  const readMisspelt = (name: string, quoted: boolean): boolean => {
    if (scope.columns.includes(name) || aliases.has(name) || scope.qualifiers.includes(name) || (!quoted && SQL_WORDS.has(name.toUpperCase()))) return false;
    const candidates = typoCandidates(name, scope.columns);
    if (candidates.length === 0) return false;
    candidates.forEach((c) => columns.add(c));
    misspelt.push(name);
    return true;
  };

  return readList(start, span[1], true) ? { columns, expressions, shown: shownText(q, span[0], span[1]), misspelt } : undefined;
}
