/**
 * `execution.checkpointing.checkpoints-after-tasks-finish` (1.19: `....enabled`) "false" in a
 * streaming job that reads a bounded table and keeps running on an unbounded one into a sink that
 * commits on checkpoints (src/sql/finished-tasks.ts): once the bounded read's tasks finish, Flink
 * takes no checkpoint (flink DefaultCheckpointPlanCalculator, NOT_ALL_REQUIRED_TASKS_RUNNING), so
 * the sink commits nothing more. An error where certain, a warning where the version or the end of
 * the bounded read is not known; quiet for "true", batch, no bounded read, no unbounded source, a
 * committing sink fed only by bounded reads, a lookup join, and a name the target's version ignores.
 */
import { expect } from "chai";
import { issuesOf, issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";
import { hive } from "./iceberg-table-helpers.js";

const NEW = "execution.checkpointing.checkpoints-after-tasks-finish";
const OLD = "execution.checkpointing.checkpoints-after-tasks-finish.enabled";
const FINISHED = '"Some tasks of the job have already finished and checkpointing with finished tasks is not enabled"';

/** The message for `key` = `value`; `note` the version clause, `ends` the bounded read's clause. */
const message = (key: string, value: string, ends: string, endless: string, sinks: string, note?: string): string =>
  `${key} = ${JSON.stringify(value)}${note === undefined ? "" : `, ${note},`} turns checkpointing off once a task of the job has finished: ` +
  `${ends}; from then on Flink takes no checkpoint (${FINISHED}), while the job reads ${endless} on, ` +
  `and ${sinks} commits only when a checkpoint completes, so nothing more reaches it for the rest of the job's life; ` +
  'remove the key (Flink\'s default is true) or set it to "true"';
const ENDS = (label: string) => `the read of ${label} ends, and its tasks finish then`;
const NOTE_120 = "which Flink 1.20 and later read (1.19 ignores this name; the job's Flink version is known only from a Kubernetes target's flinkVersion)";
const NOTE_119 = `which Flink 1.19 reads (1.20 and later read ${NEW} first, not "false" here; the job's Flink version is known only from a Kubernetes target's flinkVersion)`;

describe("checkpoints after tasks finish turned off", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const cols = [{ name: "id", type: "BIGINT" }];
  const KAFKA = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", format: "json" };
  let n = 0;
  const tables = () => {
    const i = ++n;
    const dim = new api.IcebergSource(`ft_dim${i}`, { catalog: hive, database: "d", table: `dim${i}`, columns: cols });
    const events = new api.FlinkTable(`ft_events${i}`, { columns: cols, options: KAFKA });
    const out = new api.IcebergSink(`ft_out${i}`, { catalog: hive, database: "d", table: `out${i}`, columns: cols });
    return { dim, events, out, labels: { dim: `IcebergSource "ft_dim${i}"`, events: `FlinkTable "ft_events${i}"`, out: `IcebergSink "ft_out${i}"` } };
  };
  const k8s = (flinkVersion: "v1_19" | "v1_20" | "v2_0" | "v2_1", flinkConfiguration: Record<string, string> = {}) => ({
    image: "registry.example.com/flink-iceberg:x",
    flinkVersion,
    ...(flinkVersion.startsWith("v1") ? { sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" } } : {}),
    upgradeMode: "last-state" as const,
    checkpointDir: "s3://b/ck",
    flinkConfiguration,
  });
  /** The job's own issues and, when it has none, its warnings on the two keys. */
  const run = (name: string, args: Record<string, unknown>) => {
    const issues = issuesOrNone(() => new api.FlinkSqlJob(name, args as never)).map((i) => [i.path, i.message]);
    return { issues, warnings: issues.length > 0 ? [] : jobWarnings(name).filter((w) => w.includes("checkpoints-after-tasks-finish")) };
  };
  const join = (t: ReturnType<typeof tables>) => api.sql`INSERT INTO ${t.out} SELECT e.id FROM ${t.events} e JOIN ${t.dim} d ON e.id = d.id`;

  it("an unbounded Kafka read joined with a bounded Iceberg read into an IcebergSink: an error at the key, on every version that reads it", () => {
    const t = tables();
    const at = (key: string) => `configuration[${JSON.stringify(key)}]`;
    const m = (key: string, value: string) => message(key, value, ENDS(t.labels.dim), t.labels.events, t.labels.out);
    expect(issuesOf(() => new api.FlinkSqlJob("ft-new-21", { statements: [join(t)], configuration: { [NEW]: "false" }, kubernetes: k8s("v2_1") }))).to.deep.equal([{ path: at(NEW), message: m(NEW, "false") }]);
    expect(issuesOf(() => new api.FlinkSqlJob("ft-new-120", { statements: [join(t)], configuration: { [NEW]: "FALSE" }, kubernetes: k8s("v1_20") }))).to.deep.equal([{ path: at(NEW), message: m(NEW, "FALSE") }]);
    // The 1.19 name: read by Flink 1.19, and by 1.20 and later as the new name's deprecated key, so certain without a version too.
    expect(issuesOf(() => new api.FlinkSqlJob("ft-old-119", { statements: [join(t)], configuration: { [OLD]: "false" }, kubernetes: k8s("v1_19") }))).to.deep.equal([{ path: at(OLD), message: m(OLD, "false") }]);
    expect(issuesOf(() => new api.FlinkSqlJob("ft-old-none", { statements: [join(t)], configuration: { [OLD]: "false" } }))).to.deep.equal([{ path: at(OLD), message: m(OLD, "false") }]);
  });

  it("the target's settings count: kubernetes.flinkConfiguration and sqlGateway.sessionProperties, where the job's configuration does not set the key", () => {
    const t = tables();
    const m = (key: string) => message(key, "false", ENDS(t.labels.dim), t.labels.events, t.labels.out);
    expect(issuesOf(() => new api.FlinkSqlJob("ft-k8s", { statements: [join(t)], kubernetes: k8s("v2_0", { [NEW]: "false" }) }))).to.deep.equal([
      { path: `kubernetes.flinkConfiguration[${JSON.stringify(NEW)}]`, message: m(NEW) },
    ]);
    expect(issuesOf(() => new api.FlinkSqlJob("ft-gw", { statements: [join(t)], sqlGateway: { endpoint: "http://gw:8083", savepointDir: "s3://b/sp", sessionProperties: { [OLD]: "false" } } }))).to.deep.equal([
      { path: `sqlGateway.sessionProperties[${JSON.stringify(OLD)}]`, message: m(OLD) },
    ]);
  });

  it("a statement set: a bounded 'datagen' read into a print sink ends its tasks, and a Kafka read into a 'filesystem' sink, which commits on checkpoints, stalls", () => {
    const i = ++n;
    const gen = new api.FlinkTable(`ft_gen${i}`, { columns: cols, options: { connector: "datagen", "number-of-rows": "10" } });
    const print = new api.FlinkTable(`ft_print${i}`, { columns: cols, options: { connector: "print" } });
    const events = new api.FlinkTable(`ft_ev${i}`, { columns: cols, options: KAFKA });
    const files = new api.FlinkTable(`ft_files${i}`, { columns: cols, options: { connector: "filesystem", path: "s3://b/out", format: "parquet" } });
    const statements = [api.sql`INSERT INTO ${print} SELECT id FROM ${gen}`, api.sql`INSERT INTO ${files} SELECT id FROM ${events}`];
    expect(issuesOf(() => new api.FlinkSqlJob(`ft-set${i}`, { statements, configuration: { [OLD]: "false" } }))).to.deep.equal([
      { path: `configuration[${JSON.stringify(OLD)}]`, message: message(OLD, "false", ENDS(`FlinkTable "ft_gen${i}"`), `FlinkTable "ft_ev${i}"`, `FlinkTable "ft_files${i}"`) },
    ]);
  });

  it("a bounded read through a view counts, and so does a Kafka reference an OPTIONS hint bounds", () => {
    const t = tables();
    const viewed = [api.sql`CREATE TEMPORARY VIEW dims AS SELECT id FROM ${t.dim}`, api.sql`INSERT INTO ${t.out} SELECT e.id FROM ${t.events} e JOIN dims d ON e.id = d.id`];
    expect(issuesOf(() => new api.FlinkSqlJob("ft-view", { statements: viewed, configuration: { [OLD]: "false" } }))).to.deep.equal([
      { path: `configuration[${JSON.stringify(OLD)}]`, message: message(OLD, "false", ENDS(t.labels.dim), t.labels.events, t.labels.out) },
    ]);
    const u = tables();
    const hinted = [
      api.sql`INSERT INTO ${u.out} SELECT id FROM ${u.events}`,
      api.sql`INSERT INTO ${u.out} SELECT id FROM ${u.events} /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */`,
    ];
    expect(issuesOf(() => new api.FlinkSqlJob("ft-hint", { statements: hinted, configuration: { [OLD]: "false" } }))).to.deep.equal([
      { path: `configuration[${JSON.stringify(OLD)}]`, message: message(OLD, "false", ENDS(u.labels.events), u.labels.events, u.labels.out) },
    ]);
  });

  it("a warning where the version decides and is not known (no Kubernetes target): the new name alone, or the 1.19 name under a new name that is true", () => {
    const t = tables();
    const m = (key: string, note: string) => `configuration[${JSON.stringify(key)}]: ${message(key, "false", ENDS(t.labels.dim), t.labels.events, t.labels.out, note)}`;
    expect(run("ft-w-new", { statements: [join(t)], configuration: { [NEW]: "false" } })).to.deep.equal({ issues: [], warnings: [m(NEW, NOTE_120)] });
    expect(run("ft-w-old", { statements: [join(t)], configuration: { [OLD]: "false", [NEW]: "true" } })).to.deep.equal({ issues: [], warnings: [m(OLD, NOTE_119)] });
  });

  it("a warning where the bounded table's end is only assumed (a connector this package takes as bounded without knowing)", () => {
    const i = ++n;
    const mongo = new api.FlinkTable(`ft_mongo${i}`, { columns: cols, options: { connector: "mongodb", uri: "mongodb://db:27017", database: "app", collection: "dim" } });
    const events = new api.FlinkTable(`ft_ev${i}`, { columns: cols, options: KAFKA });
    const out = new api.IcebergSink(`ft_out${i}`, { catalog: hive, database: "d", table: `out${i}`, columns: cols });
    const ends = `the read of FlinkTable "ft_mongo${i}" may end (this package takes its connector as bounded without knowing), and its tasks would finish then`;
    expect(run(`ft-assumed${i}`, { statements: [api.sql`INSERT INTO ${out} SELECT e.id FROM ${events} e JOIN ${mongo} m ON e.id = m.id`], configuration: { [OLD]: "false" } })).to.deep.equal({
      issues: [],
      warnings: [`configuration[${JSON.stringify(OLD)}]: ${message(OLD, "false", ends, `FlinkTable "ft_ev${i}"`, `IcebergSink "ft_out${i}"`)}`],
    });
  });

  it("quiet: true, a batch job, no bounded read, no unbounded source, a committing sink fed only by bounded reads, a lookup join, no committing sink", () => {
    const quiet = { issues: [], warnings: [] };
    const t = tables();
    expect(run("ft-q-true", { statements: [join(t)], configuration: { [NEW]: "true", [OLD]: "True" } })).to.deep.equal(quiet);
    const bounded = new api.FlinkTable(`ft_qgen${++n}`, { columns: cols, options: { connector: "datagen", "number-of-rows": "10" } });
    expect(run("ft-q-batch", { statements: [api.sql`INSERT INTO ${t.out} SELECT b.id FROM ${bounded} b JOIN ${t.dim} d ON b.id = d.id`], runtimeMode: "batch", configuration: { [OLD]: "false" } })).to.deep.equal(quiet);
    expect(run("ft-q-endless", { statements: [api.sql`INSERT INTO ${t.out} SELECT id FROM ${t.events}`], configuration: { [OLD]: "false" } })).to.deep.equal(quiet);
    // Every source bounded: the job ends, and the sink commits what is left at the end of its input (IcebergFilesCommitter.endInput).
    expect(run("ft-q-ends", { statements: [api.sql`INSERT INTO ${t.out} SELECT b.id FROM ${bounded} b JOIN ${t.dim} d ON b.id = d.id`], configuration: { [OLD]: "false" } })).to.deep.equal(quiet);
    const blackhole = new api.FlinkTable(`ft_qbh${++n}`, { columns: cols, options: { connector: "blackhole" } });
    const split = [api.sql`INSERT INTO ${t.out} SELECT id FROM ${t.dim}`, api.sql`INSERT INTO ${blackhole} SELECT id FROM ${t.events}`];
    expect(run("ft-q-split", { statements: split, configuration: { [OLD]: "false" } })).to.deep.equal(quiet);
    const orders = new api.FlinkTable(`ft_qorders${++n}`, { columns: [{ name: "id", type: "BIGINT" }, { name: "proc", expression: "PROCTIME()" }], options: KAFKA });
    const lookup = new api.FlinkTable(`ft_qlookup${++n}`, { columns: cols, primaryKey: ["id"], options: { connector: "jdbc", url: "jdbc:mysql://db:3306/shop", "table-name": "labels" } });
    const looked = api.sql`INSERT INTO ${t.out} SELECT o.id FROM ${orders} AS o JOIN ${lookup} FOR SYSTEM_TIME AS OF o.proc AS l ON o.id = l.id`;
    expect(run("ft-q-lookup", { statements: [looked], configuration: { [OLD]: "false" } })).to.deep.equal(quiet);
    expect(run("ft-q-nocommit", { statements: [api.sql`INSERT INTO ${blackhole} SELECT e.id FROM ${t.events} e JOIN ${t.dim} d ON e.id = d.id`], configuration: { [OLD]: "false" } })).to.deep.equal(quiet);
  });

  it("quiet where the target's version does not read the name: the 1.20 name on v1_19 (a rename warning instead), the 1.19 name under a true new name on 1.20+", () => {
    const t = tables();
    const onlyRename = run("ft-q-119", { statements: [join(t)], configuration: { [NEW]: "false" }, kubernetes: k8s("v1_19") });
    expect(onlyRename.issues).to.deep.equal([]);
    expect(onlyRename.warnings).to.deep.equal([
      `configuration[${JSON.stringify(NEW)}]: ${NEW} is the Flink 1.20 name of this option (FLIP-406); Flink 1.19 (flinkVersion "v1_19") knows it only as ${OLD} and ignores a key it does not know, ` +
        `so the job runs with the option's default: write ${OLD} (Flink 1.20 and later still read that name)`,
    ]);
    expect(run("ft-q-120", { statements: [join(t)], configuration: { [OLD]: "false" }, kubernetes: k8s("v1_20", { [NEW]: "true" }) })).to.deep.equal({ issues: [], warnings: [] });
  });
});
