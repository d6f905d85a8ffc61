/**
 * An `INSERT INTO ${sink} VALUES (...), (...)` against the sink's columns, checked at preview where
 * Flink fails the job when it starts. Flink validates the INSERT's source query alone (flink
 * `FlinkPlannerImpl.validateRichSqlInsert`), and calcite `SqlValidatorImpl.validateValues` then
 * checks a VALUES of two or more rows:
 *
 * - every row has the first row's number of values, else "Values passed to VALUES operator must
 *   have compatible types" (`RESOURCE.incompatibleValueType("VALUES")`);
 * - each column's values have a least restrictive type (row-types.ts), else the same error.
 *
 * The VALUES' row type is each column's least restrictive type (`getTableConstructorRowType`),
 * which Flink then casts into the sink as it casts a SELECT list (flink
 * `DynamicSinkUtils.validateSchemaAndApplyImplicitCast`: "Different number of columns",
 * "Incompatible types for sink column"): checked here with sink-value-types.ts, where each row's
 * value in the column is typed (a literal, a CAST, an expression over no column: expression-types.ts).
 *
 * Read only without a column list or static partition after the sink (flink `PreValidateReWriter`
 * rewrites the rows then), for rows written in parentheses; a row holding an Output is not read.
 */
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { nameList } from "../validation/name-list.js";
import { expressionType } from "./expression-types.js";
import { holdsOutput, insertSource, shownText } from "./insert-query.js";
import { mergeColumn, type Cell } from "./row-types.js";
import { literalType } from "./select-item-types.js";
import type { SelectedValue } from "./selected-values.js";
import { checkValueType } from "./sink-value-types.js";
import type { AnalyzedStatement } from "./statement.js";
import { closingParen, topLevelSplit } from "./top-level.js";
import { DataTypes } from "../types/datatypes.js";

const VALUES_ERROR = `"Values passed to VALUES operator must have compatible types"`;

/** One value of a row: its text for messages, and its type when known. */
interface RowValue {
  readonly shown: string;
  readonly cell: Cell | undefined;
}

/** The rows of the VALUES the INSERT `a` writes (see the module comment), or undefined for another source. */
function readRows(a: AnalyzedStatement, functions: () => ReadonlySet<string>): RowValue[][] | undefined {
  const src = insertSource(a);
  if (src === undefined) return undefined;
  const { text, code } = src;
  const head = /^\s*VALUES\b/i.exec(code);
  const parts = head === null || holdsOutput(code) ? undefined : topLevelSplit(code, head[0].length, code.length);
  if (parts === undefined) return undefined;
  const rows: RowValue[][] = [];
  for (const [s, e] of parts) {
    const open = s + (code.slice(s, e).length - code.slice(s, e).trimStart().length);
    const close = code[open] === "(" ? closingParen(code, open) : -1;
    const cells = close < 0 || code.slice(close + 1, e).trim() !== "" ? undefined : topLevelSplit(code, open + 1, close);
    if (cells === undefined || code.slice(open + 1, close).trim() === "") return undefined;
    rows.push(
      cells.map(([cs, ce]) => {
        const from = cs + (code.slice(cs, ce).length - code.slice(cs, ce).trimStart().length);
        const to = from + code.slice(from, ce).trim().length;
        const [c, t] = [code.slice(from, to), text.slice(from, to)];
        const shown = (x: number, y: number): string => shownText(src, from + x, from + y);
        const derived = /^NULL$/i.test(c) ? { type: DataTypes.NULL() } : expressionType(c, t, { columns: [], qualifiers: [], functions, columnType: () => undefined, shown });
        return { shown: shown(0, c.length), cell: derived === undefined ? undefined : { derived, literal: literalType(c, t) !== undefined || /^NULL$/i.test(c) } };
      }),
    );
  }
  return rows;
}

/**
 * Checks an INSERT whose source is VALUES (see the module comment) against `sinkColumns` (the
 * sink's insertable columns); problems at `statements[i]`. Nothing is reported for another source.
 * `enforced`: the not-null enforcer, as SinkValues.enforced (sink-value-types.ts).
 */
export function checkValuesRows(a: AnalyzedStatement, target: TableDefinition, sinkColumns: readonly TableColumn[], functions: () => ReadonlySet<string>, diag: Diagnostics, enforced?: boolean): void {
  const rows = readRows(a, functions);
  if (rows === undefined || rows.length === 0) return;
  const at = `statements[${a.index}]`;
  const width = rows[0]!.length;
  const columns = `${target.label}'s ${sinkColumns.length} columns (${nameList(sinkColumns.map((c) => c.name))})`;
  if (rows.some((r) => r.length !== width)) {
    const counts = rows.map((r, i) => `row ${i + 1}: ${r.length}`).join(", ");
    diag.error(at, `the VALUES rows hold different numbers of values (${counts}), and Flink's validator refuses them when the job starts (${VALUES_ERROR}): give every row one value per column of ${columns}, in the same order`);
    return;
  }
  const values: (SelectedValue | undefined)[] = [];
  for (let i = 0; i < width; i++) {
    const cells = rows.map((r) => r[i]!);
    const merged = mergeColumn(cells.map((c) => c.cell));
    if (merged === "none") {
      const parts = cells.map((c, k) => `${c.shown} (${c.cell!.derived.type.nullable().toString()}) in row ${k + 1}`);
      const col = width === sinkColumns.length ? sinkColumns[i] : undefined;
      diag.error(
        at,
        `value ${i + 1} of the VALUES rows has no type all rows' values convert to: ${parts.join(", ")}; Flink's validator refuses them when the job starts (${VALUES_ERROR}). ` +
          `Write the column's value as one type in every row${col?.type !== undefined ? ` (${target.label}'s column ${JSON.stringify(col.name)} is ${col.type.nullable().toString()})` : ""}, with a CAST where it is another`,
      );
    }
    if (merged === undefined || merged === "none") {
      values.push(undefined);
      continue;
    }
    const shown = cells.map((c) => c.shown).join(" | ");
    const types = cells.map((c) => c.cell!.derived.type.nullable().toString()).join(", ");
    const why = rows.length === 1 ? cells[0]!.cell!.derived.why : `as Flink types the VALUES rows' ${types}`;
    // The CAST in advice wraps a value of the merged type (the widest), else the first.
    const example = (cells.find((c) => c.cell!.derived.type.nullable().equals(merged.type.nullable())) ?? cells[0]!).shown;
    const bound = merged.bound;
    values.push({ shown, type: merged.type, expression: { shown: example, why }, ...(bound ? { bound: () => bound } : {}), ...(merged.literal ? { literal: example } : {}) });
  }
  if (width !== sinkColumns.length) {
    diag.error(
      at,
      `the VALUES rows hold ${width} value${width === 1 ? "" : "s"} each, but ${target.label} has ${sinkColumns.length} column${sinkColumns.length === 1 ? "" : "s"} to fill (${nameList(sinkColumns.map((c) => c.name))}); ` +
        `Flink fails when the job starts ("Different number of columns"): give every row one value per column, in this order`,
    );
    return;
  }
  values.forEach((v, i) => {
    if (v !== undefined) checkValueType(v, i, sinkColumns[i]!, { at, target, targets: sinkColumns, diag, enforced, list: "the VALUES rows", convert: "in every row" });
  });
}
