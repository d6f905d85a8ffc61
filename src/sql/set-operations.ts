/**
 * An INSERT whose query is a set operation (`SELECT ... UNION ALL SELECT ...`; also UNION,
 * INTERSECT, EXCEPT with or without ALL / DISTINCT, one operator throughout), read branch by branch
 * (each a SELECT in the plain shape: insert-query.ts readSelectSpan; its columns typed over its own
 * FROM table, window TVF, view or WITH query: relation-types.ts queryColumns):
 *
 * - branches of different widths: an error. calcite `SetopOperandTypeChecker.checkOperandTypes`
 *   compares each operand's column count with the first one's and throws
 *   `RESOURCE.columnCountMismatchInSetop(operator name)`, "Column count mismatch in UNION ALL"
 *   (calcite `CalciteResource`; the operator names are calcite `SqlStdOperatorTable`'s: "UNION",
 *   "UNION ALL", "INTERSECT", "EXCEPT ALL" ...); Flink's validator stops there.
 * - a column whose branches' values have no common type: an error. The same checker takes each
 *   column's least restrictive type (row-types.ts) and, with type coercion disabled, throws
 *   `columnTypeMismatchInSetop`, "Type mismatch in column 2 of UNION ALL".
 * - the set operation's row type is each column's least restrictive type (`SqlSetOperator`:
 *   ReturnTypes.LEAST_RESTRICTIVE), and that type is what Flink casts into the sink column (flink
 *   `DynamicSinkUtils.validateSchemaAndApplyImplicitCast` on the query's row type), not each
 *   branch's: `SELECT 1 ... UNION ALL SELECT CAST(x AS BIGINT) ...` writes a BIGINT. The values
 *   returned here carry that type where it is certain (every branch's value typed, and a merge
 *   row-types.ts types), for insert-columns.ts to check as it checks a SELECT list's values.
 *
 * Read only without a column list or static partition after the sink (flink `PreValidateReWriter`
 * rewrites each branch then); a branch in parentheses, MINUS, mixed operators and a branch whose `*`
 * cannot be expanded leave the statement's counts and types to Flink.
 */
import type { TableColumn } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { nameList } from "../validation/name-list.js";
import { insertSource, readSelectSpan, type InsertQuery } from "./insert-query.js";
import { queryColumns, type QueryColumn, type RelationContext } from "./relation-types.js";
import { mergeColumn } from "./row-types.js";
import type { SelectedValue } from "./selected-values.js";
import { statementCode, type AnalyzedStatement } from "./statement.js";
import { SET_WORDS, topLevelOnly } from "./top-level.js";

const SET_WORD = /UNION|INTERSECT|EXCEPT/i;
const SET_OPERATOR = new RegExp(String.raw`(?<![\w$])(${SET_WORDS})(?:\s+(ALL|DISTINCT))?(?![\w$])`, "gi");

/** What insert-columns.ts checks for a set operation: the values it writes (undefined: not known), or nothing more when the branches' widths differ. */
export interface SetOperationValues {
  readonly values: SelectedValue[] | undefined;
  /** True when an error about the branches was reported that ends the statement's checks (their widths differ). */
  readonly stop: boolean;
  /** The operator as Flink names it (`UNION ALL`), for advice. */
  readonly operator: string;
}

/**
 * The branches of the set operation in `q`'s code from `start` (the first branch's SELECT keyword),
 * the operator's name and each branch's columns; undefined for another query.
 */
function branches(q: Pick<InsertQuery, "text" | "code" | "tables">, start: number, ctx: RelationContext): { operator: string; columns: (QueryColumn[] | undefined)[] } | undefined {
  const flat = /^SELECT\b/i.test(q.code.slice(start)) ? topLevelOnly(q.code, start, q.code.length) : undefined;
  if (flat === undefined) return undefined;
  const ops = [...flat.matchAll(SET_OPERATOR)];
  if (ops.length === 0) return undefined;
  const names = ops.map((m) => `${m[1]!.toUpperCase()}${m[2]?.toUpperCase() === "ALL" ? " ALL" : ""}`);
  if (names.some((n) => n !== names[0] || n.startsWith("MINUS"))) return undefined;
  const spans: [number, number][] = [];
  let from = start;
  for (const m of ops) {
    spans.push([from, start + m.index!]);
    from = start + m.index! + m[0].length;
  }
  spans.push([from, q.code.length]);
  const columns = spans.map(([s, e]) => {
    const pos = s + (q.code.slice(s, e).length - q.code.slice(s, e).trimStart().length);
    const branch = /^SELECT\b/i.test(q.code.slice(pos, e)) ? readSelectSpan(q, pos, e) : undefined;
    return branch === undefined ? undefined : queryColumns(branch, ctx, 0, true);
  });
  return { operator: names[0]!, columns };
}

