/**
 * Shared text of the INSERT type checks' messages and the plain Kafka options the expression-typing
 * tests read from (src/sql/sink-value-types.ts words the remedy; each test asserts the whole message).
 */

/** The tail of every "Flink does not convert ... by itself" remedy: the implicit casts LogicalTypeCasts allows. */
export const WIDENS =
  "(without a CAST Flink only widens: a smaller integer into a larger one, any number into DECIMAL or DOUBLE, an integer or DECIMAL into FLOAT, CHAR into VARCHAR, " +
  "BINARY into VARBINARY, TIMESTAMP into DATE or TIME, TIMESTAMP and TIMESTAMP_LTZ into each other)";

/** A JSON Kafka source's options for `topic`. */
export const kafka = (topic: string) => ({ connector: "kafka", topic, "properties.bootstrap.servers": "kafka:9092", "properties.group.id": "g", "scan.startup.mode": "earliest-offset", format: "json" });

/** Columns as the components take them. */
export type Columns = { name: string; type: string }[];

/** The error for value `i` (0-based) of `list` into the sink's column `col`: Flink casts `from` to `to` only explicitly; `remedy` follows "Convert it". */
export const incompatibleIn = (sinkName: string, list: string, i: number, typed: string, col: string, from: string, to: string, remedy: string) =>
  `value ${i + 1} of ${list}, ${typed}, goes into IcebergSink "${sinkName}"'s column "${col}" (${to}), and Flink does not convert ${from} to ${to} by itself: ` +
  `the job fails when it starts ("Incompatible types for sink column '${col}' at position ${i}"). Convert it ${remedy} ${WIDENS}`;

/** incompatibleIn for a value of the SELECT list, whose remedy reads "in the SELECT, e.g. `remedy`". */
export const incompatible = (sinkName: string, i: number, typed: string, col: string, from: string, to: string, remedy: string) =>
  incompatibleIn(sinkName, "the SELECT list", i, typed, col, from, to, `in the SELECT, e.g. ${remedy}`);
