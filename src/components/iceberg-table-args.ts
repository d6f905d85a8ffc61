/**
 * Public args of IcebergSource and IcebergSink (DESIGN.md public API). The zod schemas with the
 * same descriptions are in src/options (table-options.ts, source-options.ts, sink-options.ts).
 * Everything except catalog uri/warehouse is a plain value: it decides the rendered SQL and is
 * validated when the resource is constructed, so `pulumi preview` fails before anything is created.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Column } from "../iceberg/types.js";
import type { AcknowledgesWarnings } from "../validation/acknowledged-warnings.js";

/**
 * The Iceberg catalog that holds the table, rendered into the connector table's WITH clause
 * (iceberg `flink/v2.1/flink/src/main/java/org/apache/iceberg/flink/FlinkCatalogFactory.java`).
 */
export interface IcebergCatalogArgs {
  /**
   * Catalog name, rendered as `catalog-name`. Required: the runtime fails with
   * "Invalid catalog name: null" without it. Non-empty. Not what the package's cross-table and
   * cross-job checks know a table by (the catalog's uri, warehouse ... are: two copies of one catalog
   * under two names are one catalog), except for a JDBC catalog, whose rows carry its name
   * (options/catalog-identity.ts).
   */
  name: string;
  /**
   * `"hive" | "hadoop" | "rest"`, rendered as `catalog-type`. Default: hive when catalogImpl is
   * unset too, as the runtime does (rendered explicitly as `'hive'`). Glue, JDBC, Nessie and other
   * catalogs are not types: leave this unset and set `catalogImpl` (setting both is an error, as in
   * the runtime; a type such as "glue" is an error that names the class to use).
   * Source: FlinkCatalogFactory `createCatalogLoader`.
   */
  type?: "hive" | "hadoop" | "rest";
  /**
   * Fully qualified Java class of a custom catalog, rendered as `catalog-impl`, e.g.
   * `org.apache.iceberg.aws.glue.GlueCatalog`, `org.apache.iceberg.jdbc.JdbcCatalog`,
   * `org.apache.iceberg.nessie.NessieCatalog`. Requires `type` unset. That class checks its own
   * properties (uri, warehouse ...) when the job starts. Default: none.
   */
  catalogImpl?: string;
  /**
   * Rendered as `uri`: the metastore thrift URI (`thrift://metastore:9083`) for hive, the catalog
   * URL for rest. Required for rest (runtime: "Invalid uri for http client: null") and for hive,
   * unless `properties["hive-conf-dir"]` names a directory whose hive-site.xml sets
   * hive.metastore.uris (the runtime's fallback). May be an Output of another resource; if it turns
   * out to be a Pulumi secret, `ddl` and `options` reject (SPEC decision 8). Must be non-empty and
   * one line. The uri is an error when a REST catalog's is no http:// or https:// URL (iceberg
   * HTTPClient builds each request's URL from it) or an entry of a Hive catalog's comma-separated
   * list has no scheme (write `thrift://host:port`) or has spaces around it (HiveMetaStoreClient
   * reads each as a URI and connects to its host and port, whatever its scheme): a plain one at
   * preview, an Output once known (`ddl` and `options` reject). Default: none.
   */
  uri?: pulumi.Input<string>;
  /**
   * Rendered as `warehouse`: the warehouse location, e.g. `s3a://bucket/warehouse`. Required for
   * hadoop (runtime: "warehousePath must not be null or empty"). May be an Output; a Pulumi secret
   * makes `ddl` and `options` reject (SPEC decision 8). For any catalog but rest (whose warehouse
   * may name one of the server's catalogs), an object-store location without its bucket
   * (`s3:/lake/wh`, `s3a:///lake`) is an error that says what to write: the file IO reads the
   * bucket from the URI's authority (a plain one at preview, an Output once known). Default: none.
   */
  warehouse?: pulumi.Input<string>;
  /**
   * Other catalog properties (`io-impl`, `clients`, `hive-conf-dir`, `s3.endpoint` ...), plain
   * strings rendered as-is into WITH. Errors: a key that carries a credential (token, credential,
   * password, secret, access key, e.g. `s3.secret-key`): pass credentials to the pods as environment
   * variables from a Kubernetes Secret instead (SPEC decision 8); a key the product renders
   * (`uri`, `warehouse`, `catalog-*`, option keys); a key also in extraOptions. Default: none.
   * A REST catalog resolves `env:NAME` values itself (iceberg RESTSessionCatalog.initialize:
   * EnvironmentUtil.resolveAll), so an OAuth2 `credential` or `token` written as
   * `"env:ICEBERG_REST_CREDENTIAL"`, with that variable from `kubernetes.envFromSecrets`, is accepted
   * (also in extraOptions). No other catalog resolves `env:NAME`: a JDBC catalog's `jdbc.password`
   * goes to the driver as written (iceberg JdbcClientPool), so its error names the driver's own
   * routes (a pgpass file for PostgreSQL, MariaDB Connector/J's `credentialType=ENV` for MySQL).
   * `s3.sse.key` with `s3.sse.type` kms / dsse-kms is a KMS key id, no credential.
   * A key one or two characters from a known catalog or FileIO property (`client.regin`), in
   * another letter case, or another tool's name for one (`s3.endpoint-url`) is a warning naming the
   * key Iceberg reads (options/known-catalog-properties.ts); families of free keys (`header.*`,
   * `s3.access-points.*`, `jdbc.*`, `rest.*` ...) and keys near none get nothing.
   * Values Iceberg parses (options/catalog-property-values.ts): a boolean property
   * (`s3.path-style-access`, `s3.checksum-enabled`, `cache-enabled`, `glue.skip-archive`,
   * `token-refresh-enabled` ...) is read with Boolean.parseBoolean (iceberg PropertyUtil:
   * "true" in any case, untrimmed, else false), so `"ture"`, `" true"` or `"yes"` is an error
   * (Iceberg reads false: write "true"), a false written another way (`"no"`) a warning; an int or
   * long S3FileIO property (`s3.multipart.num-threads`, `s3.retry.max-wait-ms`,
   * `s3.delete.batch-size` 1 to 1000, `s3.multipart.part-size-bytes` 5 MiB or more ...) that
   * Integer.parseInt / Long.parseLong refuses, or out of its bounds, is an error (the catalog
   * fails to load when the job starts).
   */
  properties?: Record<string, string>;
}

