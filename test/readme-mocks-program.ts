import * as assert from "node:assert/strict";
import { test } from "node:test";
import * as pulumi from "@pulumi/pulumi";
import { FlinkIcebergValidationError, FlinkSqlJob, FlinkTable, IcebergSink, sql, sqlLiteral } from "pulumi-flink-iceberg";

// Preview mode (the last argument): every resource resolves to its inputs, nothing is deployed.
pulumi.runtime.setMocks(
  { newResource: (r) => ({ id: `${r.name}-id`, state: r.inputs }), call: (c) => c.inputs },
  "my-jobs", "dev", true,
);

/**
 * An Output's value (a test waits for it; a program never needs to). An Output that fails never
 * calls apply, and Pulumi's API gives no way to await its error: this rejects after `ms` instead of
 * hanging, and the error itself is reported by Pulumi as an unhandled rejection.
 */
const valueOf = <T>(o: pulumi.Output<T>, ms = 5000): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no value within ${ms} ms: the Output failed (see its unhandled rejection) or is unknown`)), ms);
    o.apply((value) => {
      clearTimeout(timer);
      resolve(value);
      return value;
    });
  });

const lake = { name: "lake", type: "rest" as const, uri: "http://iceberg-rest:8181", warehouse: "s3://lake/wh" };
const columns = [{ name: "user_id", type: "BIGINT" }, { name: "url", type: "STRING" }];
const clicks = new FlinkTable("clicks", { columns, options: { connector: "datagen", "number-of-rows": "100" } });

test("the job renders its script", async () => {
  const sink = new IcebergSink("lake-clicks", { catalog: lake, database: "web", table: "clicks", columns });
  const job = new FlinkSqlJob("clicks-to-lake", {
    statements: [sql`INSERT INTO ${sink} SELECT user_id, url FROM ${clicks}`],
    runtimeMode: "batch",
    kubernetes: { namespace: "flink", image: "my/flink-iceberg:2.1.1", flinkVersion: "v2_1" },
  });
  assert.match(await valueOf(job.script), /^INSERT INTO `lake_clicks` SELECT user_id, url FROM `clicks`;$/m);
});

test("a wrong prop throws from the constructor, with every problem", () => {
  assert.throws(
    () => new IcebergSink("bad", { catalog: { ...lake, uri: "iceberg-rest:8181" }, database: "web", table: "bad", columns, primaryKey: ["id"] }),
    (e: unknown) => e instanceof FlinkIcebergValidationError && e.issues.map((i) => i.path).sort().join(" ") === "catalog.uri primaryKey[0]",
  );
});

test("a warning is readable, and one the team checked is acknowledged", () => {
  const args = { catalog: lake, database: "web", table: "clicks_hourly", columns: [...columns, { name: "hour", type: "TIMESTAMP(3)" }], partitionedBy: ["hour"] };
  const open = new IcebergSink("clicks-hourly", args);
  assert.deepEqual(open.warnings.map((w) => [w.path, w.acknowledged]), [["partitionedBy[0]", false]]);
  const checked = new IcebergSink("clicks-hourly-checked", {
    ...args,
    acknowledgedWarnings: [{ path: "partitionedBy[0]", contains: "per distinct instant", reason: "hour holds whole hours: one partition per hour" }],
  });
  // Not logged by preview or up; still listed, with the reason.
  assert.deepEqual(checked.warnings.map((w) => [w.path, w.acknowledged, w.reason]), [["partitionedBy[0]", true, "hour holds whole hours: one partition per hour"]]);
});

test("a value a statement interpolates is no secret (a secret fails the job's outputs, not its constructor)", async () => {
  const site = pulumi.output("example.com"); // e.g. new pulumi.Config().require("site"); requireSecret would fail the script
  assert.equal(await pulumi.isSecret(site), false);
  const sink = new IcebergSink("site-clicks", { catalog: lake, database: "web", table: "site_clicks", columns });
  const job = new FlinkSqlJob("site-clicks", { statements: [sql`INSERT INTO ${sink} SELECT user_id, url FROM ${clicks} WHERE url LIKE ${sqlLiteral(site.apply((s) => `%${s}%`))}`], runtimeMode: "batch" });
  assert.match(await valueOf(job.script), /WHERE url LIKE '%example\.com%';$/m);
});

test("valueOf rejects, rather than hang, for an Output that never has a value", async () => {
  await assert.rejects(valueOf(pulumi.output(new Promise<string>(() => {})), 50), /^Error: no value within 50 ms/);
});
