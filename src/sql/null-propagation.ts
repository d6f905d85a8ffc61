/**
 * Which nullable columns make an expression NULL (DerivedType.nullIf), where Flink passes a NULL
 * operand through: the expression is NULL whenever one of them is (insert-columns.ts warns when such
 * an expression goes into a NOT NULL sink column, as for a nullable column itself). Flink's type
 * inference agrees: calcite `SqlTypeTransforms.TO_NULLABLE` makes an operator's result nullable when
 * an operand is, flink `LogicalTypeMerging.findSumAggType` / `findAvgAggType` keep the argument's
 * nullability, and the built-in functions read here return NULL for a NULL input (flink docs
 * `functions/systemFunctions.md`, flink-table-runtime `SqlFunctionUtils`, `DateTimeUtils`).
 *
 * - a column of the FROM table: itself when its type is nullable and its connector may read NULL
 *   into it (TableColumn.neverNull); a literal, a niladic function, `IS [NOT] NULL ...`: none;
 * - arithmetic, `||`, comparisons, LIKE, SIMILAR TO, NOT, CAST, TRY_CAST, a sign, parentheses: the
 *   operands' (any of them); BETWEEN and IN: the tested value's (`1 IN (1, NULL)` is TRUE); AND and
 *   OR: none (`FALSE AND NULL` is FALSE);
 * - CASE, COALESCE, IFNULL, IF(c, a, b): only what makes every value NULL (the columns all of them
 *   are NULL for; a NULL branch is NULL anyway); NULLIF(a, b): a's;
 * - SUM, AVG, MIN, MAX: the argument's (NULL for a group whose values are all NULL); COUNT: none;
 * - CONCAT and the numeric functions (ABS, ROUND, MOD, POWER ...): any argument's; CONCAT_WS: the
 *   separator's (it skips NULL strings); TIMESTAMPADD / TIMESTAMPDIFF: the amount's and the
 *   timestamps' (not the unit); LOCATE: none (not read); every other function read by
 *   function-types.ts: its first argument's (flink generates such calls to return NULL for a NULL
 *   argument: `GenerateUtils.generateCallIfArgsNotNull`).
 *
 * Nothing else is derived (a call the job declares, a view's column: its own query's columns are not
 * the statement's), and a column a top-level WHERE condition rejects NULL for is not counted by the
 * caller: anything not derived stays quiet.
 */
import type { TableColumn } from "../components/table-definition.js";
import type { DataType } from "../types/data-type.js";
import type { CallArgs } from "./function-types.js";
import type { DerivedType } from "./operator-types.js";

type Nulls = readonly TableColumn[] | undefined;

/** Column `c` of type `type` read as it is: itself when it may be NULL. */
export function columnNulls(c: TableColumn, type: DataType): Nulls {
  return type.isNullable && c.neverNull !== true ? [c] : undefined;
}

/** NULL when any of `ds` is: the union of theirs. */
export function anyNull(...ds: readonly (DerivedType | undefined)[]): Nulls {
  const out: TableColumn[] = [];
  for (const d of ds) for (const c of d?.nullIf ?? []) if (!out.includes(c)) out.push(c);
  return out.length > 0 ? out : undefined;
}

/** NULL only when all of `ds` are (NULLs left out: they are NULL anyway): the columns common to theirs. */
export function allNull(ds: readonly (DerivedType | undefined)[]): Nulls {
  const known = ds.filter((d) => d?.type.kind !== "NULL");
  if (known.length === 0) return undefined;
  const out = (known[0]?.nullIf ?? []).filter((c) => known.every((d) => d?.nullIf?.includes(c) === true));
  return out.length > 0 ? out : undefined;
}

/** `d` with `nulls` (without the field when none). */
export function withNulls<T extends DerivedType | undefined>(d: T, nulls: Nulls): T {
  if (d === undefined) return d;
  if (nulls === undefined) return d.nullIf === undefined ? d : ({ ...d, nullIf: undefined } as T);
  return { ...d, nullIf: nulls };
}

/** Functions NULL when any argument is: CONCAT and the numeric ones. */
const ANY_ARGUMENT = new Set(["CONCAT", "ABS", "ROUND", "TRUNCATE", "FLOOR", "CEIL", "CEILING", "MOD", "POWER", "SQRT", "LN", "LOG10", "EXP", "LOG", "LOG2"]);

/** Which columns make the call of built-in `name` NULL (see the module comment). */
export function callNulls(name: string, args: CallArgs): Nulls {
  const all = Array.from({ length: args.count }, (_, i) => args.type(i));
  switch (name) {
    case "COALESCE":
    case "IFNULL":
      return allNull(all);
    case "IF":
      return allNull(all.slice(1));
    case "TIMESTAMPADD":
    case "TIMESTAMPDIFF":
      return anyNull(...all.slice(1));
    case "LOCATE":
      return undefined;
    default:
      return ANY_ARGUMENT.has(name) ? anyNull(...all) : anyNull(all[0]);
  }
}