/** Args shared by IcebergSource and IcebergSink. */
export interface IcebergTableArgs extends AcknowledgesWarnings {
  /** The Iceberg catalog of the table. */
  catalog: IcebergCatalogArgs;
  /**
   * Iceberg namespace of the table, always rendered as `catalog-database` (unset, the runtime
   * would use the Flink database name, e.g. `default_database`). Non-empty, one line. The
   * namespace is created when the connector first writes if missing.
   */
  database: string;
  /**
   * Iceberg table name, always rendered as `catalog-table` (unset, the runtime would use the Flink
   * table name). Non-empty, one line. A missing table is created from `columns`, `primaryKey`,
   * `partitionedBy` and `formatVersion` by the first job that plans it; an existing table is not
   * altered, and a sink's `columns` must match its column order and nullability (a source's may be a
   * subset). Jobs of the program declaring the table with columns that fail one of them: an error.
   */
  table: string;
  /**
   * Flink table name in CREATE TABLE and in `sql` statements, always back-quoted when rendered.
   * Default: the resource name with every character other than ASCII letters, digits and `_`
   * replaced by `_` (`"orders-daily"` → `orders_daily`). In `sql` statements, interpolate the
   * table (`${table}`) rather than writing this name: the job declares only interpolated tables
   * and its views, and a plain-text name in table position that it does not declare is a preview
   * error naming what to write (a warning on a SQL Gateway, whose own configuration may start
   * sessions in a stored catalog; a qualified `catalog.db.table` is not checked). 1 to 256
   * characters, no line breaks.
   */
  tableName?: string;
  /**
   * The columns, in order (at least one), each `{ name, type, comment? }` with `type` as Flink SQL
   * text (`"DECIMAL(10, 2)"`, case-insensitive) or a `DataTypes` value. Types must map to Iceberg
   * (SPEC type table; INTERVAL, RAW, TIMESTAMP WITH TIME ZONE ... are errors at
   * `columns[i].type`); names unique; `comment` becomes the Iceberg field doc.
   * TIMESTAMP(7..9)/TIMESTAMP_LTZ(7..9) need formatVersion 3 and give a warning about the Iceberg
   * 1.11+ runtime.
   */
  columns: Column[];
  /**
   * Primary-key columns, rendered `PRIMARY KEY (...) NOT ENFORCED`; they render NOT NULL, as Flink
   * makes them (SPEC decision 7). Each a top-level column with a primitive type other than FLOAT
   * or DOUBLE, listed once (Iceberg identifier-field rules, `api/.../Schema.java`). Required by
   * upsertEnabled. Default: none.
   */
  primaryKey?: string[];
  /**
   * Identity partition columns, rendered `PARTITIONED BY (...)`: top-level primitive columns,
   * each once. With upsertEnabled every one must be in primaryKey (runtime: "In UPSERT mode,
   * source column ... should be included in equality fields"). Column names only: Flink SQL
   * cannot declare an Iceberg transform such as `days(ts)` or `bucket(16, id)` (iceberg
   * `flink/.../FlinkCatalog.java` `toPartitionSpec`: identity only), and such an entry is an error
   * that says what to write instead (a column the INSERT fills, or the table created with the
   * transform outside Flink: the connector writes an existing table with its own spec).
   * Default: unpartitioned.
   */
  partitionedBy?: string[];
  /**
   * Iceberg table format version: 1, 2 or 3. Default 2 (the runtime's default since Iceberg 1.4).
   * Always rendered as `'format-version'`; it decides the version only when the connector creates
   * the table (an existing table keeps its version). upsertEnabled needs 2 or 3 (also on a sink of
   * another job of the program that may create the table first: 1 there beside an upsert sink of the
   * same table is an error); nanosecond timestamps need 3. An IcebergSink with a primaryKey on 3 is a warning: its writer's position
   * deletes (a key written again within a checkpoint) must be deletion vectors in v3, which the
   * Flink sink writes from Iceberg 1.11 (apache/iceberg #14197); older runtimes fail the commit
   * ("Must use DVs for position deletes in V3"). Source: SPEC decision 7; facts §1.4.
   */
  formatVersion?: 1 | 2 | 3;
  /**
   * Other upstream read/write options or table properties (e.g. `monitor-interval`,
   * `write.metadata.delete-after-commit.enabled`), plain strings rendered as-is into WITH. Errors
   * (each message says what to write instead): a key the product renders or a modeled arg covers,
   * including aliases (`connector`, `catalog-*`, `uri`, `warehouse`, `format-version`, `streaming`,
   * `snapshot-id`, `start-snapshot-id`, `end-snapshot-id`, `split-size`,
   * `read.split.target-size`, `write-format`, `write.format.default`, `target-file-size-bytes`,
   * `write.target-file-size-bytes`, `compression-codec`, `write.<format>.compression-codec`,
   * `upsert-enabled`, `write.upsert.enabled`, `overwrite-enabled` (write INSERT OVERWRITE in a batch
   * job instead), `commit.interval`, `table.exec.iceberg.use-flip27-source`), also behind the
   * catalog's `table-default.` / `table-override.` prefixes; on a streaming source the read options
   * the runtime rejects there (`tag`, `end-tag`, `as-of-timestamp`) and `start-tag`, which it
   * accepts there but never reads (iceberg `flink/.../enumerator/ContinuousSplitPlannerImpl.java`);
   * `starting-strategy` / `start-snapshot-timestamp` except as a streaming source's own starting
   * strategy (see IcebergSourceArgs.streaming); `distribution-mode` hash with a
   * primaryKey when a partition column is not in the key (iceberg `flink/.../sink/FlinkSink.java`);
   * a credential key or a value that embeds a credential (SPEC decision 8). The same rules apply to
   * a statement's OPTIONS hint on the table, except that a hint cannot choose the starting strategy
   * (choose it here, on the source), and that a hint on a bounded read may set `snapshot-id`: that
   * statement reads the table as of that snapshot (iceberg `flink/.../source/FlinkSplitPlanner.java`
   * useSnapshot), except on a streaming read (the runtime rejects it) or over startSnapshotId with
   * endSnapshotId (the runtime reads the range and ignores it). The value of a typed Flink read/write option is
   * checked (`monitor-interval` a duration, a unit-less one a warning; `write-parallelism` a
   * positive integer; booleans; exact-case enums), and a key one or two edits from a known option
   * or common table property is a warning with the fix (an unknown key becomes a table property
   * nothing reads; iceberg `FlinkReadOptions` / `FlinkWriteOptions` / `TableProperties`), as is
   * Flink's generic `sink.parallelism`, which the Iceberg sink never reads (its writers take
   * `write-parallelism`), and a read option of Iceberg's Spark connector that the Flink source
   * ignores (`streaming-skip-overwrite-snapshots`, `streaming-skip-delete-snapshots`, `lookback`,
   * `stream-from-timestamp` ..., with the Flink option where one exists; iceberg
   * `SparkReadOptions`) or any other `streaming-*` key. On a sink, a write option and the table
   * property it wins over (`distribution-mode` / `write.distribution-mode`, `compression-level` /
   * `write.parquet.compression-level` and `write.avro.compression-level`, `compression-strategy` /
   * `write.orc.compression-strategy`; also behind a catalog prefix, in either map) with different
   * values is a warning at the table property: the write option wins (iceberg `FlinkWriteConf`;
   * options/write-option-conflicts.ts); keep one. The same value under both keys stays quiet, as
   * does a catalog.properties value this sink's extraOptions option overrides (a default for the
   * catalog's tables). Default: none.
   */
  extraOptions?: Record<string, string>;
}

