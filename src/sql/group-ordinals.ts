/**
 * An ordinal in a GROUP BY (`GROUP BY 1`, the Spark / MySQL / PostgreSQL way to name the first
 * SELECT item): Flink's conformance reads it as the number it is (flink
 * `flink-table/flink-sql-parser/src/main/java/org/apache/flink/sql/parser/validate/FlinkSqlConformance.java`
 * `isGroupByOrdinal` is false; calcite `SqlValidatorImpl` replaces a GROUP BY ordinal by its
 * SELECT item only when the conformance allows it), so the query groups by a constant and the
 * first SELECT column outside an aggregate fails the validator with "Expression 'c' is not being
 * grouped" (calcite `CalciteResource.notGroupExpr`, raised by `AggChecker`, which visits the SELECT
 * items in order). A query whose SELECT list holds only aggregates and constants is valid, and stays quiet.
 * So does an item whose columns another grouping element of the clause may cover: a column inside
 * `ROLLUP(...)`, `CUBE(...)`, `GROUPING SETS(...)` or an expression such as `UPPER(c)` counts as
 * grouped (AggChecker takes an item that equals a grouping expression, and every column of those
 * constructs is one), so `GROUP BY UPPER(region), 1` under `SELECT UPPER(region), COUNT(*)` is quiet.
 */
import type { ExpressionReading } from "./aggregate-calls.js";
import { COLUMN_REF, shownText, withoutAlias, type SelectQuery, type SelectItem } from "./insert-query.js";
import { sqlName } from "./reserved-words.js";
import { NAME, topLevelSplit, unquoteIdentifier, type Span } from "./top-level.js";

/** A SELECT item with how its expression reads (undefined for `*`). */
export interface ReadItem {
  readonly item: SelectItem;
  readonly read: ExpressionReading | undefined;
}

/** A name in code (plain, or back-quoted: codeOnly turns those into `q`s). */
const WORD = new RegExp(String.raw`(?<![A-Za-z0-9_$])${NAME}(?![A-Za-z0-9_$])`, "g");

const oneLine = (s: string): string => s.trim().replace(/\s*[\r\n]\s*/g, " ");

/**
 * The error for the ordinals of the GROUP BY body at `span` of q's code, when one makes the query
 * fail (see the module comment); undefined when the clause has none, or the query is valid anyway.
 */
export function groupOrdinalProblem(q: SelectQuery, span: Span, items: readonly ReadItem[]): string | undefined {
  const quantifier = /^\s*(?:ALL|DISTINCT)\s/i.exec(q.code.slice(span[0], span[1]));
  const parts = topLevelSplit(q.code, span[0] + (quantifier?.[0].length ?? 0), span[1]);
  if (parts === undefined) return undefined;
  const ordinals: { k: number; span: Span }[] = [];
  const grouped = new Set<string>();
  for (const [s, e] of parts) {
    const code = q.code.slice(s, e).trim();
    const from = s + q.code.slice(s, e).indexOf(code);
    if (/^\d+$/.test(code)) ordinals.push({ k: Number(code), span: [from, from + code.length] });
    else if (COLUMN_REF.test(code)) grouped.add(unquoteIdentifier(q.text.slice(from, from + code.length).replace(/^.*\.\s*/s, "")));
    // Any other element (an expression, ROLLUP / CUBE / GROUPING SETS): each name in it may be what an item groups by.
    else for (const w of code.matchAll(WORD)) grouped.add(unquoteIdentifier(q.text.slice(from + w.index, from + w.index + w[0].length)));
  }
  if (ordinals.length === 0) return undefined;
  // The column Calcite's AggChecker stops at: the first one read outside an aggregate that the rest of the clause does not group by.
  let failing: string | undefined;
  // Calcite prints the identifier as written, its parts unquoted (SqlIdentifier.toString).
  const qualified = (ref: ExpressionReading["refs"][number], name: string): string =>
    ref.qualifier === undefined ? name : `${shownText({ text: ref.qualifier, tables: q.tables }, 0, ref.qualifier.length)}.${name}`;
  /** As Flink's message shows the column (no quotes). */
  const shown = (ref: ExpressionReading["refs"][number]): string => qualified(ref, ref.name);
  /** As the fix must write it (back-quoted when reserved or no plain identifier: reserved-words.ts sqlName). */
  const written = (ref: ExpressionReading["refs"][number]): string => qualified(ref, sqlName(ref.name));
  for (const { read } of items) {
    if (read === undefined || read.unsure || read.windowed.length > 0) return undefined;
    const ref = read.refs.find((r) => !grouped.has(r.name));
    if (ref === undefined) continue;
    failing = shown(ref);
    break;
  }
  if (failing === undefined) return undefined;
  // Every other column a SELECT item reads outside an aggregate that neither the clause nor an ordinal's item groups: the fix names them too.
  const byOrdinal = new Set(ordinals.map((o) => o.k - 1));
  const covered = new Set([...grouped, ...items.filter((_, i) => byOrdinal.has(i)).flatMap((x) => x.read?.refs.map((r) => r.name) ?? [])]);
  const ungrouped: string[] = [];
  for (const [i, { read }] of items.entries()) {
    if (byOrdinal.has(i)) continue;
    for (const r of read?.refs ?? []) {
      if (covered.has(r.name)) continue;
      covered.add(r.name);
      ungrouped.push(written(r));
    }
  }
  // The clause with each ordinal replaced by its SELECT item's expression (kept as written when it names none).
  let text = q.text.slice(span[0], span[1]);
  const targets: string[] = [];
  for (const o of [...ordinals].reverse()) {
    const target = items[o.k - 1];
    const expression = target?.read === undefined || target.read.aggregates.length > 0 ? undefined : withoutAlias(target.item).text;
    if (expression === undefined) continue;
    targets.unshift(oneLine(shownText({ text: expression, tables: q.tables }, 0, expression.length)));
    const [s, e] = [o.span[0] - span[0], o.span[1] - span[0]];
    text = text.slice(0, s) + expression + text.slice(e);
  }
  const numbers = ordinals.map((o) => o.k).join(", ");
  const several = ordinals.length > 1;
  const named = targets.length === 0 ? "" : `, not as the SELECT item${targets.length > 1 ? "s" : ""} ${targets.join(", ")}`;
  const clause = [oneLine(shownText({ text, tables: q.tables }, 0, text.length)), ...ungrouped].join(", ");
  const fix = targets.length === ordinals.length ? `write GROUP BY ${clause}` : "name the expressions to group by instead of their positions";
  return (
    `the GROUP BY has the ordinal${several ? "s" : ""} ${numbers}, which Flink reads as ${several ? "constants" : "a constant"}${named}: ` +
    `its SQL conformance takes no ordinal in GROUP BY (flink FlinkSqlConformance.isGroupByOrdinal), so Flink fails when the job starts ("Expression '${failing}' is not being grouped"); ${fix}`
  );
}
