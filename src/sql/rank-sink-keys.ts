/**
 * A streaming Top-N written into a keyed sink whose primary key cannot hold its rows: the sink keeps
 * one row per key value, so rows of the Top-N that share it overwrite each other, silently.
 *
 * What makes a Top-N row unique (flink-table-planner `FlinkRelMdUniqueKeys.getRankUniqueKeys`,
 * `FlinkRelMdUpsertKeys` for Rank): a ROW_NUMBER bounded to the first row (a deduplication) is
 * unique by its partition columns; otherwise, with the row number in the output, by the partition
 * columns and the row number, and in any case by a key of its input (for the upsert key, one that
 * contains the partition columns). Flink's Top-N docs (`docs/content/docs/dev/table/sql/queries/topn.md`,
 * "No Ranking Output Optimization") ask for a result table with the Top-N's unique key. A sink key
 * that does not contain the input's upsert key makes Flink add a SinkUpsertMaterializer under
 * `table.exec.sink.upsert-materialize` AUTO (`FlinkChangelogModeInferenceProgram`
 * `analyzeUpsertMaterializeStrategy`), which keeps the last row per sink key; under NONE the sink
 * overwrites by its key. Either way a table keyed by fewer columns keeps fewer rows.
 *
 * Reported (checkRankSinkKey): each sink key column is filled by a plain column reference, every one
 * of them a partition column of a ROW_NUMBER Top-N or its number, and they miss one of what makes a
 * row unique (a Top-N of several rows per partition keyed by its partition columns; a deduplication
 * keyed by part of them). Quiet when an input key is known to lie within the sink key (a read
 * table's primaryKey, a GROUP BY of plain columns: then a partition has one row anyway), when
 * anything above the ranking could give its rows another key (an aggregation, DISTINCT, a join, a
 * set operation, another OVER, a LIMIT), when a name is renamed on the way, and for a window Top-N.
 * A warning instead of an error where an input's key cannot be read (a table named in plain text,
 * a GROUP BY of expressions). The global Top-N (ORDER BY ... LIMIT n: checkSortLimitSinkKey) has no
 * key of its own (`FlinkRelMdUniqueKeys` / `FlinkRelMdUpsertKeys` for Sort: the input's keys), so a
 * sink key that does not contain a known input key is a warning: whether two of its rows share the
 * sink key depends on the data.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { quotedNames as list, jsonNames as jsonList } from "../validation/name-list.js";
import { COLUMN_REF, readInsertQuery, STAR, VIEW_COLUMN_LIST, withoutAlias } from "./insert-query.js";
import { boundedRankings, querySpan, type BoundedRanking } from "./rankings.js";
import { sortLimits } from "./sort-limits.js";
import { statementCode, type AnalyzedStatement } from "./statement.js";
import { closingParen, topLevelSplit, unquoteIdentifier, WRITTEN_NAME } from "./top-level.js";
import { withViews, written } from "./view-names.js";
import { leadingWithList, withQueriesRead } from "./with-queries.js";

/** What sits above a ranking and may give its rows another key, or change them. */
const REKEYS = /\bGROUP\s+BY\b|\bDISTINCT\b|\bJOIN\b|\bUNION\b|\bINTERSECT\b|\bEXCEPT\b|\bMINUS\b|\bOVER\s*\(|\bLATERAL\b|\bTABLE\s*\(|\bMATCH_RECOGNIZE\b|\bLIMIT\b|\bFETCH\b|,\s*\(\s*SELECT\b/i;
const PLAIN_NAME = new RegExp(String.raw`^${WRITTEN_NAME}(?:\s*\.\s*${WRITTEN_NAME})*$`);


/** The unqualified, unquoted names of a comma list of plain column references; undefined when one is not. */
function plainNames(listText: string): string[] | undefined {
  const parts = topLevelSplit(listText, 0, listText.length) ?? [[0, listText.length]];
  const names: string[] = [];
  for (const [s, e] of parts) {
    const item = listText.slice(s, e).trim();
    if (!PLAIN_NAME.test(item)) return undefined;
    names.push(unquoteIdentifier(item.split(/\s*\.\s*/).pop()!));
  }
  return names;
}

/** The sink key columns, each with the name of the column the INSERT fills it from; and every filled column by that name. */
interface KeyFill {
  readonly key: readonly string[];
  /** Source-side name per key column, in key order. */
  readonly names: readonly string[];
  /** Sink column per source-side name, for every value that is a plain column reference. */
  readonly sinkOf: ReadonlyMap<string, string>;
}

function keyFill(a: AnalyzedStatement, t: TableDefinition): KeyFill | undefined {
  const key = t.primaryKey;
  const q = readInsertQuery(a, true);
  if (key === undefined || key.length === 0 || q === undefined || q.staticPartition !== undefined) return undefined;
  const targets = q.columnList?.map((c) => c.name) ?? t.columns?.filter((c) => c.insertable).map((c) => c.name);
  if (targets === undefined || q.items.length !== targets.length || q.items.some((i) => STAR.test(i.code))) return undefined;
  const sinkOf = new Map<string, string>();
  q.items.forEach((item, i) => {
    const w = withoutAlias(item);
    const m = COLUMN_REF.exec(w.code);
    if (m !== null && !sinkOf.has(unquoteIdentifier(w.text.slice(w.code.length - m[2]!.length)))) sinkOf.set(unquoteIdentifier(w.text.slice(w.code.length - m[2]!.length)), targets[i]!);
  });
  const names = key.map((k) => [...sinkOf].find(([, sink]) => sink === k)?.[0]);
  return names.every((n) => n !== undefined) ? { key, names: names as string[], sinkOf } : undefined;
}

/** True when some text gives `name` to something other than a column of that name (`x AS name`); `own` is the ranking's alias after its OVER (...). */
function renamed(texts: readonly string[], name: string, own: string | undefined): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  for (const text of texts) {
    for (const m of text.matchAll(new RegExp(`\\bAS\\s+\`?${escaped}\`?(?![A-Za-z0-9_$\`])`, "gi"))) {
      const before = text.slice(0, m.index);
      if (new RegExp(`(?:^|[\\s,(.])\`?${escaped}\`?\\s*$`).test(before)) continue;
      if (name === own && /\)\s*$/.test(before)) continue;
      return true;
    }
  }
  return false;
}

/** Where a ranking or sort sits among the statement's parts, and what is above and below it. */
interface Placement {
  /** Text above the ranking: outside its query level, and the parts that read its part. */
  readonly above: string;
  /** Tables and texts below it: its own query level and the views its part reads. */
  readonly belowTexts: readonly string[];
  readonly belowReads: readonly TableDefinition[];
  /** The names of the WITH queries of the statement and its views: relations whose text is below, not catalog tables. */
  readonly withNames: ReadonlySet<string>;
}

function placement(parts: readonly AnalyzedStatement[], texts: readonly string[], i: number, span: [number, number], views: ReadonlyMap<string, AnalyzedStatement>): Placement {
  const below = withViews(parts[i]!, views).slice(1);
  const text = texts[i]!;
  // The WITH queries the ranking's level reads are below it, as its views are (with-queries.ts).
  const spans = [span, ...withQueriesRead(text, span).map((q): [number, number] => [q.open, q.close + 1])];
  const outside = spans.reduce((t, [s, e]) => t.slice(0, s) + " ".repeat(e - s) + t.slice(e), text);
  const above = [outside, ...parts.flatMap((p, j) => (j !== i && !below.includes(p) ? [texts[j]!] : []))].join("\n;\n");
  const belowTexts = [...spans.map(([s, e]) => text.slice(s, e)), ...below.map((p) => statementCode(p, true))];
  const withNames = new Set(texts.flatMap((t) => leadingWithList(t)?.queries.map((q) => q.name) ?? []));
  return { above, belowTexts, belowReads: [...parts[i]!.reads, ...below.flatMap((p) => p.reads)], withNames };
}

/** Whether an input key is known to lie within `names` ("inside"), none is readable that could ("unknown"), or none does. */
function inputKeyWithin(p: Placement, names: readonly string[], views: ReadonlyMap<string, AnalyzedStatement>): "inside" | "unknown" | "outside" {
  if (p.belowReads.some((t) => t.primaryKey !== undefined && t.primaryKey.length > 0 && t.primaryKey.every((k) => names.includes(k)))) return "inside";
  let unknown = false;
  for (const text of p.belowTexts) {
    for (const g of text.matchAll(/\bGROUP\s+BY\b([\s\S]*?)(?=\bHAVING\b|\bORDER\s+BY\b|\bLIMIT\b|\bWINDOW\b|\bUNION\b|\)|$)/gi)) {
      const grouped = plainNames(g[1]!.trim());
      if (grouped === undefined) unknown = true;
      else if (grouped.every((n) => names.includes(n))) return "inside";
    }
    // A relation named in plain text (a catalog table): its key is not known here.
    for (const m of text.matchAll(/\b(?:FROM|JOIN)\s+(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$.]*)/gi)) {
      const word = m[1]!;
      if (word === "x" || /^(?:TABLE|LATERAL|UNNEST)$/i.test(word) || p.withNames.has(unquoteIdentifier(word)) || [...views.keys()].some((v) => v.split(".").pop() === unquoteIdentifier(word.split(".").pop()!))) continue;
      unknown = true;
    }
  }
  return unknown ? "unknown" : "outside";
}