/**
 * IcebergSource args: the table args plus the seed's source options (seed Table 1; SPEC decision 4).
 * A job with an Iceberg source also sets the job-level `'table.exec.iceberg.use-flip27-source' = 'true'`
 * (FlinkSqlJob does that, not this table).
 */
export interface IcebergSourceArgs extends IcebergTableArgs {
  /**
   * Seed `streaming`. Default false: read the current snapshot once, then finish (rendered
   * `'streaming' = 'false'`). true without snapshot ids: the whole current table, then every new
   * snapshot, unbounded (`'streaming' = 'true'`, `'starting-strategy' = 'TABLE_SCAN_THEN_INCREMENTAL'`).
   * The snapshot ids need true. Incremental reads see append snapshots only: a table written by
   * an upsert sink, or rewritten by INSERT OVERWRITE, is not followed correctly. A batch job cannot
   * read an unbounded source.
   *
   * Where to start, on a streaming read without snapshot ids: `extraOptions["starting-strategy"]`
   * (exact key and upper-case value, rendered instead of TABLE_SCAN_THEN_INCREMENTAL):
   * `INCREMENTAL_FROM_LATEST_SNAPSHOT` (the current snapshot's appended data, included, then every
   * new snapshot), `INCREMENTAL_FROM_LATEST_SNAPSHOT_EXCLUSIVE` (only snapshots committed after
   * the start; Iceberg 1.10.0 and later: apache/iceberg #12839), `INCREMENTAL_FROM_EARLIEST_SNAPSHOT`
   * (from the oldest snapshot in the history), or `INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP` with
   * `extraOptions["start-snapshot-timestamp"]` (epoch milliseconds: from the first snapshot
   * committed at or after it, included; 13 digits, seconds or microseconds are errors, a future
   * time a warning: the source fails at start, and the job restarts, while no snapshot at or after
   * it exists, an empty table included, or when the history before it has expired: iceberg
   * `core/.../util/SnapshotUtil.java` `oldestAncestorAfter`). The strategy applies to a start without state; a restore
   * from a checkpoint or savepoint resumes where the read was. Errors: a strategy on a read that is
   * not streaming, bounded or has startSnapshotId; `INCREMENTAL_FROM_SNAPSHOT_ID` (set
   * startSnapshotId); another value; the timestamp missing, not digits, or without its strategy.
   * Source: seed Table 1; SPEC decision 4; iceberg `flink/.../source/ScanContext.java`,
   * `source/enumerator/ContinuousSplitPlannerImpl.java` `startSnapshot`.
   */
  streaming?: boolean;
  /**
   * Seed `start-snapshot-id`: a snapshot id as a decimal string or bigint (a JS number only when it
   * is a safe integer; ids are random 63-bit values, usually above 2^53), 1 to 2^63-1. Needs
   * streaming: true. Without endSnapshotId: rendered `'starting-strategy' =
   * 'INCREMENTAL_FROM_SNAPSHOT_ID'` and `'start-snapshot-id'`, reading every snapshot from this
   * one on, this one INCLUDED, unbounded (the seed says "after" it: the runtime has no exclusive
   * start for unbounded reads and ignores the id without the strategy). With endSnapshotId: what
   * was appended after this snapshot (exclusive) up to the end (inclusive), then the source
   * finishes. The id must exist and not be expired (checked by the runtime at start-up). Default:
   * none (the whole current table first). Source: seed Table 1; SPEC decisions 3 and 4.
   */
  startSnapshotId?: bigint | string | number;
  /**
   * Seed `end-snapshot-id`: a snapshot id (as startSnapshotId). Needs streaming: true. Makes the
   * read bounded: without startSnapshotId the whole table as of this snapshot (`'streaming' =
   * 'false'`, `'snapshot-id'`); with it the appends after the start up to this snapshot
   * (`'streaming' = 'false'`, `'start-snapshot-id'`, `'end-snapshot-id'`: the runtime rejects an end
   * id on an unbounded read). Equal to startSnapshotId is an error (empty range). "After the start"
   * means the start is an ancestor, which only the catalog can check: ids are never compared
   * numerically. Default: none (unbounded). Source: seed Table 1; SPEC decisions 3 and 4.
   */
  endSnapshotId?: bigint | string | number;
  /**
   * Seed `split-size`: target size of a read split in bytes, a positive whole number or a size
   * text such as `"128MB"`, `"64 mb"`, `"1gb"` (binary units, as Flink reads memory sizes) or with
   * an IEC unit, `"128MiB"`, `"1GiB"` (KiB, MiB, GiB, TiB, any case; the same 1024-based sizes);
   * rendered as `'split-size'` with the byte count. Seed default 128 MB; unset it is not rendered
   * and the runtime reads 134217728 (128 MiB) whatever the table property `read.split.target-size`
   * says: through Iceberg 1.11 the session option `connector.iceberg.split-size` declares that
   * default, which wins over the table property. Too small = scheduling overhead, too large = skew.
   * Source: seed Table 1; iceberg FlinkReadOptions.java (SPLIT_SIZE_OPTION), FlinkConfParser.java.
   */
  splitSize?: number | string;
  /**
   * Not in the seed table: the table's event time, for windows, interval joins and other event-time
   * operations, rendered `WATERMARK FOR column AS ...` in the CREATE TABLE. Plain values (an Output
   * is an error). Default: none (no event time; a streaming job's windowing TVF over this table is
   * then a preview error).
   *
   * - `column`: a column of `columns` of type TIMESTAMP(p) or TIMESTAMP_LTZ(p), p 0..3, without a
   *   `.` in its name (a TIMESTAMP(6) column may be declared TIMESTAMP(3)). Errors: not a column,
   *   another type or precision, a dotted name.
   * - Without `expression` (recommended): source watermarks, rendered `SOURCE_WATERMARK()` with
   *   `'watermark-column' = column`, in event-time order per file. Needs the Iceberg 1.9.0+ Flink
   *   runtime and a lower bound of the column in every data file (none in Avro files, all-NULL
   *   files, or under metrics mode none / counts). Errors: an IcebergSink of the program writing
   *   the table in Avro; metrics none / counts set in extraOptions or catalog.properties;
   *   extraOptions["watermark-column"] (set it here). A warning: a column past the 100th of a
   *   wider table without its own metrics mode.
   * - With `expression`, e.g. "`ts` - INTERVAL '5' SECOND": a watermark computed from the rows,
   *   always with a warning (files are read several at a time, so a streaming job's windows drop
   *   late rows silently); one that adds time (`ts + INTERVAL '5' MINUTE`,
   *   `TIMESTAMPADD(SECOND, 5, ts)`) another (the watermark runs ahead of event time).
   *   `SOURCE_WATERMARK` in it is an error. extraOptions["watermark-column"] beside it only
   *   orders the files and must name a TIMESTAMP, TIMESTAMP_LTZ or BIGINT column.
   *
   * Details (how source watermarks advance, each requirement) and upstream sources:
   * docs/iceberg-source-watermark.md.
   */
  watermark?: { column: string; expression?: string };
}

