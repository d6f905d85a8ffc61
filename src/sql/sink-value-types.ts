/**
 * The type of one value an INSERT writes against the type of the sink column it goes into, as
 * Flink's planner compares them when the job starts (flink `DynamicSinkUtils.validateSchemaAndApplyImplicitCast`
 * with `LogicalTypeCasts.supportsImplicitCast`: types/casts.ts): a value Flink does not convert by
 * itself is an error naming the CAST to write; one it converts with a loss (digits, fractional
 * seconds) a warning. insert-columns.ts reads the values and calls this per value.
 */
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import { supportsImplicitCast } from "../types/casts.js";
import { quoteIdentifier, type DataType } from "../types/data-type.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { INTEGER_DIGITS } from "./select-item-types.js";
import type { SelectedValue } from "./selected-values.js";
import { digitsPastDecimal, secondsOf, SUM_ROWS_DIGITS, wholeDigits, type ValueBound } from "./value-bounds.js";
import { isFractional, truncationWarning } from "./whole-numbers.js";

/** Flink's `table.exec.sink.not-null-enforcer` (insert-columns.ts NOT_NULL_ENFORCER_KEY, which imports this file). */
const ENFORCER = "table.exec.sink.not-null-enforcer";

/** Kinds whose values convert only into the same kind (LogicalTypeCasts `supportsConstructedCasting`). */
const CONSTRUCTED: ReadonlySet<string> = new Set(["ROW", "ARRAY", "MULTISET", "MAP"]);

/**
 * What an implicit cast from `from` to `to` silently loses, or undefined: Flink's implicit casts
 * (LogicalTypeCasts) ignore precision within TIMESTAMP / TIMESTAMP_LTZ / TIME and DECIMAL, and the
 * cast then cuts fractional seconds (case C08's kind: nanoseconds into microseconds) or rounds
 * decimals HALF_UP, and a DECIMAL or integer value with more digits before the point than the column
 * has becomes NULL (flink DecimalToDecimalCastRule / NumericPrimitiveToDecimalCastRule →
 * `DecimalDataUtils.castToDecimal` / `castFrom` → `DecimalData.fromBigDecimal`, "If the precision
 * overflows, null will be returned"; AbstractNullAwareCodeGeneratorCastRule makes the result NULL).
 * Where the type has more room than the column, what the values can be (`bound`: value-bounds.ts,
 * read only then) decides: `amount * 1.19` of a DECIMAL(10, 2) is a DECIMAL(14, 4) whose values have
 * at most 9 digits before the point, and goes into a DECIMAL(12, 2) with its rounding only. A SUM of
 * DECIMALs (DECIMAL(38, s), value-bounds.ts sumBound) is quiet where the column has SUM_ROWS_DIGITS (9)
 * more digits before the point than one summed row can have, room for a billion rows at the largest
 * value: `SUM(amount)` of a DECIMAL(12, 2) into a DECIMAL(22, 2) overflows only past about 10^10 such
 * rows; into a DECIMAL(18, 2) it is warned as the type says.
 */
function narrowingLoss(from: DataType, to: DataType, bound: (() => ValueBound | undefined) | undefined, column: string, enforced: boolean | undefined): string | undefined {
  const fp = secondsOf(from);
  const tp = secondsOf(to);
  if (fp !== undefined && tp !== undefined && fp > tp) {
    const carried = bound?.()?.seconds ?? fp;
    return carried > tp ? `the digits of the seconds beyond ${tp} (of ${carried}) are cut off` : undefined;
  }
  if (to.kind !== "DECIMAL") return undefined;
  const room = to.precision - to.scale;
  const integerDigits = INTEGER_DIGITS.get(from.kind);
  const rounding = from.kind === "DECIMAL" && from.scale > to.scale ? `it is rounded to ${to.scale} decimal places (of ${from.scale})` : undefined;
  const typeRoom = integerDigits ?? (from.kind === "DECIMAL" ? from.precision - from.scale : undefined);
  if (typeRoom === undefined || typeRoom <= room) return rounding;
  const b = bound?.();
  if (b?.summed !== undefined && wholeDigits(b.summed) + SUM_ROWS_DIGITS <= room) return rounding;
  const max = b?.max;
  const digits = max === undefined ? typeRoom : digitsPastDecimal(max, to);
  if (digits === undefined) return rounding;
  // The values' digits where fewer than the type's (or more, rounded up into the column's scale).
  const has = digits !== typeRoom ? `its values can have up to ${digits}` : integerDigits !== undefined ? `a ${from.kind} has up to ${integerDigits}` : `it has room for ${typeRoom}`;
  const nulled = `a value with more than ${room} digits before the point becomes NULL (${has})`;
  if (to.isNullable) return nulled;
  // The sink's constraint enforcer then meets the NULL (insert-columns.ts nullIntoNotNull: CommonExecSink, ConstraintEnforcer).
  const fails = `fails the job ("Column '${column}' is NOT NULL, however, a null value is being written into it"; ${ENFORCER} ERROR)`;
  const drops = `drops the row (${ENFORCER} DROP)`;
  return `${nulled}, which in this NOT NULL column ${enforced === true ? fails : enforced === false ? drops : `${fails} or ${drops}`}`;
}

/** Where the values are checked: the statement's path, the sink and the columns the values go into, in order. */
export interface SinkValues {
  readonly at: string;
  readonly target: TableDefinition;
  readonly targets: readonly TableColumn[];
  readonly diag: Diagnostics;
  /** What the values are, in messages: "the SELECT list" (the default), "the VALUES rows". */
  readonly list?: string;
  /** Where a CAST goes, in advice: "in the SELECT" (the default), "in each branch of the UNION ALL", "in every row". */
  readonly convert?: string;
  /** Whether a NULL in a NOT NULL column fails the job (table.exec.sink.not-null-enforcer ERROR: true) or drops the row (DROP: false); undefined: not known. */
  readonly enforced?: boolean | undefined;
}

