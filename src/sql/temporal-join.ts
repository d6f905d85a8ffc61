/**
 * Temporal joins over interpolated tables in a streaming job: `JOIN ${right} FOR SYSTEM_TIME AS OF
 * l.col`. What Flink checks when it plans the job, read at preview:
 * - `l.col` is a time attribute of the left table ("Temporal table join currently only supports
 *   'FOR SYSTEM_TIME AS OF' left table's time attribute field");
 * - as of a processing-time attribute, the right table is a lookup source ("Processing-time
 *   temporal join is not supported yet", flink `StreamExecTemporalJoin`, FLINK-19830): an Iceberg
 *   table never is (iceberg `IcebergTableSource` is no LookupTableSource), nor are the streaming
 *   connectors below;
 * - as of an event-time attribute, the right table is a versioned table: a primary key ("Temporal
 *   Table Join requires primary key in versioned table") and a rowtime attribute ("Event-Time
 *   Temporal Table Join requires both primary key and row time attribute in versioned table, but
 *   no row time attribute can be found"; flink `StreamPhysicalTemporalJoinRule`,
 *   `TemporalJoinRewriteWithUniqueKeyRule`).
 * - the AS OF operand is a column: with none in it, Flink reads it as time travel, which must reduce
 *   to a TIMESTAMP constant (flink `FlinkCalciteSqlValidator.registerNamespace`: "Unsupported time
 *   travel expression: PROCTIME() ..."); an expression over a column is refused by the planner's
 *   snapshot (flink `FlinkLogicalSnapshot.isValid`: a field access or a literal only);
 * - as of event time, both rowtimes have the same type ("Event-Time Temporal Table Join requires same
 *   rowtime type in left table and versioned table": TIMESTAMP against TIMESTAMP_LTZ).
 * The left column is resolved through `${left}.col`, an alias `${left} [AS] a` bound once at the
 * same parenthesis depth, a table's own name, or, unqualified, the one other interpolated table
 * that has it when every relation of the statement is an interpolated table; anything else (views,
 * subqueries, aliases bound twice) is left to Flink.
 */
import { knows, timeAttributeUnknown } from "../components/failed-table-parts.js";
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { enclosingParens, unquoteIdentifier } from "./top-level.js";
import { MARKED_NAME, markedCode, readsOnlyInterpolatedTables, type AnalyzedStatement } from "./statement.js";
import { eventTimeInstead, rowtimeRemedy } from "./event-time-remedy.js";
import { checkLookupEquality, checkTemporalJoinTypes, checkVersionedKeyEquality, TIME_TRAVEL_WORDS } from "./temporal-join-conditions.js";
import { NOT_ALIAS_AFTER_TABLE, readTemporalJoinOn } from "./temporal-join-on.js";

const NAME = MARKED_NAME;
/** `<right> FOR SYSTEM_TIME AS OF [q.]col` (q a name or a table marker), not followed by `(` or `.`. */
const AS_OF = new RegExp(`\\u0000(\\d+)\\u0000\\s*FOR\\s+SYSTEM_TIME\\s+AS\\s+OF\\s+(?:(?:\\u0000(\\d+)\\u0000|${NAME})\\s*\\.\\s*)?${NAME}(?!\\s*[(.])`, "gi");
/** `<table> [FOR SYSTEM_TIME AS OF x] [AS] alias`, or `) [AS] alias` (a subquery's alias: no table). */
const ALIAS = new RegExp(`(?:\\u0000(\\d+)\\u0000(?:\\s*FOR\\s+SYSTEM_TIME\\s+AS\\s+OF\\s+[^\\s]+)?|\\))\\s+(?:AS\\s+)?${NAME}`, "gi");
/** `<right> FOR SYSTEM_TIME AS OF PROCTIME()` (right a table marker or a name). */
const AS_OF_PROCTIME_CALL = new RegExp(`(?:\\u0000(\\d+)\\u0000|${NAME})\\s*FOR\\s+SYSTEM_TIME\\s+AS\\s+OF\\s+PROCTIME\\s*\\(\\s*\\)`, "gi");
/** The relation joined just before a right table: `${left} [[AS] alias] [INNER | LEFT [OUTER]] JOIN` at the end of the code before it. */
const JOINED_AFTER = new RegExp(`\\u0000(\\d+)\\u0000(?:\\s+(?:AS\\s+)?${NAME})?\\s+(?:(?:INNER|LEFT)(?:\\s+OUTER)?\\s+)?JOIN\\s*$`, "i");
/** An operator after the AS OF column: the operand is an expression over it (`o.pt - INTERVAL '1' SECOND`). */
const OPERATOR_AFTER = /^\s*([-+*/%]|\|\|)/;

