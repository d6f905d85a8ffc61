/**
 * A watermark expression that adds time to its column: `ts + INTERVAL '5' MINUTE` (also
 * `INTERVAL '5' MINUTE + ts` and `ts - INTERVAL '-5' MINUTE`), a `+` where the delay's `-` is meant.
 * Flink accepts it and the job runs, but the watermark is the highest value of the expression seen
 * so far (flink `table/runtime/operators/wmassigners/WatermarkAssignerOperator.java`:
 * `currentWatermark = Math.max(currentWatermark, watermark)`; a source that takes the watermark
 * pushed down computes the same expression per row), so it runs ahead of the newest event time, and
 * an event-time window drops a row whose window the watermark has passed (flink
 * `table/runtime/operators/aggregate/window/processors/AbstractWindowAggProcessor.java` processElement:
 * `isWindowFired(lastWindowEnd, currentProgress)`, the row is late), as interval joins and OVER
 * aggregations drop rows behind the watermark: windows fire early, and a row is late unless it is
 * newer than every row before it by more than the interval. A warning with the expression to write
 * (the delay subtracted). Only the column itself plus or minus one interval literal of a known
 * length (day-time) or a year-month literal Flink takes is read (both by zero-intervals.ts intervalLiteralLengths), and `TIMESTAMPADD(unit, n, col)` with an integer literal n above 0 (the fix keeps
 * the call, n negated); a watermark of another column or another expression stays quiet.
 *
 * TIMESTAMPADD's units: those Flink's documentation lists (SECOND, MINUTE, HOUR, DAY, WEEK, MONTH,
 * QUARTER, YEAR; flink `docs/data/sql_functions.yml` TIMESTAMPADD), their JDBC synonyms
 * `SQL_TSI_<unit>` and MILLISECOND (calcite `Parser.jj` `TimestampAddFunctionCall` /
 * `SqlTimestampAddFunction`, which keeps a TIMESTAMP(3) for MILLISECOND). MICROSECOND, NANOSECOND
 * and their synonyms stay quiet: calcite `SqlTimestampAddFunction.deduceType` gives a TIMESTAMP(6)
 * or (9) for them, which is no watermark type (a precision from 0 to 3).
 */
import { intervalLiteralLengths } from "./zero-intervals.js";
import { unquoteIdentifier, WRITTEN_NAME } from "./top-level.js";

/** A column name as written (top-level.ts WRITTEN_NAME), captured. */
const NAME = `(${WRITTEN_NAME})`;
/** One interval literal and nothing else: `INTERVAL [+-] '...' unit[(p)] [TO unit[(p)]]`. */
const LITERAL = String.raw`INTERVAL\s*[+-]?\s*'[^']*'\s*[A-Za-z]+\s*(?:\(\s*\d+\s*(?:,\s*\d+\s*)?\))?(?:\s+TO\s+[A-Za-z]+\s*(?:\(\s*\d+\s*\))?)?`;
/** `col (+|-) literal`: groups the column, the operator, the literal. */
const COLUMN_FIRST = new RegExp(String.raw`^${NAME}\s*([+-])\s*(${LITERAL})$`, "i");
/** `literal + col`: groups the literal, the column. */
const LITERAL_FIRST = new RegExp(String.raw`^(${LITERAL})\s*\+\s*${NAME}$`, "i");

/** `TIMESTAMPADD(unit, [+-]n, col)`: groups the text up to the amount, the amount's sign, its digits, the text after it up to the column, the column. */
const TIMESTAMPADD = new RegExp(String.raw`^(TIMESTAMPADD\s*\(\s*([A-Za-z_]+)\s*,\s*)([+-]?)\s*(\d+)(\s*,\s*)${NAME}(\s*\))$`, "i");
/** TIMESTAMPADD's units this check reads (see the module comment), as the interval literal one of them is: its count and unit. */
const UNITS: Readonly<Record<string, readonly [bigint, string]>> = {
  MILLISECOND: [1n, "MILLISECOND"],
  SECOND: [1n, "SECOND"],
  MINUTE: [1n, "MINUTE"],
  HOUR: [1n, "HOUR"],
  DAY: [1n, "DAY"],
  WEEK: [7n, "DAY"],
  MONTH: [1n, "MONTH"],
  QUARTER: [3n, "MONTH"],
  YEAR: [1n, "YEAR"],
};

/** The delay a `TIMESTAMPADD(unit, n, col)` adds, as an interval literal (milliseconds as a fraction of a SECOND), or undefined for a unit this check does not read. */
function addedInterval(unit: string, amount: bigint): string | undefined {
  const known = UNITS[unit.toUpperCase().replace(/^SQL_TSI_/, "")];
  if (known === undefined) return undefined;
  const [count, name] = known;
  if (name !== "MILLISECOND") return `INTERVAL '${count * amount}' ${name}`;
  const fraction = (amount % 1000n).toString().padStart(3, "0").replace(/0+$/, "");
  return `INTERVAL '${amount / 1000n}${fraction === "" ? "" : `.${fraction}`}' SECOND`;
}

/** The warning for `TIMESTAMPADD(unit, n, col)` on `column` with n above 0, or undefined for another expression. */
function timestampAddAhead(column: string, text: string): string[] | undefined {
  const m = TIMESTAMPADD.exec(text);
  if (m === null) return undefined;
  const [, head, unit, sign, digits, between, written, tail] = m as unknown as [string, string, string, string, string, string, string, string];
  const amount = BigInt(digits);
  if (unquoteIdentifier(written) !== column || sign === "-" || amount === 0n) return [];
  const delay = addedInterval(unit, amount);
  return delay === undefined ? [] : [aheadMessage(text, column, delay, `${head}-${digits}${between}${written}${tail}`)];
}

/** The warning's text: `text` puts the watermark `delay` ahead of `column`; write `fix`. */
function aheadMessage(text: string, column: string, delay: string, fix: string): string {
  return (
    `${text} puts the watermark ${delay} ahead of the newest ${column} seen: Flink's watermark is the highest value of the expression so far (flink WatermarkAssignerOperator), ` +
    `so windows fire early, and a window, interval join or OVER aggregation drops as late every row that is not newer than all rows before it by more than ${delay}, without an error; ` +
    `write ${fix} for a delay of ${delay} (rows may arrive that much out of order)`
  );
}

/**
 * The warning (none or one) for a watermark `expression` on `column` that is the column plus a
 * positive interval (see the module comment).
 */
export function watermarkAhead(column: string, expression: string): string[] {
  const text = expression.trim();
  const added = timestampAddAhead(column, text);
  if (added !== undefined) return added;
  const first = COLUMN_FIRST.exec(text);
  const second = first === null ? LITERAL_FIRST.exec(text) : null;
  const written = first?.[1] ?? second?.[2];
  const op = first?.[2] ?? "+";
  const literalText = first?.[3] ?? second?.[1];
  if (written === undefined || literalText === undefined || unquoteIdentifier(written) !== column) return [];
  // A day-time literal of a known length, or a year-month one (no fixed length in milliseconds, but ahead all the same).
  const literal = intervalLiteralLengths(literalText)[0];
  if (literal === undefined || ("millis" in literal ? literal.millis : literal.months) === 0n) return [];
  if ((op === "+") === literal.negative) return [];
  const delay = literal.written.replace(/^INTERVAL [+-] /, "INTERVAL ").replace(/^INTERVAL '\s*-\s*/, "INTERVAL '");
  return [aheadMessage(text, column, delay, `${written} - ${delay}`)];
}
