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
 * length is read; a watermark of another column or another expression stays quiet.
 */
import { knownIntervalLiterals } from "./zero-intervals.js";
import { unquoteIdentifier, WRITTEN_NAME } from "./top-level.js";

/** A column name as written (top-level.ts WRITTEN_NAME), captured. */
const NAME = `(${WRITTEN_NAME})`;
/** One interval literal and nothing else: `INTERVAL [+-] '...' unit[(p)] [TO unit[(p)]]`. */
const LITERAL = String.raw`INTERVAL\s*[+-]?\s*'[^']*'\s*[A-Za-z]+\s*(?:\(\s*\d+\s*(?:,\s*\d+\s*)?\))?(?:\s+TO\s+[A-Za-z]+\s*(?:\(\s*\d+\s*\))?)?`;
/** `col (+|-) literal`: groups the column, the operator, the literal. */
const COLUMN_FIRST = new RegExp(String.raw`^${NAME}\s*([+-])\s*(${LITERAL})$`, "i");
/** `literal + col`: groups the literal, the column. */
const LITERAL_FIRST = new RegExp(String.raw`^(${LITERAL})\s*\+\s*${NAME}$`, "i");

/**
 * The warning (none or one) for a watermark `expression` on `column` that is the column plus a
 * positive interval (see the module comment).
 */
export function watermarkAhead(column: string, expression: string): string[] {
  const text = expression.trim();
  const first = COLUMN_FIRST.exec(text);
  const second = first === null ? LITERAL_FIRST.exec(text) : null;
  const written = first?.[1] ?? second?.[2];
  const op = first?.[2] ?? "+";
  const literalText = first?.[3] ?? second?.[1];
  if (written === undefined || literalText === undefined || unquoteIdentifier(written) !== column) return [];
  const literal = knownIntervalLiterals(literalText)[0];
  if (literal === undefined || literal.millis === 0n) return [];
  if ((op === "+") === literal.negative) return [];
  const delay = literal.written.replace(/^INTERVAL [+-] /, "INTERVAL ").replace(/^INTERVAL '\s*-\s*/, "INTERVAL '");
  return [
    `${text} puts the watermark ${delay} ahead of the newest ${column} seen: Flink's watermark is the highest value of the expression so far (flink WatermarkAssignerOperator), ` +
      `so windows fire early, and a window, interval join or OVER aggregation drops as late every row that is not newer than all rows before it by more than ${delay}, without an error; ` +
      `write ${written} - ${delay} for a delay of ${delay} (rows may arrive that much out of order)`,
  ];
}