/** Connectors that are no lookup source (a processing-time temporal join over them fails). */
const NO_LOOKUP = new Set(["kafka", "upsert-kafka", "datagen", "filesystem", "print", "blackhole", "kinesis", "pulsar"]);

/**
 * Connectors that are lookup sources (their DynamicTableSource is a LookupTableSource): flink-connector-jdbc
 * `JdbcDynamicTableSource`, flink-connector-hbase `HBaseDynamicTableSource`, flink-connector-mongodb
 * `MongoDynamicTableSource`. Joined as of event time, such a table is usually meant as a lookup join.
 */
const LOOKUP = new Set(["jdbc", "hbase-1.4", "hbase-2.2", "mongodb"]);

/**
 * The processing-time lookup join to write instead of an event-time one against the lookup source
 * `right`: as of `left`'s PROCTIME() column, or of one to add (a computed column of a FlinkTable, a
 * PROCTIME() select over an Iceberg source, which has no computed columns); undefined when `right` is no known lookup source.
 */
function lookupJoinRemedy(left: TableDefinition, right: TableDefinition, qualifier: string): string | undefined {
  const connector = right.connector?.toLowerCase();
  if (right.resourceType !== "FlinkTable" || connector === undefined || !LOOKUP.has(connector)) return undefined;
  const step = proctimeStep(left, qualifier);
  return (
    `${right.label} is ${connectorTable(right.connector!)}, which Flink looks up by key, so join it as of processing time instead (a lookup join): ` +
    step
  );
}

/**
 * How to join as of `left`'s processing time: its PROCTIME() column, or one to add (a computed
 * column of a FlinkTable; a subquery or view over an Iceberg table, which has no computed columns).
 */
function proctimeStep(left: TableDefinition, qualifier: string): string {
  const proc = left.columns?.find((c) => c.timeAttribute === "proctime");
  return proc !== undefined
    ? `join FOR SYSTEM_TIME AS OF ${qualifier}${proc.name}, the PROCTIME() column of ${left.label}`
    : left.resourceType === "FlinkTable"
      ? `give ${left.label} a computed column { name: "proc_time", expression: "PROCTIME()" } and join FOR SYSTEM_TIME AS OF ${qualifier}proc_time`
      : `read ${left.label} through a subquery or view that adds PROCTIME() AS proc_time (SELECT *, PROCTIME() AS proc_time FROM ...) and join FOR SYSTEM_TIME AS OF its proc_time`;
}

/** "a 'kafka' table", "an 'upsert-kafka' table": the connector's name with its article (by its first letter). */
function connectorTable(connector: string): string {
  return `${/^[aeiou]/i.test(connector) ? "an" : "a"} '${connector}' table`;
}

/** Whether `t` is a FlinkTable of a known lookup source (LOOKUP). */
function isLookupSource(t: TableDefinition): boolean {
  return t.resourceType === "FlinkTable" && LOOKUP.has(t.connector?.toLowerCase() ?? "");
}

/** Why `t` cannot be the right side of a processing-time temporal join, or undefined when it may be. */
function noLookupReason(t: TableDefinition): string | undefined {
  // iceberg IcebergTableSource is no LookupTableSource.
  if (t.resourceType !== "FlinkTable") return `${t.label} is an Iceberg table, which Flink cannot look up by key`;
  const c = t.connector?.toLowerCase();
  if (c !== undefined && (NO_LOOKUP.has(c) || c.endsWith("-cdc"))) return `${t.label} is ${connectorTable(t.connector!)}, which is no lookup source`;
  return undefined;
}

