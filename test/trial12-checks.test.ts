/**
 * Trial findings of session 12: a watermark on a PROCTIME() column (Flink: "A watermark can not be
 * defined for a processing-time attribute", DefaultSchemaResolver) and the rowtime advice that
 * suggested one; `tag` / `branch` with `as-of-timestamp` on one bounded IcebergSource (the scan takes
 * the ref's snapshot, then refuses another: core SnapshotScan); `FOR SYSTEM_TIME AS OF TIMESTAMP`
 * time travel on a table the script declares (Flink's in-memory catalog keeps no versions).
 */
import { expect } from "chai";
import { issuesOf, jobWarnings, mockedApi, issuesOrNone, type Api } from "./api.js";

const lake = { name: "lake", type: "rest" as const, uri: "http://iceberg-rest:8181" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "v", type: "STRING" },
];

describe("session 12 trial checks", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a watermark on a PROCTIME() column is an error that says what to write", () => {
    const issues = issuesOf(
      () =>
        new api.FlinkTable("t12_proc", {
          columns: [...cols, { name: "proc", expression: "PROCTIME()" }],
          watermark: { column: "proc", expression: "`proc` - INTERVAL '5' SECOND" },
          options: { connector: "datagen" },
        }),
    );
    expect(issues).to.deep.equal([
      {
        path: "watermark.column",
        message:
          '"proc" is a processing-time attribute (PROCTIME()), and Flink rejects a watermark on one ("A watermark can not be defined for a processing-time attribute", flink DefaultSchemaResolver): ' +
          "put the watermark on an event-time column (TIMESTAMP(3) / TIMESTAMP_LTZ(3), or a computed one such as TO_TIMESTAMP_LTZ(<epoch millis>, 3)), or leave watermark out to work in processing time",
      },
    ]);
  });

  it("the event-time advice of a temporal join as of a PROCTIME() column never suggests a watermark on that column", () => {
    const orders = new api.FlinkTable("t12_orders", {
      columns: [...cols, { name: "created", type: "TIMESTAMP(3)" }, { name: "proc", expression: "PROCTIME()" }],
      options: { connector: "datagen" },
    });
    const rates = new api.IcebergSource("t12_rates", { catalog: lake, database: "db", table: "rates", columns: cols, streaming: true });
    const out = new api.IcebergSink("t12_out", { catalog: lake, database: "db", table: "out", columns: cols });
    const issues = issuesOf(() => new api.FlinkSqlJob("t12-tj", { statements: [api.sql`INSERT INTO ${out} SELECT o.id, r.v FROM ${orders} AS o JOIN ${rates} FOR SYSTEM_TIME AS OF o.proc AS r ON o.id = r.id`] }));
    expect(issues).to.have.length(1);
    expect(issues[0]!.message).to.not.contain('column: "proc"');
    expect(issues[0]!.message).to.contain('watermark: { column: "created", expression: "`created` - INTERVAL \'5\' SECOND" }');
  });

  it("tag or branch with as-of-timestamp on one bounded IcebergSource is an error, in extraOptions and in a hint", () => {
    const issues = issuesOf(() => new api.IcebergSource("t12_tag", { catalog: lake, database: "db", table: "t", columns: cols, extraOptions: { tag: "v1", "as-of-timestamp": "1767225600000" } }));
    expect(issues).to.deep.equal([
      {
        path: 'extraOptions["as-of-timestamp"]',
        message:
          '"as-of-timestamp" together with "tag": the bounded read selects the tag\'s snapshot first and then refuses another one (\'Cannot override snapshot, already set snapshot id\', iceberg FlinkSplitPlanner / core SnapshotScan); ' +
          'read the tag (remove "as-of-timestamp"), or the table as of the time (remove "tag")',
      },
    ]);
    const branch = issuesOf(() => new api.IcebergSource("t12_branch", { catalog: lake, database: "db", table: "t", columns: cols, extraOptions: { branch: "audit", "as-of-timestamp": "1767225600000" } }));
    expect(branch.map((i) => i.message.split(":")[0])).to.deep.equal(['"as-of-timestamp" together with "branch"']);
    const src = new api.IcebergSource("t12_plain", { catalog: lake, database: "db", table: "t", columns: cols });
    const out = new api.IcebergSink("t12_out2", { catalog: lake, database: "db", table: "out2", columns: cols });
    const hinted = issuesOf(
      () =>
        new api.FlinkSqlJob("t12-hint", {
          runtimeMode: "batch",
          statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src} /*+ OPTIONS('tag'='v1', 'as-of-timestamp'='1767225600000') */`],
        }),
    );
    expect(hinted.map((i) => i.path)).to.deep.equal(['statements[0] OPTIONS hint of t12_plain["as-of-timestamp"]']);
    // Each on its own is a valid bounded read.
    new api.IcebergSource("t12_ok", { catalog: lake, database: "db", table: "t", columns: cols, extraOptions: { "as-of-timestamp": "1767225600000" } });
  });

  it("as-of-timestamp in epoch seconds or microseconds is an error, as start-snapshot-timestamp is, in extraOptions and in a hint", () => {
    const seconds = issuesOf(() => new api.IcebergSource("t13_asof_s", { catalog: lake, database: "db", table: "t", columns: cols, extraOptions: { "as-of-timestamp": "1767225600" } }));
    expect(seconds).to.deep.equal([
      {
        path: 'extraOptions["as-of-timestamp"]',
        message: "1767225600 looks like epoch seconds (2026-01-01T00:00:00.000Z); the runtime reads milliseconds, where it means January 1970: write 1767225600000",
      },
    ]);
    const micros = issuesOf(() => new api.IcebergSource("t13_asof_us", { catalog: lake, database: "db", table: "t", columns: cols, extraOptions: { "as-of-timestamp": "1767225600000000" } }));
    expect(micros.map((i) => i.message)).to.deep.equal(["1767225600000000 looks like epoch microseconds (2026-01-01T00:00:00.000Z); the runtime reads milliseconds: write 1767225600000"]);
    const src = new api.IcebergSource("t13_asof_src", { catalog: lake, database: "db", table: "t", columns: cols });
    const out = new api.IcebergSink("t13_asof_out", { catalog: lake, database: "db", table: "out3", columns: cols });
    const hinted = issuesOf(
      () =>
        new api.FlinkSqlJob("t13-asof-hint", {
          runtimeMode: "batch",
          statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src} /*+ OPTIONS('as-of-timestamp'='1767225600') */`],
        }),
    );
    expect(hinted.map((i) => i.path)).to.deep.equal(['statements[0] OPTIONS hint of t13_asof_src["as-of-timestamp"]']);
  });

  it("a hint's snapshot-id is a statement's time travel on a bounded read; refused where the runtime refuses or ignores it, with a second IcebergSource as the remedy", () => {
    const out = new api.IcebergSink("t14_snap_out", { catalog: lake, database: "db", table: "snap_out", columns: cols });
    const plain = new api.IcebergSource("t14_snap_plain", { catalog: lake, database: "db", table: "snap", columns: cols });
    const asOf = new api.IcebergSource("t14_snap_asof", { catalog: lake, database: "db", table: "snap", columns: cols, streaming: true, endSnapshotId: "12" });
    // Iceberg reads the hint's snapshot-id (FlinkSplitPlanner: useSnapshot); over a source's own snapshot-id the hint wins.
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("t14-snap", {
            runtimeMode: "batch",
            statements: [
              api.sql`INSERT INTO ${out} SELECT id, v FROM ${plain} /*+ OPTIONS('snapshot-id'='3821550127947089987')*/`,
              api.sql`INSERT INTO ${out} SELECT id, v FROM ${asOf} /*+ OPTIONS('snapshot-id'='13') */`,
              api.sql`INSERT INTO ${out} SELECT id, v FROM ${out} /*+ OPTIONS('snapshot-id'='14') */`,
            ],
          }),
      ),
    ).to.deep.equal([]);
    expect(jobWarnings("t14-snap")).to.deep.equal([]);
    const SECOND =
      "declare a second IcebergSource of the same table (same catalog, database and table) with a bounded read (streaming: false) and read it in this statement with the hint; the other statements keep reading this one";
    const live = new api.IcebergSource("t14_snap_live", { catalog: lake, database: "db", table: "snap", columns: cols, streaming: true });
    const range = new api.IcebergSource("t14_snap_range", { catalog: lake, database: "db", table: "snap", columns: cols, streaming: true, startSnapshotId: "10", endSnapshotId: "12" });
    const refused = issuesOf(
      () =>
        new api.FlinkSqlJob("t14-snap-refused", {
          statements: [
            api.sql`INSERT INTO ${out} SELECT id, v FROM ${live} /*+ OPTIONS('snapshot-id'='13') */`,
            api.sql`INSERT INTO ${out} SELECT id, v FROM ${range} /*+ OPTIONS('snapshot-id'='13') */`,
            api.sql`INSERT INTO ${out} SELECT id, v FROM ${plain} /*+ OPTIONS('snapshot-id'='13', 'as-of-timestamp'='1767225600000') */`,
            api.sql`INSERT INTO ${out} SELECT id, v FROM ${plain} /*+ OPTIONS('snapshot-id'='latest') */`,
            api.sql`INSERT INTO ${out} /*+ OPTIONS('snapshot-id'='13') */ SELECT id, v FROM ${plain}`,
          ],
        }),
    );
    expect(refused).to.deep.equal([
      {
        path: 'statements[0] OPTIONS hint of t14_snap_live["snapshot-id"]',
        message: `"snapshot-id" is rejected by the runtime on a streaming read ('Cannot set ... option for streaming reader'), and this source reads streaming (streaming: true without endSnapshotId); remove it, or ${SECOND}`,
      },
      {
        path: 'statements[1] OPTIONS hint of t14_snap_range["snapshot-id"]',
        message:
          '"snapshot-id" is ignored on this read: the source renders start-snapshot-id / end-snapshot-id (startSnapshotId with endSnapshotId), so the runtime reads the appends between them and never looks at "snapshot-id" ' +
          `(iceberg flink/.../source/FlinkSplitPlanner.java checkScanMode, planTasks); to read the table as of a snapshot in this statement, ${SECOND}`,
      },
      {
        path: 'statements[2] OPTIONS hint of t14_snap_plain["as-of-timestamp"]',
        message:
          "\"as-of-timestamp\" together with \"snapshot-id\": the bounded read selects snapshot 13 first and then refuses another one ('Cannot override snapshot, already set snapshot id', iceberg FlinkSplitPlanner / core SnapshotScan); " +
          'read snapshot 13 (remove "as-of-timestamp"), or the table as of the time (remove "snapshot-id")',
      },
      {
        path: 'statements[3] OPTIONS hint of t14_snap_plain["snapshot-id"]',
        message: '"latest" is not a whole number (a long), which "snapshot-id" takes; the job would fail when it reads it',
      },
      {
        path: 'statements[4] OPTIONS hint of t14_snap_out["snapshot-id"]',
        message: '"snapshot-id" is a read option of IcebergSource, which an IcebergSink never uses; declare an IcebergSource and set streaming: true with endSnapshotId (and no startSnapshotId) to read the table as of a snapshot',
      },
    ]);
    // extraOptions keep the modeled arg: endSnapshotId.
    expect(issuesOf(() => new api.IcebergSource("t14_snap_extra", { catalog: lake, database: "db", table: "snap", columns: cols, extraOptions: { "snapshot-id": "13" } })).map((i) => i.path)).to.deep.equal([
      'extraOptions["snapshot-id"]',
    ]);
  });

  it("FOR SYSTEM_TIME AS OF TIMESTAMP '...' on an IcebergSource is an error that points to as-of-timestamp", () => {
    const src = new api.IcebergSource("t12_tt", { catalog: lake, database: "db", table: "t", columns: cols });
    const out = new api.IcebergSink("t12_out3", { catalog: lake, database: "db", table: "out3", columns: cols });
    const issues = issuesOf(
      () => new api.FlinkSqlJob("t12-tt", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src} FOR SYSTEM_TIME AS OF TIMESTAMP '2026-01-01 00:00:00'`] }),
    );
    expect(issues).to.deep.equal([
      {
        path: "statements[0]",
        message:
          "t12_tt FOR SYSTEM_TIME AS OF TIMESTAMP ...: time travel, which Flink plans only through a catalog that keeps table versions, " +
          'and the script declares t12_tt itself with CREATE TABLE in Flink\'s in-memory catalog, which keeps none: the job fails to plan; read the Iceberg table as of a time with extraOptions: { "as-of-timestamp": "<epoch milliseconds>" } on IcebergSource "t12_tt" (a bounded read), or as of a snapshot with streaming: true and endSnapshotId: "<snapshot id>" (no startSnapshotId: one bounded read of that snapshot), or as of a tag with extraOptions: { tag: "<tag>" }',
      },
    ]);
  });
});

describe("static partition clauses (session 12 trial)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const three = [
    { name: "id", type: "BIGINT" },
    { name: "dt", type: "STRING" },
    { name: "v", type: "DOUBLE" },
  ];

  it("a PARTITION column that is no partition key, or on an unpartitioned sink, is an error; the SELECT fills the other columns", () => {
    const src = new api.IcebergSource("sp_src", { catalog: lake, database: "stg", table: "events", columns: three });
    const dst = new api.IcebergSink("sp_dst", { catalog: lake, database: "prod", table: "events", columns: three, partitionedBy: ["dt"] });
    const flat = new api.IcebergSink("sp_flat", { catalog: lake, database: "prod", table: "flat", columns: three });
    const issues = issuesOf(
      () =>
        new api.FlinkSqlJob("sp-bad", {
          runtimeMode: "batch",
          statements: [
            api.sql`INSERT OVERWRITE ${dst} PARTITION (v = 1.0) SELECT id, dt FROM ${src}`,
            api.sql`INSERT OVERWRITE ${flat} PARTITION (dt = '2026-01-01') SELECT id, v FROM ${src}`,
            api.sql`INSERT OVERWRITE ${dst} PARTITION (dt = '2026-01-01') SELECT id, dt, v FROM ${src}`,
          ],
        }),
    );
    expect(issues).to.deep.equal([
      {
        path: "statements[0]",
        message:
          'PARTITION names "v", which is no partition column of IcebergSink "sp_dst" (partitionedBy: dt): Flink fails to plan the job ("Static partition column ... should be in the partition keys list", flink DynamicSinkUtils); ' +
          "name only partition columns there and select the others' values",
      },
      {
        path: "statements[1]",
        message:
          'PARTITION ("dt" = ...) names a static partition, but IcebergSink "sp_flat" has no partitionedBy: Flink fails to plan the job ("Static partition column ... should be in the partition keys list []", flink DynamicSinkUtils); ' +
          'remove the PARTITION clause and select the column\'s value, or partition IcebergSink "sp_flat" by it (partitionedBy)',
      },
      {
        path: "statements[2]",
        message:
          'the SELECT list has 3 values, but IcebergSink "sp_dst" has 2 columns to fill besides the static PARTITION (dt) (id, v); Flink fails when the job starts ("Different number of columns"): ' +
          "select one value per column, in this order, and leave out the values that have no column",
      },
    ]);
    // The documented shape: the static column left out of the SELECT, the others in the table's order; back-quoted names too.
    new api.FlinkSqlJob("sp-ok", {
      runtimeMode: "batch",
      statements: [api.sql`INSERT OVERWRITE ${dst} PARTITION (\`dt\` = '2026-01-01') SELECT id, v FROM ${src}`, api.sql`INSERT INTO ${dst} PARTITION (dt = '2026-01-02') SELECT id, v FROM ${src}`],
    });
  });
});