/**
 * The set operation the INSERT `a` writes (see the module comment), read as `q` (readInsertQuery
 * after a WITH list; undefined when its first branch has no FROM, as `SELECT 1 UNION ALL ...`), its
 * errors reported at `statements[i]`; undefined for another query (or one not read). `targets`
 * (the sink's columns to fill) are for advice.
 */
export function setOperationValues(a: AnalyzedStatement, q: InsertQuery | undefined, ctx: RelationContext, diag: Diagnostics, targets: readonly TableColumn[]): SetOperationValues | undefined {
  if (q?.columnList !== undefined || q?.staticPartition !== undefined) return undefined;
  // Most statements hold no set operator at all: nothing more to read.
  if (!SET_WORD.test(q?.code ?? statementCode(a))) return undefined;
  const src = q ?? insertSource(a);
  const first = q?.items[0];
  const start = first !== undefined ? /SELECT\s+(?:(?:DISTINCT|ALL)\s+)?$/i.exec(q!.code.slice(0, first.start))?.index : src === undefined ? undefined : src.code.length - src.code.trimStart().length;
  const read = src === undefined || start === undefined ? undefined : branches(src, start, ctx);
  const at = `statements[${a.index}]`;
  const target = a.target!;
  if (read === undefined) return undefined;
  const { operator, columns } = read;
  const width = columns[0]?.length;
  const widths = columns.map((c, i) => [i + 1, c?.length] as const).filter(([, w]) => w !== undefined);
  if (width !== undefined && widths.some(([, w]) => w !== width)) {
    diag.error(
      at,
      `the branches of the ${operator} select different numbers of values (${widths.map(([b, w]) => `branch ${b}: ${w}`).join(", ")}), and Flink's validator refuses them when the job starts ("Column count mismatch in ${operator}"): ` +
        `select one value per column of ${target.label} (${nameList(targets.map((c) => c.name))}) in every branch, in the same order`,
    );
    return { values: undefined, stop: true, operator };
  }
  if (width === undefined) return { values: undefined, stop: false, operator };
  const values: SelectedValue[] = columns[0]!.map((c, i) => {
    const cells = columns.map((b) => (b === undefined || b[i]!.derived === undefined ? undefined : { derived: b[i]!.derived!, literal: b[i]!.literal }));
    const merged = mergeColumn(cells);
    if (merged === "none") {
      const parts = columns.map((b, k) => `${b![i]!.shown} (${b![i]!.derived!.type.nullable().toString()}) in branch ${k + 1}`);
      diag.error(
        at,
        `column ${i + 1} of the ${operator} has no type all its branches' values convert to: ${parts.join(", ")}; Flink's validator refuses it when the job starts ("Type mismatch in column ${i + 1} of ${operator}"). ` +
          `Write the column's value as one type in every branch${targets[i]?.type !== undefined ? ` (${target.label}'s column ${JSON.stringify(targets[i]!.name)} is ${targets[i]!.type!.nullable().toString()})` : ""}, with a CAST where it is another`,
      );
    }
    if (merged === undefined || merged === "none") return { shown: c.shown, name: c.name };
    const types = cells.map((cell) => cell!.derived.type.nullable().toString()).join(", ");
    const expression = { shown: c.value, why: `as Flink types the ${operator} of ${types}` };
    const bound = merged.bound;
    return { shown: c.shown, name: c.name, type: merged.type, expression, ...(bound ? { bound: () => bound } : {}), ...(merged.literal ? { literal: c.value } : {}) };
  });
  return { values, stop: false, operator };
}