/** What `right` lacks to be a versioned table (a primary key, a rowtime attribute); `keys` are the join's columns of it. */
function versionedTableGaps(right: TableDefinition, keys: readonly string[]): string[] {
  const notes = [
    ...(keys.length > 0 ? [`primaryKey: [${keys.map((k) => JSON.stringify(k)).join(", ")}], the join key`] : []),
    ...(right.connector === "kafka" && right.changelog === undefined ? ["a 'kafka' table with format json takes none: use connector 'upsert-kafka' or a changelog format such as debezium-json"] : []),
  ];
  const pk = notes.length > 0 ? `a primaryKey (${notes.join("; ")})` : "a primaryKey";
  return [
    ...(right.primaryKey === undefined || right.primaryKey.length === 0 ? [pk] : []),
    ...(right.columns !== undefined && !right.columns.some((c) => c.timeAttribute === "rowtime") ? [`an event-time attribute (${rowtimeRemedy(right)})`] : []),
  ];
}

/** How to make two rowtimes of different types meet: a cast on a FlinkTable side (computed column with the watermark). */
function castRemedy(left: TableDefinition, leftColumn: string, right: TableDefinition, rightColumn: string, rightType: string, leftType: string): string {
  const side = left.resourceType === "FlinkTable" ? { t: left, c: leftColumn, to: rightType } : right.resourceType === "FlinkTable" ? { t: right, c: rightColumn, to: leftType } : undefined;
  if (side === undefined) return "an Iceberg timestamp and timestamptz column cannot meet: join as of a column of the same Iceberg type";
  return (
    `give ${side.t.label} a computed column { name: "${side.c}_${side.to.startsWith("TIMESTAMP_LTZ") ? "ltz" : "ts"}", expression: "CAST(\`${side.c}\` AS ${side.to})" } with the watermark on it, and use it in the join ` +
    "(a cast between TIMESTAMP and TIMESTAMP_LTZ reads the session time zone, table.local-time-zone)"
  );
}

/** Open parentheses before `pos` in `code` (top-level.ts enclosingParens). */
const depthAt = (code: string, pos: number): number => enclosingParens(code, pos).length;

/** The left table a qualified or unqualified AS OF column belongs to, or undefined when it cannot be told. */
function leftTable(m: RegExpMatchArray, code: string, tables: readonly TableDefinition[], a: AnalyzedStatement): TableDefinition | undefined {
  const right = tables[Number(m[1])]!;
  const name = unquoteIdentifier(m[4]!);
  if (m[2] !== undefined) return tables[Number(m[2])];
  if (m[3] !== undefined) {
    const qualifier = unquoteIdentifier(m[3]);
    const depth = depthAt(code, m.index!);
    const bound: (TableDefinition | null)[] = [];
    for (const b of code.matchAll(ALIAS)) {
      if (!b[2]!.startsWith("`") && NOT_ALIAS_AFTER_TABLE.has(b[2]!.toUpperCase())) continue;
      if (unquoteIdentifier(b[2]!) !== qualifier) continue;
      // A subquery's alias is bound where its ")" is, one level out.
      if (depthAt(code, b.index!) - (b[1] === undefined ? 1 : 0) === depth) bound.push(b[1] === undefined ? null : tables[Number(b[1])]!);
    }
    if (bound.length > 0) return bound.length === 1 && bound[0] !== null ? bound[0] : undefined;
    const named = [...new Set(tables)].filter((t) => t.tableName === qualifier);
    return named.length === 1 ? named[0] : undefined;
  }
  // Unqualified: only when every relation is an interpolated table, never the INSERT target.
  if (!readsOnlyInterpolatedTables(code)) return undefined;
  const candidates = [...new Set(tables)].filter((t) => t !== right && t !== a.target && t.columns?.some((c) => c.name === name));
  return candidates.length === 1 ? candidates[0] : undefined;
}