/** IcebergSink args: the table args plus the seed's sink options (seed Table 2; SPEC decisions 2, 5–7). */
export interface IcebergSinkArgs extends IcebergTableArgs {
  /**
   * Seed `write-format`: `"parquet" | "orc" | "avro"`, rendered as `'write-format'`. Seed default
   * parquet; unset it is not rendered and the table keeps its own format (table property
   * `write.format.default`, runtime default parquet). Source: seed Table 2; SPEC decision 5.
   */
  writeFormat?: "parquet" | "orc" | "avro";
  /**
   * Seed `commit.interval`: how often buffered files are committed as a snapshot, as Flink
   * duration text (`"30s"`, `"5 min"`, `"1h"`, `"500ms"`; units d, h, min, s, ms, µs, ns and long
   * forms), a positive whole number of milliseconds. Never rendered in WITH (no such Iceberg
   * option: the sink commits on each completed checkpoint); the job sets
   * `execution.checkpointing.interval` to the smallest commitInterval of its sinks, else the seed
   * default 1min. Exposed as the `commitInterval` output. Source: seed Table 2; SPEC decisions 2 and 9.
   */
  commitInterval?: string;
  /**
   * Seed `write.target-file-size-bytes`: roll to a new file at this size, bytes as a positive whole
   * number or size text (`"128MB"`, binary units; or `"128MiB"`, `"1GiB"`: KiB, MiB, GiB, TiB in any
   * case, the same 1024-based sizes). Rendered under the runtime's write-option key
   * `'target-file-size-bytes'` (it wins over the table property, also for an existing table).
   * Default: the seed's 128 MB (134217728), rendered when unset; the runtime's own default is 512 MiB.
   * Source: seed Table 2; SPEC decision 5; iceberg FlinkWriteOptions.java.
   */
  targetFileSizeBytes?: number | string;
  /**
   * Seed `upsert-enabled`: rows with the same primary key update instead of append. Rendered as
   * `'upsert-enabled'` only when set. true needs primaryKey, formatVersion 2 or 3, and every
   * partitionedBy column in primaryKey (preview errors, cases C02–C04). Seed default false; unset
   * is never rendered, so an existing upsert table keeps upserting (rendering false would write
   * duplicates). Source: seed Table 2; SPEC decisions 5 and 7; iceberg `flink/.../sink/FlinkSink.java`.
   */
  upsertEnabled?: boolean;
  /**
   * Seed `compression-codec`: `"uncompressed" | "snappy" | "zstd" | "gzip"`, rendered as
   * `'compression-codec'` under the runtime's name for the format (ORC: uncompressed → `none`).
   * Errors: gzip with writeFormat orc (ORC codecs: none, snappy, zlib, zstd); uncompressed or gzip
   * with writeFormat unset (only snappy and zstd are valid for every format). Default: the seed's
   * zstd, rendered when unset (runtime defaults: zstd for new Parquet tables, zlib for ORC, gzip
   * for Avro). Source: seed Table 2; SPEC decisions 5 and 6; facts §3. The write options
   * `compression-level` and `compression-strategy` in extraOptions or catalog.properties (both are
   * rendered into WITH, which the sink reads as its write options: iceberg
   * `FlinkDynamicTableFactory.java`; behind `table-default.` / `table-override.` they set a table
   * property no writer reads: a warning) and the compression table properties in extraOptions or
   * catalog.properties (`write.parquet.compression-level`,
   * `write.avro.compression-level`, `write.orc.compression-strategy`,
   * `write.delete.<format>.compression-codec` / `-level` / `-strategy`, also behind
   * `table-default.` / `table-override.`) are checked as each format's writer reads them: Parquet
   * gzip takes a Hadoop zlib level name (`BEST_SPEED`, `TWO` … `EIGHT`, `BEST_COMPRESSION`,
   * `NO_COMPRESSION`, `DEFAULT_COMPRESSION`), not a number; Avro gzip -1 to 9; zstd a whole number,
   * clamped to -131072 … 22 (a warning); a delete codec the format's names (any case). A value the
   * writer fails on is an error, or a warning where writeFormat is unset or the sink writes no
   * delete files; a key the writers never read is a warning. Source: iceberg `Parquet.java`,
   * `Avro.java`, `ORC.java`; Hadoop `ZlibFactory`; avro `DeflateCodec`; zstd.
   */
  compressionCodec?: "uncompressed" | "snappy" | "zstd" | "gzip";
}