/** What the sink should be keyed by for a ranking: sink columns, or undefined when the INSERT does not fill them all. */
function sinkColumns(fill: KeyFill, names: readonly string[]): string[] | undefined {
  const cols = names.map((n) => fill.sinkOf.get(n));
  return cols.every((c) => c !== undefined) ? (cols as string[]) : undefined;
}

/** The error or warning for a Top-N whose rows the sink key cannot hold. */
function rankMessage(t: TableDefinition, fill: KeyFill, r: BoundedRanking, partition: readonly string[], via: string, inputKey: readonly string[] | undefined, hedge: boolean): string {
  const shown = `ROW_NUMBER() OVER (PARTITION BY ${r.partition.trim()}${r.order !== undefined ? ` ORDER BY ${r.order}` : ""})`;
  const several = r.filter !== "first" && r.several;
  const unique = several ? [...partition, r.alias] : partition;
  const what = several
    ? `a Top-N${via} (${shown}, ${r.alias} bounded to several rows per partition), whose rows are unique by (${list(unique)}) or by a key of its input`
    : `a deduplication${via} (${shown}, the first row per partition), whose rows are unique by (${list(partition)})`;
  const keeps = several ? `several rows per (${list(partition)})` : `one row per (${list(partition)})`;
  const outRn = sinkColumns(fill, unique);
  const outInput = inputKey === undefined ? undefined : sinkColumns(fill, inputKey);
  const fix = !several
    ? outRn !== undefined
      ? `declare primaryKey: ${jsonList(outRn)} on ${t.label}`
      : `write every partition column (${list(partition)}) into ${t.label} and key it by them`
    : outRn !== undefined
      ? `declare primaryKey: ${jsonList(outRn)} on ${t.label} (the partition columns and the row number)${outInput !== undefined ? `, or primaryKey: ${jsonList(outInput)} (the input's key)` : ""}`
      : outInput !== undefined
        ? `declare primaryKey: ${jsonList(outInput)} on ${t.label} (the input's key, as Flink's Top-N docs ask when the row number is not written), or write ${r.alias} too and key the sink by the partition columns and it`
        : `write ${r.alias} into ${t.label} too and key it by the partition columns and it (${list(unique)})`;
  // Unique keys of a Rank: flink FlinkRelMdUniqueKeys.getRankUniqueKeys (docs topn.md: the result table needs the Top-N's
  // unique key). Under table.exec.sink.upsert-materialize AUTO a SinkUpsertMaterializer goes before a sink whose key does not
  // contain the input's upsert key (FlinkChangelogModeInferenceProgram.analyzeUpsertMaterializeStrategy); it keeps the last row per sink key.
  return (
    `${t.label} is keyed by (${list(fill.key)}), which the statement fills from ${list(fill.names)} of ${what}. ` +
    `It keeps ${keeps}, but the sink holds one row per (${list(fill.key)}): rows that share a key overwrite each other, ` +
    `so the table silently keeps fewer rows than the Top-N${hedge ? " (unless the ranking's input has at most one row per sink key, which its text does not tell)" : ""}; ${fix}${several ? `, or keep one row per (${list(partition)}) with ${r.alias} = 1` : ""}`
  );
}

/**
 * Checks an INSERT of a streaming job into a keyed sink against the ROW_NUMBER Top-Ns of the
 * statement and the views it reads (withViews): an error at `statements[i]` when the sink key
 * cannot hold the Top-N's rows (see the module comment), a warning where an input key cannot be read.
 */
export function checkRankSinkKey(a: AnalyzedStatement, views: ReadonlyMap<string, AnalyzedStatement>, diag: Diagnostics): void {
  const t = a.target;
  if (t === undefined || t.appendOnly !== undefined || (t.iceberg !== undefined && t.iceberg.upsert !== true && t.iceberg.formatVersion === 1)) return;
  const parts = withViews(a, views);
  if (!parts.some((p) => p.statement.segments.some((s) => s.kind === "text" && /ROW_NUMBER|\bLIMIT\b|\bFETCH\b/i.test(s.text)))) return;
  const fill = keyFill(a, t);
  if (fill === undefined || parts.some((p) => p.kind === "view" && VIEW_COLUMN_LIST.test(statementCode(p, true)))) return;
  const texts = parts.map((p) => statementCode(p, true));
  // A WITH query that renames its columns (`WITH q (a, b) AS (...)`), as a view's column list: not followed.
  if (texts.some((x) => leadingWithList(x)?.queries.some((q) => q.columns))) return;
  const allText = texts.join("\n;\n");
  const at = `statements[${a.index}]`;
  for (let i = 0; i < parts.length; i++) {
    for (const r of boundedRankings(texts[i]!, allText)) {
      const withQuery = leadingWithList(texts[i]!)?.queries.find((q) => r.at > q.open && r.at < q.close);
      const via = `${withQuery === undefined ? "" : ` in the WITH query ${written(withQuery.name)}`}${i === 0 ? "" : ` ${withQuery === undefined ? "in" : "of"} the view in statements[${parts[i]!.index}]`}`;
      if (r.fn !== "ROW_NUMBER" || (/\bwindow_start\b/i.test(r.partition) && /\bwindow_end\b/i.test(r.partition))) continue;
      const partition = plainNames(r.partition.trim());
      if (partition === undefined || partition.length === 0) continue;
      const several = r.filter !== "first" && r.several;
      const unique = several ? [...partition, r.alias] : partition;
      // The sink key within the partition columns and row number, missing one of what makes a row unique.
      if (!fill.names.every((n) => partition.includes(n) || n === r.alias) || unique.every((u) => fill.names.includes(u))) continue;
      if (fill.names.some((n) => renamed(texts, n, r.alias)) || partition.some((n) => renamed(texts, n, undefined))) continue;
      const p = placement(parts, texts, i, querySpan(texts[i]!, r.at), views);
      if (REKEYS.test(p.above.replace(/\bROW_NUMBER\s*\(\s*\)\s*OVER\s*\(/gi, ""))) continue;
      const within = inputKeyWithin(p, fill.names, views);
      if (within === "inside") continue;
      const inputKey = p.belowReads.find((s) => s.primaryKey !== undefined && s.primaryKey.length > 0)?.primaryKey;
      const message = rankMessage(t, fill, r, partition, via, inputKey, within === "unknown");
      if (within === "unknown") diag.warn(at, message);
      else diag.error(at, message);
      return;
    }
  }
  checkSortLimitSinkKey(a, t, fill, parts, texts, views, diag);
}

/**
 * A global Top-N (ORDER BY ... LIMIT / FETCH n, n > 1) written into a keyed sink whose key does not
 * contain a known key of the sort's input: a warning, as rows of the top n that share the sink key
 * overwrite each other (the sort has no key of its own: FlinkRelMdUniqueKeys / FlinkRelMdUpsertKeys
 * for Sort give the input's), unless the data keeps the sink key unique.
 */
function checkSortLimitSinkKey(a: AnalyzedStatement, t: TableDefinition, fill: KeyFill, parts: readonly AnalyzedStatement[], texts: readonly string[], views: ReadonlyMap<string, AnalyzedStatement>, diag: Diagnostics): void {
  for (let i = 0; i < parts.length; i++) {
    for (const s of sortLimits(texts[i]!)) {
      const n = /(?:LIMIT|FETCH\s+(?:FIRST|NEXT))\s+([0-9]+)/i.exec(s.shown);
      if (n === null || Number(n[1]) <= 1) continue;
      const span: [number, number] = s.open < 0 ? [0, texts[i]!.length] : [s.open, closingParen(texts[i]!, s.open)];
      const p = placement(parts, texts, i, span, views);
      if (REKEYS.test(p.above) || fill.names.some((name) => renamed(texts, name, undefined))) continue;
      if (inputKeyWithin(p, fill.names, views) === "inside") continue;
      const inputKey = p.belowReads.find((r) => r.primaryKey !== undefined && r.primaryKey.length > 0)?.primaryKey;
      const outInput = inputKey === undefined ? undefined : sinkColumns(fill, inputKey);
      const via = i === 0 ? "" : ` (through the view in statements[${parts[i]!.index}])`;
      diag.warn(
        `statements[${a.index}]`,
        `${t.label} is keyed by (${list(fill.key)}), and the statement${via} keeps the first ${n[1]} rows of all rows (${s.shown}): a Top-N over the whole stream has no key of its own ` +
          "(its rows are unique only by its input's key: flink FlinkRelMdUniqueKeys / FlinkRelMdUpsertKeys for Sort), and rows of the top ones that share the sink's key overwrite each other, " +
          `so the table may keep fewer rows. Unless (${list(fill.names)}) is unique among the input's rows, ` +
          (outInput !== undefined ? `declare primaryKey: ${jsonList(outInput)} on ${t.label} (the input's key), or ` : "") +
          `rank with ROW_NUMBER() OVER (ORDER BY ${s.keys}) AS rn in a subquery, filter rn <= ${n[1]}, write rn and key ${t.label} by it`,
      );
      return;
    }
  }
}