describe("read-option advice that leads to a valid read (session 12 trial)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("end-tag on a streaming read from startSnapshotId suggests endSnapshotId, not streaming: false (an error with startSnapshotId)", () => {
    const issues = issuesOf(() => new api.IcebergSource("ra_src", { catalog: lake, database: "db", table: "t", columns: cols, streaming: true, startSnapshotId: 42, extraOptions: { "end-tag": "v2" } }));
    expect(issues.map((i) => i.path)).to.include('extraOptions["end-tag"]');
    const msg = issues.find((i) => i.path === 'extraOptions["end-tag"]')!.message;
    expect(msg).to.contain('remove it, or bound the read with endSnapshotId (for "end-tag": the snapshot id the tag points at)');
    expect(msg).to.not.contain("streaming: false");
  });
});

describe("batch wording of the NOT NULL warning (session 12 trial)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a batch job is not told that a restarted job reads the row again", () => {
    const src = new api.IcebergSource("bw_src", { catalog: lake, database: "db", table: "bw_src", columns: cols });
    const out = new api.IcebergSink("bw_out", { catalog: lake, database: "db", table: "bw_out", columns: cols, primaryKey: ["id"] });
    new api.FlinkSqlJob("bw-batch", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src}`] });
    const w = jobWarnings("bw-batch").find((x) => x.includes("may be NULL"));
    expect(w).to.contain("table.exec.sink.not-null-enforcer ERROR). Declare the source column NOT NULL");
    expect(w).to.not.contain("restarted");
  });
});

describe("source watermarks over a table the program writes in Avro (session 12 trial)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const timed = [
    { name: "id", type: "BIGINT" },
    { name: "ts", type: "TIMESTAMP(3)" },
  ];

  it("is an error of the reading job; Parquet, another branch or a watermark expression pass", () => {
    const gen = new api.FlinkTable("aw_gen", { columns: timed, options: { connector: "datagen" } });
    const raw = new api.IcebergSink("aw_raw", { catalog: lake, database: "d", table: "raw", columns: timed, writeFormat: "avro" });
    new api.FlinkSqlJob("aw-ingest", { statements: [api.sql`INSERT INTO ${raw} SELECT id, ts FROM ${gen}`] });
    const follow = new api.IcebergSource("aw_follow", { catalog: lake, database: "d", table: "raw", columns: timed, streaming: true, watermark: { column: "ts" } });
    const out = new api.IcebergSink("aw_out", { catalog: lake, database: "d", table: "per_minute", columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }] });
    const windows = api.sql`INSERT INTO ${out} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${follow}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`;
    const issues = issuesOf(() => new api.FlinkSqlJob("aw-windows", { statements: [windows] }));
    expect(issues).to.deep.equal([
      {
        path: "statements",
        message:
          'IcebergSource "aw_follow" reads d.raw with source watermarks (watermark: { column }), and IcebergSink "aw_raw" writes that table in Avro (writeFormat "avro"): ' +
          'Avro data files carry no column bounds (iceberg AvroMetrics), so the read fails on the first such file ("Missing statistics for column", iceberg ColumnStatsWatermarkExtractor); ' +
          'write the table as Parquet or ORC (writeFormat on IcebergSink "aw_raw"), or give IcebergSource "aw_follow" a watermark expression (watermark: { column, expression }) instead',
      },
    ]);
    const other = new api.IcebergSource("aw_parquet_src", { catalog: lake, database: "d", table: "raw_pq", columns: timed, streaming: true, watermark: { column: "ts" } });
    new api.IcebergSink("aw_parquet", { catalog: lake, database: "d", table: "raw_pq", columns: timed, writeFormat: "parquet" });
    const out2 = new api.IcebergSink("aw_out2", { catalog: lake, database: "d", table: "per_minute2", columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }] });
    new api.FlinkSqlJob("aw-parquet", {
      statements: [api.sql`INSERT INTO ${out2} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${other}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`],
    });
    const branch = new api.IcebergSource("aw_branch", { catalog: lake, database: "d", table: "raw", columns: timed, streaming: true, watermark: { column: "ts" }, extraOptions: { branch: "clean" } });
    const out3 = new api.IcebergSink("aw_out3", { catalog: lake, database: "d", table: "per_minute3", columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }] });
    new api.FlinkSqlJob("aw-branch", {
      statements: [api.sql`INSERT INTO ${out3} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${branch}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`],
    });    // An Avro sink registered after the program's sinks were first looked up is still found (the registry's index grows with it).
    const lateSrc = new api.IcebergSource("aw_late_src", { catalog: lake, database: "d", table: "raw_late", columns: timed, streaming: true, watermark: { column: "ts" } });
    new api.IcebergSink("aw_late_avro", { catalog: lake, database: "d", table: "raw_late", columns: timed, writeFormat: "avro" });
    const out4 = new api.IcebergSink("aw_out4", { catalog: lake, database: "d", table: "per_minute4", columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }] });
    const late = api.sql`INSERT INTO ${out4} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${lateSrc}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`;
    expect(issuesOf(() => new api.FlinkSqlJob("aw-late", { statements: [late] }))).to.deep.equal([
      {
        path: "statements",
        message:
          'IcebergSource "aw_late_src" reads d.raw_late with source watermarks (watermark: { column }), and IcebergSink "aw_late_avro" writes that table in Avro (writeFormat "avro"): ' +
          'Avro data files carry no column bounds (iceberg AvroMetrics), so the read fails on the first such file ("Missing statistics for column", iceberg ColumnStatsWatermarkExtractor); ' +
          'write the table as Parquet or ORC (writeFormat on IcebergSink "aw_late_avro"), or give IcebergSource "aw_late_src" a watermark expression (watermark: { column, expression }) instead',
      },
    ]);
  });
});

describe("environment variables the script reads on the Kubernetes target (session 12 trial)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const k8s = { namespace: "flink", image: "my/flink:2.1.1", flinkVersion: "v2_1" as const };

  it("a REST catalog env:NAME or a Kafka ${env:NAME} that no env, envFromSecrets or pod template entry sets warns; set ones and envFrom are quiet", () => {
    const polaris = { name: "polaris", type: "rest" as const, uri: "https://polaris/api/catalog", warehouse: "analytics", properties: { credential: "env:POLARIS_CREDENTIAL", scope: "PRINCIPAL_ROLE:ALL" } };
    const src = new api.FlinkTable("ev_src", {
      columns: [{ name: "id", type: "BIGINT" }],
      options: {
        connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9093", "properties.group.id": "g", "properties.auto.offset.reset": "earliest", format: "json",
        "properties.security.protocol": "SASL_SSL", "properties.sasl.mechanism": "PLAIN",
        "properties.sasl.jaas.config": 'org.apache.kafka.common.security.plain.PlainLoginModule required username="flink" password="${env:KAFKA_PASSWORD}";',
        "properties.config.providers": "env", "properties.config.providers.env.class": "org.apache.kafka.common.config.provider.EnvVarConfigProvider",
      },
    });
    const lake = new api.IcebergSink("ev_lake", { catalog: polaris, database: "d", table: "t", columns: [{ name: "id", type: "BIGINT" }] });
    const statements = [api.sql`INSERT INTO ${lake} SELECT id FROM ${src}`];
    new api.FlinkSqlJob("ev-none", { statements, kubernetes: { ...k8s, upgradeMode: "last-state", checkpointDir: "s3://c/ev" } });
    const warned = jobWarnings("ev-none").filter((w) => w.includes("environment variable"));
    expect(warned).to.deep.equal([
      "kubernetes: the script reads the environment variable POLARIS_CREDENTIAL (the Iceberg catalog property 'credential' written env:NAME; Iceberg leaves the property out when the variable is unset, " +
        "so the REST catalog calls its server with no credential, which a server that requires one refuses (HTTP 401), and the job fails when it loads the catalog), " +
        'and neither kubernetes.env, kubernetes.envFromSecrets nor flink-main-container\'s env in podTemplate sets it: set it, e.g. envFromSecrets: { POLARIS_CREDENTIAL: { secretName: "<secret>", key: "<key>" } } (ignore this if the image itself sets POLARIS_CREDENTIAL)',
      "kubernetes: the script reads the environment variable KAFKA_PASSWORD (a Kafka client property's ${env:NAME} placeholder; Kafka's EnvVarConfigProvider leaves it as it is when the variable is unset, so the client sends the text itself), " +
        'and neither kubernetes.env, kubernetes.envFromSecrets nor flink-main-container\'s env in podTemplate sets it: set it, e.g. envFromSecrets: { KAFKA_PASSWORD: { secretName: "<secret>", key: "<key>" } } (ignore this if the image itself sets KAFKA_PASSWORD)',
    ]);
    new api.FlinkSqlJob("ev-set", {
      statements,
      kubernetes: {
        ...k8s, upgradeMode: "last-state", checkpointDir: "s3://c/ev2",
        envFromSecrets: { POLARIS_CREDENTIAL: { secretName: "polaris", key: "credential" } },
        podTemplate: { spec: { containers: [{ name: "flink-main-container", env: [{ name: "KAFKA_PASSWORD", valueFrom: { secretKeyRef: { name: "kafka", key: "password" } } }] }] } },
      },
    });
    expect(jobWarnings("ev-set").filter((w) => w.includes("environment variable"))).to.deep.equal([]);
    new api.FlinkSqlJob("ev-envfrom", {
      statements,
      kubernetes: { ...k8s, upgradeMode: "last-state", checkpointDir: "s3://c/ev3", podTemplate: { spec: { containers: [{ name: "flink-main-container", envFrom: [{ secretRef: { name: "all-creds" } }] }] } } },
    });
    expect(jobWarnings("ev-envfrom").filter((w) => w.includes("environment variable"))).to.deep.equal([]);
  });
});


describe("environment references: the other ways a variable is set (break review)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("kubernetes.env.secretKeyRef sets variables; an env:NAME value outside an Iceberg table is no reference", () => {
    const polaris = { name: "polaris", type: "rest" as const, uri: "https://polaris/api/catalog", properties: { credential: "env:POLARIS_CREDENTIAL" } };
    const src = new api.FlinkTable("er_src", { columns: [{ name: "id", type: "BIGINT" }, { name: "s", type: "STRING" }], options: { connector: "datagen", "fields.s.kind": "random" } });
    const lake = new api.IcebergSink("er_lake", { catalog: polaris, database: "d", table: "t", columns: [{ name: "id", type: "BIGINT" }] });
    new api.FlinkSqlJob("er-ref", {
      statements: [api.sql`INSERT INTO ${lake} SELECT id FROM ${src}`],
      kubernetes: {
        namespace: "flink", image: "my/flink:2.1.1", flinkVersion: "v2_1", upgradeMode: "last-state", checkpointDir: "s3://c/er",
        flinkConfiguration: { "kubernetes.env.secretKeyRef": "env:OTHER,secret:o,key:k;env:POLARIS_CREDENTIAL,secret:polaris,key:credential" },
      },
    });
    expect(jobWarnings("er-ref").filter((w) => w.includes("environment variable"))).to.deep.equal([]);
    const fs = new api.FlinkTable("er_fs", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "filesystem", path: "s3://b/env:NOT_A_VAR", format: "csv", "csv.null-literal": "env:LITERAL" } });
    const lake2 = new api.IcebergSink("er_lake2", { catalog: { name: "lake", type: "rest", uri: "http://rest:8181" }, database: "d", table: "t2", columns: [{ name: "id", type: "BIGINT" }] });
    new api.FlinkSqlJob("er-literal", {
      statements: [api.sql`INSERT INTO ${lake2} SELECT id FROM ${fs}`],
      kubernetes: { namespace: "flink", image: "my/flink:2.1.1", flinkVersion: "v2_1", upgradeMode: "last-state", checkpointDir: "s3://c/er2" },
    });
    expect(jobWarnings("er-literal").filter((w) => w.includes("environment variable"))).to.deep.equal([]);
  });
});

describe("FlinkTable column shapes (session 12 new-user trial)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const kafka = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest", format: "json" };

  it("metadata given as a string or true is an error at columns[i].metadata that says what to write", () => {
    const issues = issuesOf(() => new api.FlinkTable("cs_meta", { columns: [{ name: "id", type: "BIGINT" }, { name: "kts", type: "TIMESTAMP_LTZ(3)", metadata: "timestamp" as never }], options: kafka }));
    expect(issues).to.deep.equal([{ path: "columns[1].metadata", message: 'must be an object { from?: string, virtual?: boolean } (got "timestamp"); write metadata: { from: "timestamp" }' }]);
    const flag = issuesOf(() => new api.FlinkTable("cs_meta2", { columns: [{ name: "timestamp", type: "TIMESTAMP_LTZ(3)", metadata: true as never }], options: kafka }));
    expect(flag).to.deep.equal([{ path: "columns[0].metadata", message: 'must be an object { from?: string, virtual?: boolean } (got true); write metadata: {} (the column name is the key) or metadata: { from: "<key>" }' }]);
    const from = issuesOf(() => new api.FlinkTable("cs_meta3", { columns: [{ name: "ts", type: "TIMESTAMP_LTZ(3)", metadata: { from: 1 as never, virtual: "yes" as never } }], options: kafka }));
    expect(from.map((i) => i.path)).to.deep.equal(["columns[0].metadata.from", "columns[0].metadata.virtual"]);
  });

  it("TIMESTAMP WITH TIME ZONE is an error on the column (Flink's planner runs no such type)", () => {
    const issues = issuesOf(() => new api.FlinkTable("cs_tz", { columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP WITH TIME ZONE" }], options: { connector: "datagen" } }));
    expect(issues).to.deep.equal([
      {
        path: "columns[1].type",
        message:
          'ts: TIMESTAMP(6) WITH TIME ZONE: Flink declares this type but its planner cannot run it (flink docs "Data Types": not supported by the planner; code generation fails with "Unsupported type"); ' +
          "write TIMESTAMP_LTZ(p) for an instant (shown in the session time zone), or TIMESTAMP(p)",
      },
    ]);
    const nested = issuesOf(() => new api.FlinkTable("cs_tz2", { columns: [{ name: "r", type: "ROW<a ARRAY<TIMESTAMP(3) WITH TIME ZONE>>" }], options: { connector: "datagen" } }));
    expect(nested[0]!.message).to.match(/^r\.a\[\]: TIMESTAMP\(3\) WITH TIME ZONE: /);
  });
});

describe("a window TVF as the FROM relation (session 12 new-user trial)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a misspelt column of a windowed SELECT is caught as after a plain FROM; the window columns and valid windowed INSERTs pass", () => {
    const clicks = new api.FlinkTable("wr_clicks", {
      columns: [{ name: "country", type: "STRING" }, { name: "url", type: "STRING" }, { name: "ts", type: "TIMESTAMP(3)" }],
      watermark: { column: "ts", expression: "`ts` - INTERVAL '5' SECOND" },
      options: { connector: "datagen" },
    });
    const hourly = new api.IcebergSink("wr_hourly", {
      catalog: lake, database: "web", table: "hourly",
      columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "country", type: "STRING" }, { name: "clicks", type: "BIGINT" }],
    });
    const issues = issuesOf(
      () =>
        new api.FlinkSqlJob("wr-typo", {
          statements: [api.sql`INSERT INTO ${hourly} SELECT window_start, contry, COUNT(*) FROM TABLE(TUMBLE(TABLE ${clicks}, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY window_start, window_end, contry`],
        }),
    );
    expect(issues.map((i) => i.path)).to.deep.equal(["statements[0]"]);
    // One report for the name, naming both places it is read (the GROUP BY's names are checked too).
    expect(issues[0]!.message).to.contain('the SELECT list and the GROUP BY read "contry"');
    expect(issues[0]!.message).to.contain('did you mean "country"?');
    new api.FlinkSqlJob("wr-ok", {
      statements: [
        api.sql`INSERT INTO ${hourly} SELECT window_start, country, COUNT(*) FROM TABLE(TUMBLE(TABLE ${clicks}, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY window_start, window_end, country`,
        api.sql`INSERT INTO ${hourly} SELECT w.window_start, w.country, COUNT(*) AS clicks FROM TABLE(HOP(DATA => TABLE ${clicks}, TIMECOL => DESCRIPTOR(ts), SLIDE => INTERVAL '10' MINUTE, SIZE => INTERVAL '1' HOUR)) AS w WHERE w.country <> 'xx' GROUP BY w.window_start, w.window_end, w.country`,
      ],
    });
    // Too many values for the sink's columns, through the window.
    const count = issuesOf(
      () =>
        new api.FlinkSqlJob("wr-count", {
          statements: [api.sql`INSERT INTO ${hourly} SELECT window_start, window_end, country, COUNT(*) FROM TABLE(TUMBLE(TABLE ${clicks}, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY window_start, window_end, country`],
        }),
    );
    expect(count[0]!.message).to.match(/^the SELECT list has 4 values, but IcebergSink "wr_hourly" has 3 columns to fill/);
  });
});

describe("legacy group windows (session 12 final trial)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a misspelt time column in GROUP BY TUMBLE(col, ...) is an error with the nearest name", () => {
    const clicks = new api.FlinkTable("lg_clicks", { columns: [{ name: "url", type: "STRING" }, { name: "ts", type: "TIMESTAMP(3)" }], watermark: { column: "ts", expression: "`ts`" }, options: { connector: "datagen" } });
    const out = new api.IcebergSink("lg_out", { catalog: lake, database: "db", table: "lg", columns: [{ name: "url", type: "STRING" }, { name: "n", type: "BIGINT" }] });
    const issues = issuesOf(() => new api.FlinkSqlJob("lg-typo", { statements: [api.sql`INSERT INTO ${out} SELECT url, COUNT(*) FROM ${clicks} GROUP BY TUMBLE(tss, INTERVAL '1' MINUTE), url`] }));
    expect(issues).to.deep.equal([
      { path: "statements[0]", message: 'TUMBLE(tss, ...) in the GROUP BY names "tss", which is no column of FlinkTable "lg_clicks"; did you mean "ts"? (its columns: url, ts)' },
    ]);
    new api.FlinkSqlJob("lg-ok", { statements: [api.sql`INSERT INTO ${out} SELECT url, COUNT(*) FROM ${clicks} GROUP BY TUMBLE(ts, INTERVAL '1' MINUTE), url`] });
  });
});