/**
 * A value with its type, and for an expression the rule Flink types it by (`COUNT(*) (BIGINT, as Flink types COUNT)`):
 * built only for a message, so the valid path makes neither a `*` column's text nor the type's rendering per column.
 */
function typedText(v: SelectedValue, type: DataType): string {
  return `${v.shown} (${type.nullable().toString()}${v.expression?.why !== undefined ? `, ${v.expression.why}` : ""})`;
}

/**
 * Value `i` of the SELECT list against the sink column `col` it goes into: an error when Flink does
 * not convert its type to the column's by itself, a warning when it converts it with a loss
 * (narrowingLoss); nothing when either type is not known.
 */
export function checkValueType(v: SelectedValue, i: number, col: TableColumn, s: SinkValues): void {
  const { at, target, targets, diag } = s;
  const list = s.list ?? "the SELECT list";
  const convert = s.convert ?? "in the SELECT";
  const type = v.type;
  const colType = col.type;
  if (type === undefined || colType === undefined) return;
  if (supportsImplicitCast(type, colType)) {
    // A literal's own digits are known (and Calcite types it exactly): only column values, CASTs and expressions can lose some.
    // What the values can be decides where the type has more digits than the column (value-bounds.ts).
    const lost = v.literal === undefined ? narrowingLoss(type, colType, v.bound, col.name, s.enforced) : undefined;
    const truncated = isFractional(colType) ? (v.expression?.truncated ?? v.castTruncated?.()) : undefined;
    const whole = truncated === undefined ? undefined : truncationWarning(truncated, `value ${i + 1} of ${list}, ${typedText(v, type)},`, `${target.label}'s column ${JSON.stringify(col.name)}`, colType);
    if (whole !== undefined) diag.warn(at, whole);
    if (lost !== undefined) {
      diag.warn(
        at,
        `value ${i + 1} of ${list}, ${typedText(v, type)}, goes into ${target.label}'s column ${JSON.stringify(col.name)} (${colType.nullable().toString()}): ` +
          `Flink converts it without a word (the implicit cast DynamicSinkUtils adds), and ${lost}. Widen the column, or CAST ${convert} to say it is meant${v.fromStar ? ", listing the columns instead of *" : ""}`,
      );
    }
    return;
  }
  const sinkType = colType.nullable().toString();
  const swapped = v.column !== undefined && v.column !== col.name && targets.some((t) => t.name === v.column);
  // An expression's integer into a smaller integer column (COUNT(*) into INT): the column may be what is meant to change.
  const widen = v.expression !== undefined && INTEGER_DIGITS.has(type.kind) && INTEGER_DIGITS.has(colType.kind) ? `, or declare the column ${type.nullable().toString()}` : "";
  diag.error(
    at,
    `value ${i + 1} of ${list}, ${typedText(v, type)}, goes into ${target.label}'s column ${JSON.stringify(col.name)} (${sinkType}), ` +
      `and Flink does not convert ${type.nullable().toString()} to ${sinkType} by itself: the job fails when it starts ` +
      `("Incompatible types for sink column '${col.name}' at position ${i}"). ` +
      (swapped
        ? `Values go into the sink's columns by position, not by name: select them in the sink's column order, or name the columns you fill (INSERT INTO \${sink} (...) SELECT ...)`
        : CONSTRUCTED.has(type.kind) && type.kind !== colType.kind
          ? constructedAdvice(type, v, sinkType, colType.kind === "CHAR" || colType.kind === "VARCHAR")
          : `Convert it ${convert}, e.g. CAST(${v.column !== undefined ? quoteIdentifier(v.column) : (v.literal ?? v.expression?.shown ?? "...")} AS ${sinkType})${widen}${v.fromStar ? ", listing the columns instead of *" : ""} ` +
          "(without a CAST Flink only widens: a smaller integer into a larger one, any number into DECIMAL or DOUBLE, an integer or DECIMAL into FLOAT, CHAR into VARCHAR, " +
          "BINARY into VARBINARY, TIMESTAMP into DATE or TIME, TIMESTAMP and TIMESTAMP_LTZ into each other)"),
  );
}

/**
 * The advice for a ROW, ARRAY, MULTISET or MAP value going into a column of another kind. Flink casts
 * a constructed value explicitly to CHAR/VARCHAR only, writing its text form (flink LogicalTypeCasts:
 * castTo(CHAR/VARCHAR).explicitFromFamily(PREDEFINED, CONSTRUCTED), since Flink 1.15), and to no
 * other kind.
 */
function constructedAdvice(type: DataType, v: SelectedValue, sinkType: string, toText: boolean): string {
  const field = v.column !== undefined && type.kind === "ROW" ? `, e.g. ${quoteIdentifier(v.column)}.${quoteIdentifier(type.fields[0]?.name ?? "field")}` : "";
  const star = v.fromStar ? ", listing the columns instead of *" : "";
  const article = type.kind === "ARRAY" ? "An" : "A";
  if (toText) {
    const shown = v.column !== undefined ? quoteIdentifier(v.column) : (v.expression?.shown ?? "...");
    return `${article} ${type.kind} value converts to ${sinkType} only with a CAST, which writes its text form: write CAST(${shown} AS ${sinkType}) if that text is meant, or select the field or element you mean${field}${star}`;
  }
  return `${article} ${type.kind} value converts to no ${sinkType}, not even with a CAST: select the field or element you mean instead${field}${star}`;
}
