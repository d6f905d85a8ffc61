/**
 * The two list separators of a Kafka table's options, each the other's mistake:
 * - 'topic' is a Flink list option (flink-connector-kafka `KafkaConnectorOptions.TOPIC`, a
 *   `stringType().asList()`: "separating topic by semicolon like 'topic-1;topic-2'"; flink
 *   `StructuredOptionsSplitter` splits on ';' only), so 'orders-eu,orders-us' is one topic name with
 *   a comma, which Kafka refuses (a topic name holds only ASCII letters, digits, '.', '_' and '-':
 *   kafka `Topic.validate`): the job fails getting the topic's metadata;
 * - 'properties.bootstrap.servers' goes to the Kafka client as it is, a comma-separated list
 *   (kafka `CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG`, a LIST config), so 'k0:9092;k1:9092' is one
 *   address, which `ClientUtils.parseAndValidateAddresses` refuses (`Utils.getHost` takes no ';':
 *   "Invalid url in bootstrap.servers: k0:9092;k1:9092") when the job builds its source or sink.
 * Plain values only (an Output is not known at preview).
 */
import type { Diagnostics } from "../validation/diagnostics.js";

/** The value with its entries split on both separators, trimmed and joined with `sep`. */
function rejoined(value: string, sep: ";" | ","): string {
  return value
    .split(/[;,]/)
    .map((e) => e.trim())
    .filter((e) => e !== "")
    .join(sep);
}

/** Errors for a comma in 'topic' and a semicolon in 'properties.bootstrap.servers' of a 'kafka' / 'upsert-kafka' table's plain `options`. */
export function checkKafkaListSeparators(connector: string, options: Readonly<Record<string, string>>, diag: Diagnostics): void {
  const topic = options["topic"];
  if (topic !== undefined && topic.includes(",")) {
    diag.error(
      'options["topic"]',
      `${JSON.stringify(topic)} holds a comma: the '${connector}' connector separates topics with ';' ("topic-1;topic-2"), so this is one topic name with a comma in it, ` +
        `which Kafka refuses (a topic name takes only letters, digits, '.', '_' and '-'): the job fails getting the topic's metadata; ` +
        `write ${JSON.stringify(rejoined(topic, ";"))}`,
    );
  }
  const servers = options["properties.bootstrap.servers"];
  if (servers !== undefined && servers.includes(";")) {
    diag.error(
      'options["properties.bootstrap.servers"]',
      `${JSON.stringify(servers)} holds a semicolon: the Kafka client separates broker addresses with ',' (unlike 'topic', which Flink splits on ';'), so it reads one address, ` +
        `and the job fails building its Kafka source or sink ("Invalid url in bootstrap.servers: ${servers}"); write ${JSON.stringify(rejoined(servers, ","))}`,
    );
  }
}
