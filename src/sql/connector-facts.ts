/**
 * What a FlinkTable's connector options tell the jobs that use it (the TableDefinition fields
 * connector, bounded, changelog, appendOnly, kafkaRead, commitsOnCheckpoint), each read by its own
 * function of the options (connector-bounds.ts). One reading for a valid table (flink-table.ts)
 * and for one that failed validation in synth's collecting mode (failed-table-facts.ts), which
 * keeps only the facts whose options read without a problem.
 */
import type { TableDefinition } from "../components/table-definition.js";
import { appendOnlySink, connectorBoundedness, connectorChangelog, kafkaRead } from "./connector-bounds.js";

/** The TableDefinition fields a FlinkTable's options decide; an optional one is absent, not undefined, when it does not apply. */
export type ConnectorFacts = Pick<TableDefinition, "bounded" | "unboundedReason" | "connector" | "changelog" | "appendOnly" | "kafkaRead" | "commitsOnCheckpoint">;

/**
 * Whether the table's sink commits only on checkpoints, so that a streaming job that writes it
 * needs checkpointing, like an Iceberg sink (case C01's kind): the 'filesystem' connector (flink
 * FileSystemTableSink / StreamingFileSink: in-progress and pending files are committed when a
 * checkpoint completes) and a 'kafka' / 'upsert-kafka' sink with 'sink.delivery-guarantee'
 * 'exactly-once' (flink-connector-kafka KafkaSink: its writes go into Kafka transactions that
 * commit when a checkpoint completes; read_committed consumers see nothing before).
 */
export function commitsOnCheckpoint(options: Readonly<Record<string, string>>): boolean {
  const connector = options["connector"]?.trim();
  if (connector === "filesystem") return true;
  // The guarantee is read as an enum, in any letter case (flink ConfigurationUtils.convertToEnum).
  return (connector === "kafka" || connector === "upsert-kafka") && options["sink.delivery-guarantee"]?.trim().toLowerCase() === "exactly-once";
}

/** The result of `read` over `options`, and every key it looked at (present or not). */
function tracked<T>(options: Readonly<Record<string, string>>, read: (o: Readonly<Record<string, string>>) => T): { value: T; keys: Set<string> } {
  const keys = new Set<string>();
  const view = new Proxy(options, {
    get: (t, k) => (typeof k === "string" ? (keys.add(k), t[k]) : undefined),
    has: (t, k) => (typeof k === "string" && keys.add(k), k in t),
    // A reader that lists the keys looks at all of them.
    ownKeys: (t) => (Object.keys(t).forEach((k) => keys.add(k)), Reflect.ownKeys(t)),
  });
  return { value: read(view), keys };
}

/** One fact's reading: `{ value }`, or undefined when it is not known (an undefined value is a fact too: an insert-only table has no changelog). */
type Reader = <T>(read: (o: Readonly<Record<string, string>>) => T) => { value: T } | undefined;

/** The facts as `fact` reads them, and whether the connector and its changelog were read. */
function readFacts(fact: Reader): { facts: ConnectorFacts; connectorKnown: boolean } {
  const connector = fact((o) => o["connector"]?.trim())?.value;
  const bounds = fact(connectorBoundedness)?.value;
  const changelog = fact(connectorChangelog);
  const appendOnly = fact(appendOnlySink)?.value;
  const read = fact(kafkaRead)?.value;
  const commits = fact(commitsOnCheckpoint)?.value;
  const facts = Object.assign(
    { bounded: bounds?.bounded ?? true },
    bounds?.reason !== undefined ? { unboundedReason: bounds.reason } : undefined,
    connector !== undefined ? { connector } : undefined,
    changelog?.value !== undefined ? { changelog: changelog.value } : undefined,
    appendOnly !== undefined ? { appendOnly } : undefined,
    read !== undefined ? { kafkaRead: read } : undefined,
    commits === true ? { commitsOnCheckpoint: true } : undefined,
  );
  return { facts, connectorKnown: connector !== undefined && changelog !== undefined };
}

/** The facts a valid table's plain `options` decide. */
export function connectorFacts(options: Readonly<Record<string, string>>): ConnectorFacts {
  return readFacts((read) => ({ value: read(options) })).facts;
}

/**
 * The facts of a table that failed validation, from its plain `options`: a fact is left out (and
 * `bounded` reads true, as for any failed table) when the function that decides it looked at a
 * key `usable` refuses, whether the key is set or not (a key whose value failed, or a map whose
 * required keys are missing). `connectorKnown`: the connector and the changelog it reads (what a
 * temporal join asks of its versioned table) are the valid table's.
 */
export function usableConnectorFacts(options: Readonly<Record<string, string>>, usable: (key: string) => boolean): { facts: ConnectorFacts; connectorKnown: boolean } {
  return readFacts((read) => {
    const r = tracked(options, read);
    return [...r.keys].every(usable) ? { value: r.value } : undefined;
  });
}