/**
 * `JOIN x FOR SYSTEM_TIME AS OF PROCTIME()`: an operand without a column is read as time travel
 * (flink FlinkCalciteSqlValidator.registerNamespace: a snapshot whose period has no identifier must
 * reduce to a TIMESTAMP constant), and PROCTIME() reduces to none, so the job fails to plan; a
 * lookup join is written as of a PROCTIME() column of the left table (flink docs `joins.md`,
 * "Lookup Join"). The left table is the one joined just before `x`, when it is an interpolated table.
 */
function checkProctimeCalls(code: string, tables: readonly TableDefinition[], at: string, diag: Diagnostics): void {
  for (const m of code.matchAll(AS_OF_PROCTIME_CALL)) {
    const right = m[1] !== undefined ? tables[Number(m[1])] : undefined;
    const rightName = right?.tableName ?? unquoteIdentifier(m[2]!);
    const before = JOINED_AFTER.exec(code.slice(0, m.index!));
    const left = before !== null ? tables[Number(before[1])] : undefined;
    const alias = before?.[2] !== undefined && (before[2].startsWith("`") || !NOT_ALIAS_AFTER_TABLE.has(before[2].toUpperCase())) ? unquoteIdentifier(before[2]) : undefined;
    const step =
      left !== undefined && left !== right
        ? proctimeStep(left, `${alias ?? left.tableName}.`)
        : `give the left table a PROCTIME() column (on a FlinkTable a computed column { name: "proc_time", expression: "PROCTIME()" }) and join FOR SYSTEM_TIME AS OF <its alias>.proc_time`;
    const noLookup = right !== undefined && knows(right, "connector") ? noLookupReason(right) : undefined;
    diag.error(
      at,
      `${rightName} FOR SYSTEM_TIME AS OF PROCTIME(): Flink joins as of a time attribute column of the left table, and PROCTIME() is a function call: an AS OF operand without a column is read as time travel, ` +
        `which Flink rejects when it plans the job ("Unsupported time travel expression: PROCTIME() for the expression can not be reduced to a constant by Flink."); ` +
        (noLookup !== undefined
          ? `join as of an event-time attribute of the left table, with ${right!.label} as a versioned table (a primaryKey and a watermark), or use a regular join (${noLookup}, so processing time is no option)`
          : step),
    );
  }
}

/**
 * Checks the temporal joins of one statement; errors at `statements[i]`. In a batch job only a
 * lookup join works (flink `CommonTemporalTableJoinRule.canConvertToLookupJoin`: processing time
 * over a lookup source; batch planning has no other temporal join), so a right table that is no
 * lookup source, or an AS OF column that is no processing-time attribute, is an error there.
 */
