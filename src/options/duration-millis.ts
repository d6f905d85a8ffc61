/**
 * Flink duration texts read once per text for the table checks: parseFlinkDuration(text) (default
 * flags: zero refused, this package's units), kept per text when it reads. An IcebergSink's
 * commitInterval was read three times per table (the field's quick read, quick-fields.ts; the
 * commit-interval rule, sink-options.ts; the plan's millis, iceberg-table.ts), each through BigInt
 * arithmetic, and a stack's sinks repeat a few texts.
 *
 * What is cached: the milliseconds of a text that reads (a pure function of the text); a text that
 * fails is read again each time and throws what parseFlinkDuration throws. At most MEMO_ENTRIES texts (bounded-memo.ts);
 * past that the cache starts over. A module of its own, used by the table checks only (as
 * validation/key-facts-memo.ts: the SQL Gateway provider, serialized with what its functions reach,
 * imports duration.ts, never this).
 */
import { BoundedMemo } from "../validation/bounded-memo.js";
import { parseFlinkDuration } from "./duration.js";

const millisByText = new BoundedMemo<string, number>();

/** parseFlinkDuration(text): its milliseconds, or its FlinkIcebergValidationError thrown. */
export function durationMillis(text: string): number {
  return millisByText.computed(text, () => parseFlinkDuration(text));
}
