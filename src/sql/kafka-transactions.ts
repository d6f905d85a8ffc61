/**
 * Exactly-once Kafka sinks that share a 'sink.transactional-id-prefix' on one Kafka cluster, in one
 * job or in two jobs of the program (new-user trial w63).
 *
 * Each INSERT into a 'kafka' or 'upsert-kafka' table with 'sink.delivery-guarantee' =
 * 'exactly-once' runs its own KafkaSink, built with the table's prefix as it is
 * (flink-connector-kafka `flink-connector-kafka/src/main/java/org/apache/flink/streaming/connectors/kafka/table/KafkaDynamicSink.java`
 * `getSinkRuntimeProvider`: `setTransactionalIdPrefix(transactionalIdPrefix)`). Its producers take
 * the transactional ids `<prefix>-<subtask>-<checkpoint>` (`.../connector/kafka/sink/internal/TransactionalIdFactory.java`
 * `buildTransactionalId`), and a writer that starts aborts the lingering transactions of its ids
 * by opening producers under them. A transactional id is the cluster's (its transaction
 * coordinator's): two sinks with one prefix on one cluster open producers under the same ids, and
 * Kafka fences the older producer of an id when another initializes it (ProducerFencedException),
 * so the sinks fail each other's checkpoints and the jobs restart over and over. The connector's
 * docs: "Please ensure that you use unique transactionalIdPrefix across your applications running
 * on the same Kafka cluster such that multiple running jobs do not interfere in their
 * transactions" (`docs/content/docs/connectors/datastream/kafka.md`, "Fault Tolerance"); the
 * clash of transactional ids between jobs is FLINK-11654.
 *
 * The cluster is told by 'properties.bootstrap.servers': lists that share a broker address name
 * one cluster (an error); lists that share none are taken as two clusters (quiet); a list that is
 * a Pulumi Output is not known at preview (a warning, "if both write one cluster").
 */
import type { Diagnostics } from "../validation/diagnostics.js";

type Hint = Readonly<Record<string, string>>;

/** An exactly-once Kafka write: its transactional-id prefix and the brokers it names (undefined: an Output, not known at preview). */
export interface KafkaTransactionalWrite {
  readonly prefix: string;
  readonly servers?: readonly string[];
}

/** One exactly-once write of a job: the INSERT (statement index), the table it writes, and the write. */
export interface JobKafkaTransaction extends KafkaTransactionalWrite {
  readonly statement: number;
  readonly label: string;
}

/** An earlier job's exactly-once write of the program (job-registry.ts). */
export interface ProgramKafkaTransaction {
  readonly job: string;
  readonly label: string;
  readonly servers?: readonly string[];
}

const PREFIX = "sink.transactional-id-prefix";
const SERVERS = "properties.bootstrap.servers";

/** The broker addresses of a bootstrap list, trimmed and lower-cased (host names are case-insensitive); kafka-groups.ts reads them too. */
export function brokers(list: string): string[] {
  return list
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== "");
}

/**
 * The exactly-once write of a 'kafka' / 'upsert-kafka' sink with `options` (the table's own, or an
 * INSERT's OPTIONS hint merged in as flink PlannerBase.getTableSink merges it: hinted-writes.ts
 * hintedWriteOf), or undefined when the write is not exactly-once or its guarantee or prefix is an
 * Output (not known at preview). `deferredKeys`: the options that are Outputs.
 */
export function kafkaTransactionalWrite(options: Hint, deferredKeys: readonly string[]): KafkaTransactionalWrite | undefined {
  // Flink matches enum values in any case (ConfigurationUtils.convertToEnum).
  if (deferredKeys.includes("sink.delivery-guarantee") || options["sink.delivery-guarantee"]?.trim().toLowerCase() !== "exactly-once") return undefined;
  const prefix = options[PREFIX];
  if (deferredKeys.includes(PREFIX) || prefix === undefined || prefix === "") return undefined;
  const servers = options[SERVERS];
  return deferredKeys.includes(SERVERS) || servers === undefined ? { prefix } : { prefix, servers: brokers(servers) };
}

/** Whether two broker lists name one cluster: true (a shared broker), false (none shared), undefined (an Output list). */
export function sameCluster(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean | undefined {
  if (a === undefined || b === undefined) return undefined;
  return a.some((s) => b.includes(s));
}

const WHY =
  "each exactly-once sink opens its Kafka transactions under the ids '<prefix>-<subtask>-<checkpoint>' (flink-connector-kafka TransactionalIdFactory), and Kafka fences a producer when another one " +
  "initializes its id (ProducerFencedException): the sinks abort each other's transactions and the jobs fail and restart over and over (FLINK-11654; the connector's docs ask for a transactionalIdPrefix " +
  "unique across the applications on one Kafka cluster)";

/**
 * Errors (one cluster) and warnings (a bootstrap list is an Output) for the job's exactly-once
 * Kafka writes that share a prefix with another of its INSERTs or with an earlier job's write
 * (`earlier(prefix)`, the program's registry), at the later INSERT.
 */
export function checkKafkaTransactions(writes: readonly JobKafkaTransaction[], earlier: ((prefix: string) => readonly ProgramKafkaTransaction[]) | undefined, diag: Diagnostics): void {
  writes.forEach((w, j) => {
    const at = `statements[${w.statement}]`;
    const lead = `writes ${w.label} exactly-once with 'sink.transactional-id-prefix' = '${w.prefix}'`;
    // The first earlier INSERT of the job that shares the prefix (a third one is told of the first, not of each).
    const o = writes.slice(0, j).find((x) => x.prefix === w.prefix && sameCluster(w.servers, x.servers) !== false);
    if (o !== undefined) {
      const same = sameCluster(w.servers, o.servers);
      const other = o.label === w.label ? `statements[${o.statement}] also writes it` : `statements[${o.statement}] writes ${o.label}`;
      const fix =
        o.label === w.label
          ? `give this INSERT its own prefix in an OPTIONS hint right after the table, e.g. /*+ OPTIONS('${PREFIX}' = '${w.prefix}-${w.statement}') */, or write both queries as one INSERT (UNION ALL)`
          : `give each table its own '${PREFIX}'`;
      report(diag, same, at, `${lead}, the prefix with which ${other}${same === undefined ? " (a bootstrap server list is an Output: if both write one Kafka cluster)" : " on the same Kafka cluster"}: each INSERT runs its own sink, ${WHY}; ${fix}`);
    }
    for (const o of earlier?.(w.prefix) ?? []) {
      const same = sameCluster(w.servers, o.servers);
      if (same === false) continue;
      report(
        diag,
        same,
        at,
        `${lead}, the prefix with which FlinkSqlJob ${JSON.stringify(o.job)} writes ${o.label}${same === undefined ? " (a bootstrap server list is an Output: if both write one Kafka cluster)" : " on the same Kafka cluster"}: ${WHY}; ` +
          `give each job's sink its own '${PREFIX}' (e.g. the job's name as its prefix)`,
      );
    }
  });
}

function report(diag: Diagnostics, certain: boolean | undefined, at: string, message: string): void {
  if (certain === true) diag.error(at, message);
  else diag.warn(at, message);
}