export function checkTemporalJoins(a: AnalyzedStatement, streaming: boolean, diag: Diagnostics): void {
  if (!a.statement.segments.some((s) => s.kind === "text" && /SYSTEM_TIME/i.test(s.text))) return;
  const { code, tables } = markedCode(a);
  const at = `statements[${a.index}]`;
  checkProctimeCalls(code, tables, at, diag);
  checkTemporalJoinTypes(code, tables, at, diag);
  for (const m of code.matchAll(AS_OF)) {
    const right = tables[Number(m[1])]!;
    // `AS OF o.pt - INTERVAL '1' SECOND`: a column in the operand makes it no time travel, and the
    // planner's snapshot takes only the column itself (flink FlinkLogicalSnapshot.isValid: a field
    // access or a literal; any other call fails the job as it is planned).
    const operator = OPERATOR_AFTER.exec(code.slice(m.index! + m[0].length));
    if (operator !== null) {
      const column = `${m[2] !== undefined ? `${tables[Number(m[2])]!.tableName}.` : m[3] !== undefined ? `${unquoteIdentifier(m[3])}.` : ""}${unquoteIdentifier(m[4]!)}`;
      diag.error(
        at,
        `${right.tableName} FOR SYSTEM_TIME AS OF ${column} ${operator[1]} ...: Flink joins as of a time attribute column of the left table itself, not an expression over it, and rejects the job when it plans it ` +
          `(flink FlinkLogicalSnapshot: "Querying a temporal table using 'FOR SYSTEM TIME AS OF' syntax with an expression call ... is not supported yet"); join FOR SYSTEM_TIME AS OF ${column}`,
      );
      continue;
    }
    // `AS OF TIMESTAMP '...'` (and other expressions of no column): time travel (FLIP-308), which Flink
    // plans only through a catalog that keeps versions (Catalog.getTable(ObjectPath, long), whose default
    // throws UnsupportedOperationException). The script declares every table itself,
    // in Flink's in-memory catalog, which keeps none.
    if (m[2] === undefined && m[3] === undefined && !m[4]!.startsWith("`") && TIME_TRAVEL_WORDS.test(m[4]!)) {
      const instead =
        right.resourceType === "IcebergSource"
          ? `read the Iceberg table as of a time with extraOptions: { "as-of-timestamp": "<epoch milliseconds>" } on ${right.label} (a bounded read), or as of a snapshot with streaming: true and endSnapshotId: "<snapshot id>" (no startSnapshotId: one bounded read of that snapshot), or as of a tag with extraOptions: { tag: "<tag>" }`
          : right.resourceType === "IcebergSink"
            ? "read the Iceberg table through an IcebergSource with extraOptions: { \"as-of-timestamp\": \"<epoch milliseconds>\" } (a bounded read)"
            : "filter the rows by a time column instead (a FlinkTable has no versions)";
      diag.error(
        at,
        `${right.tableName} FOR SYSTEM_TIME AS OF ${m[4]} ...: time travel, which Flink plans only through a catalog that keeps table versions, ` +
          `and the script declares ${right.tableName} itself with CREATE TABLE in Flink's in-memory catalog, which keeps none: the job fails to plan; ${instead}`,
      );
      continue;
    }
    // A table that failed validation (synth): what the join asks of the right table (a lookup source, or
    // a versioned one: primary key and rowtime) is known only when those parts of it read.
    if (!knows(right, "connector") || !knows(right, "primaryKey") || !knows(right, "timeAttributes")) continue;
    const name = unquoteIdentifier(m[4]!);
    const on = readTemporalJoinOn(code, m.index! + m[0].length, right, tables);
    const noLookup = noLookupReason(right);
    const left = leftTable(m, code, tables, a);
    const qualifier = m[2] !== undefined ? `${left?.tableName ?? ""}.` : m[3] !== undefined ? `${unquoteIdentifier(m[3])}.` : "";
    if (!streaming) {
      const regular = `join the table with a regular join (JOIN ${right.tableName} ON ...: a bounded read is complete when the join runs), or run the job in streaming mode`;
      if (noLookup !== undefined) {
        diag.error(at, `${right.tableName} FOR SYSTEM_TIME AS OF ...: a batch job joins FOR SYSTEM_TIME AS OF only against a lookup source, and ${noLookup}: Flink fails to plan the job; ${regular}`);
        continue;
      }
      const col = left === undefined || left === right || !knows(left, "timeAttributes") ? undefined : left.columns?.find((c) => c.name === name);
      if (col?.timeAttribute === "proctime" && isLookupSource(right)) checkLookupEquality(on, right, `${right.tableName} FOR SYSTEM_TIME AS OF ${qualifier}${name}`, at, diag);
      if (col !== undefined && col.timeAttribute !== "proctime" && !timeAttributeUnknown(col)) {
        diag.error(
          at,
          `${right.tableName} FOR SYSTEM_TIME AS OF ${qualifier}${name}: a batch job joins FOR SYSTEM_TIME AS OF only as a lookup join, as of a PROCTIME() column of the left table, and ${name} of ${left!.label} is none: Flink fails to plan the job ` +
            `(flink CommonTemporalTableJoinRule: a lookup join needs processing time); join as of a PROCTIME() column, or ${regular}`,
        );
      }
      continue;
    }
    if (left === undefined || left === right || !knows(left, "timeAttributes")) continue;
    const col = left.columns?.find((c) => c.name === name);
    if (col === undefined || timeAttributeUnknown(col)) continue;
    const asOf = `${right.tableName} FOR SYSTEM_TIME AS OF ${qualifier}${name}`;
    const leftRowtime = left.columns?.find((c) => c.timeAttribute === "rowtime");
    const keys = on?.keys ?? [];
    const gaps = versionedTableGaps(right, keys);
    const versioned = gaps.length > 0 ? `, with ${right.label} as a versioned table (it needs ${gaps.join(" and ")})` : "";
    if (col.timeAttribute === undefined) {
      diag.error(
        at,
        `${asOf}: ${name} of ${left.label} is no time attribute, and Flink joins only as of the left table's time attribute ("Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left table's time attribute field"); ` +
          (leftRowtime !== undefined ? `join as of ${qualifier}${leftRowtime.name} (its event time)` : `join as of an event-time column (${rowtimeRemedy(left)})`) +
          (noLookup !== undefined ? `${versioned} (${noLookup}, so processing time is no option)` : `${versioned}, or of a PROCTIME() column (processing time, lookup sources only)`),
      );
    } else if (col.timeAttribute === "proctime") {
      if (noLookup === undefined) {
        if (isLookupSource(right)) checkLookupEquality(on, right, asOf, at, diag);
        continue;
      }
      const instead = eventTimeInstead(left, right, qualifier, gaps);
      diag.error(at, `${asOf} joins as of processing time, and ${noLookup}: Flink rejects the job when it plans it ("Processing-time temporal join is not supported yet"). ${instead}; or use a regular join`);
    } else if (gaps.length > 0) {
      const quote = gaps[0]!.startsWith("a primaryKey") ? "Temporal Table Join requires primary key in versioned table, but no primary key can be found" : "Event-Time Temporal Table Join requires both primary key and row time attribute in versioned table, but no row time attribute can be found";
      const lookup = lookupJoinRemedy(left, right, qualifier);
      diag.error(
        at,
        lookup === undefined
          ? `${asOf} joins as of event time, which needs ${right.label} to be a versioned table, with ${gaps.join(" and ")}: Flink rejects the job when it plans it ("${quote}")`
          : `${asOf} joins as of event time, which needs ${right.label} to be a versioned table: Flink rejects the job when it plans it ("${quote}"). ${lookup}; ` +
              // The lookup join leads; the versioned table is named without its snippets (the error without a lookup remedy gives them).
              `or, to join the version valid at each row's event time, make ${right.label} a versioned table, with ${gaps.map((g) => g.replace(/ \(.*$/s, "")).join(" and ")}`,
      );
    } else {
      const rightRowtime = right.columns?.find((c) => c.timeAttribute === "rowtime");
      const lt = col.type ?? col.timeType;
      const rt = rightRowtime?.type ?? rightRowtime?.timeType;
      if (lt !== undefined && rt !== undefined && lt.kind !== rt.kind) {
        diag.error(
          at,
          `${asOf} joins as of event time, and the rowtimes differ in type: ${name} of ${left.label} is ${lt.toString()}, ${rightRowtime!.name} of ${right.label} is ${rt.toString()}: ` +
            `Flink rejects the job when it plans it ("Event-Time Temporal Table Join requires same rowtime type in left table and versioned table"); ${castRemedy(left, name, right, rightRowtime!.name, rt.toString(), lt.toString())}`,
        );
        continue;
      }
      checkVersionedKeyEquality(on, right, left, asOf, at, diag);
      const wm = right.iceberg?.watermark;
      // A bounded read ends with the final watermark: only a table read as a stream can hold the join back.
      if (wm !== undefined && right.iceberg?.streamingRead === true) {
        diag.warn(
          at,
          `${asOf} joins as of event time, and Flink emits a joined row only once the watermarks of both sides have passed it (flink TemporalRowTimeJoinOperator): ` +
            `the watermark of ${right.label} advances only when it reads a new snapshot of the table, so while the table gets no commits the join holds its results back` +
            (wm === "source"
              ? " (no idle timeout applies to source watermarks); commit to the table regularly (e.g. a heartbeat row), or join as of processing time against a lookup source"
              : "; set table.exec.source.idle-timeout in the job's configuration, so an idle source stops holding the watermark, or commit to the table regularly"),
        );
      }
    }
  }
}
