/**
 * SOURCE_WATERMARK() in the watermark of a FlinkTable whose connector cannot emit source
 * watermarks. Flink pushes SOURCE_WATERMARK() into a source only when the source implements
 * `SupportsSourceWatermark` (flink-table-planner `PushWatermarkIntoTableSourceScanRuleBase`);
 * otherwise the call stays in the watermark generator (pushed into the source through
 * `SupportsWatermarkPushDown`, or a WatermarkAssigner), and flink `SourceWatermarkFunction.eval`
 * throws a TableException ("SOURCE_WATERMARK() is a declarative ... function") on the first row, so a
 * streaming job that reads the table fails once it runs. A batch job ignores watermarks (flink
 * `DynamicSourceUtils`: the assigner is pushed in streaming mode only). The sources checked, none of
 * which implements the interface in Flink 1.19–2.1 and the connector releases for them:
 * flink-connector-kafka `KafkaDynamicSource` ('kafka', 'upsert-kafka'), flink
 * `FileSystemTableSource` ('filesystem'), `DataGenTableSource` ('datagen'). Other connectors are
 * not judged (an IcebergSource's source watermarks are options/source-watermark.ts').
 */
import type { TableDefinition } from "../components/table-definition.js";
import { knows } from "../components/failed-table-parts.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { codeOnly } from "./split.js";

/** Connectors whose source emits no source watermarks, with the class that says so. */
const WITHOUT_SOURCE_WATERMARKS: Readonly<Record<string, string>> = {
  kafka: "flink-connector-kafka KafkaDynamicSource",
  "upsert-kafka": "flink-connector-kafka KafkaDynamicSource",
  filesystem: "flink FileSystemTableSource",
  datagen: "flink DataGenTableSource",
};

/** What Flink does with an expression of the table's own, by connector. */
const PUSHED: Readonly<Record<string, string>> = {
  kafka: " (Flink pushes it into the Kafka source, which then tracks it per partition)",
  "upsert-kafka": " (Flink pushes it into the Kafka source, which then tracks it per partition)",
};

/**
 * Errors at `statements` for each table a streaming job reads (`reads`) whose FlinkTable watermark
 * calls SOURCE_WATERMARK() (outside string literals and comments) on a connector of
 * WITHOUT_SOURCE_WATERMARKS; a failed table only when its connector is known.
 */
export function checkSourceWatermarkSupport(reads: readonly TableDefinition[], diag: Diagnostics): void {
  for (const t of reads) {
    if (t.resourceType !== "FlinkTable" || !knows(t, "connector") || t.connector === undefined || !Object.hasOwn(WITHOUT_SOURCE_WATERMARKS, t.connector)) continue;
    const watermark = t.expressions?.find((e) => e.path === "watermark.expression");
    if (watermark === undefined || !/\bSOURCE_WATERMARK\s*\(/i.test(codeOnly(watermark.text))) continue;
    const column = t.columns?.find((c) => c.timeAttribute === "rowtime")?.name;
    const example = column === undefined ? "" : `, e.g. "\`${column.replace(/`/g, "``")}\` - INTERVAL '5' SECOND"`;
    diag.error(
      "statements",
      `the job reads ${t.label}, whose watermark.expression calls SOURCE_WATERMARK(), and its '${t.connector}' source emits no source watermarks (${WITHOUT_SOURCE_WATERMARKS[t.connector]} does not implement SupportsSourceWatermark): ` +
        `Flink keeps the call in the watermark generator, which throws on the first row ("SOURCE_WATERMARK() is a declarative ... function", flink SourceWatermarkFunction), so the job fails once it runs; ` +
        `write a watermark expression over the column instead${example}${PUSHED[t.connector] ?? ""}`,
    );
  }
}
