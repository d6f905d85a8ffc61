/**
 * Environment variable names with a credential (src/validation/credential-env-names.ts): beyond
 * isCredentialKey's words, a KEY that ends a variable's name is the key's value (`S3_KEY`), unless
 * the word before it names a key of data or a public key (`PARTITION_KEY`, `PUBLIC_KEY`), or KEY
 * comes before another word (`KEY_FORMAT`). kubernetes.env and a pod template's env use it.
 */
import { expect } from "chai";
import { containerEnvVariable, isCredentialEnvName } from "../src/validation/credential-env-names.js";
import { issuesOrNone, mockedApi } from "./api.js";
import { credentialEntryProblem, isCredentialKey } from "../src/validation/secrets.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { checkEnvironment } from "../src/deploy/kubernetes/validate-maps.js";

describe("credential environment variable names", () => {
  const credentials = [
    "S3_KEY",
    "STRIPE_KEY",
    "ENCRYPTION_KEY",
    "SIGNING_KEY_2",
    "MASTER_KEY",
    "sshKey",
    "KAFKA_KEY",
    "LICENSE_KEY",
    "API_KEY",
    "ACCESS_KEY",
    "SECRET_KEY",
    "PRIVATE_KEY",
    "AZURE_STORAGE_ACCOUNT_KEY",
    // Words that may name a data key or a credential stay credentials.
    "SESSION_KEY",
    "STREAM_KEY",
    "NODE_KEY",
    "USER_KEY",
    "CONSUMER_KEY",
    "CONFIG_KEY",
    "S3_SECRET_KEY",
    "SIGNING_KEY",
    "ACCOUNT_KEY",
    "AWS_SECRET_ACCESS_KEY",
    "DB_PASSWORD",
    "GOOGLE_APPLICATION_CREDENTIALS_JSON",
    "google_application_credentials",
  ];
  const settings = [
    "PARTITION_KEY",
    "PRIMARY_KEY",
    "ROUTING_KEY",
    "S3_OBJECT_KEY",
    "CACHE_KEY",
    "MESSAGE_KEY",
    // Keys that identify or select data (what the word before KEY names): settings, not secrets.
    "TENANT_KEY",
    "TOPIC_KEY",
    "KAFKA_TOPIC_KEY",
    "QUEUE_KEY",
    "SORT_KEY",
    "SHARD_KEY",
    "RECORD_KEY",
    "FOREIGN_KEY",
    "GROUP_KEY",
    "LOOKUP_KEY",
    "BUSINESS_KEY",
    "SURROGATE_KEY",
    "CORRELATION_KEY",
    "PUBLIC_KEY",
    "KMS_KEY",
    // What a deduplication, upsert, merge, equality delete or watermark is keyed by; a field, id, prefix, label, tag or metric.
    "DEDUPE_KEY",
    "DEDUP_KEY",
    "UPSERT_KEY",
    "MERGE_KEY",
    "EQUALITY_KEY",
    "WATERMARK_KEY",
    "ORDER_ID_KEY",
    "S3_PREFIX_KEY",
    "LABEL_KEY",
    "TAG_KEY",
    "METRIC_KEY",
    "COLUMN_KEY",
    "FIELD_KEY",
    "INDEX_KEY",
    "HASH_KEY",
    "JOIN_KEY",
    "BUCKET_KEY",
    "KEY",
    "KEY_FORMAT",
    "KEY_FIELDS",
    "KEY_ID",
    "S3_KEY_FILE",
    "S3_KEY_PATH",
    "MONKEY",
    "HOCKEY_TEAM",
    // A file's path by Google's convention (Application Default Credentials), found by a new-user trial.
    "GOOGLE_APPLICATION_CREDENTIALS",
  ];
  for (const n of credentials) it(`${n} names a credential`, () => expect(isCredentialEnvName(n)).to.equal(true));
  for (const n of settings) it(`${n} names none`, () => expect(isCredentialEnvName(n)).to.equal(false));

  it("option keys keep their own rule: a `key` that ends an option key is no credential by itself", () => {
    expect(["s3_key", "partition.key", "lookup.key", "S3_KEY"].map(isCredentialKey)).to.deep.equal([false, false, false, false]);
  });

  it("a Flink key that sets a variable (containerized.master.env.NAME, containerized.taskmanager.env.NAME; flink ResourceManagerOptions) is judged by the variable's name", () => {
    const keys = [
      "containerized.master.env.S3_KEY",
      "containerized.taskmanager.env.STRIPE_KEY",
      "containerized.taskmanager.env.SIGNING_KEY_2",
      "containerized.master.env.DB_PASSWORD",
      "containerized.master.env.PARTITION_KEY",
      "containerized.taskmanager.env.KEY_FORMAT",
      "containerized.master.env.LD_LIBRARY_PATH",
      "containerized.taskmanager.env.GOOGLE_APPLICATION_CREDENTIALS",
      // Flink's keys are case-sensitive: another spelling sets no variable, and its words keep the option rule.
      "Containerized.master.env.S3_KEY",
    ];
    expect(keys.map(isCredentialKey)).to.deep.equal([true, true, true, true, false, false, false, false, false]);
    expect(["containerized.master.env.S3_KEY", "containerized.taskmanager.env.A.B", "containerized.master.env.", "kubernetes.env.S3_KEY"].map(containerEnvVariable)).to.deep.equal(["S3_KEY", "A.B", undefined, undefined]);
  });

  it("in a job's configuration and kubernetes.flinkConfiguration: a plain credential under such a key is an error, a data key's name is not", async () => {
    const api = await mockedApi();
    const g = new api.FlinkTable("cen_gen", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "datagen" } });
    const o = new api.FlinkTable("cen_out", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "blackhole" } });
    const FIX = "Remove it and pass the credential to the Flink pods as an environment variable from a Kubernetes Secret (kubernetes.envFromSecrets, e.g. AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY for S3), or use a catalog that authenticates from the environment.";
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("cen", {
          statements: [api.sql`INSERT INTO ${o} SELECT id FROM ${g}`],
          configuration: { "containerized.master.env.S3_KEY": "abc", "containerized.taskmanager.env.PARTITION_KEY": "day" },
          kubernetes: { namespace: "f", image: "flink:2.1", flinkVersion: "v2_1", flinkConfiguration: { "containerized.taskmanager.env.SIGNING_KEY_2": "x", "containerized.master.env.KEY_FORMAT": "json" } },
        }),
    );
    expect(issues).to.deep.equal([
      {
        path: 'configuration["containerized.master.env.S3_KEY"]',
        message: `"containerized.master.env.S3_KEY" carries a credential, and the job's configuration (SET lines of the script) is rendered in plain text (into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap). ${FIX}`,
      },
      {
        path: 'kubernetes.flinkConfiguration["containerized.taskmanager.env.SIGNING_KEY_2"]',
        message: `"containerized.taskmanager.env.SIGNING_KEY_2" carries a credential, and kubernetes.flinkConfiguration is rendered in plain text (into the FlinkDeployment's spec, stored in the cluster and in Pulumi's state). ${FIX}`,
      },
    ]);
  });

  it("kubernetes.env and a pod template's env: S3_KEY and STRIPE_KEY with plain values are errors, PARTITION_KEY, KEY_FORMAT and GOOGLE_APPLICATION_CREDENTIALS (a file path) are not", () => {
    const diag = new Diagnostics();
    checkEnvironment(
      {
        image: "flink:2.1",
        flinkVersion: "v2_1",
        env: { S3_KEY: "abc", PARTITION_KEY: "day", KEY_FORMAT: "json", GOOGLE_APPLICATION_CREDENTIALS: "/var/secrets/gcp/key.json" },
        podTemplate: { spec: { containers: [{ name: "flink-main-container", env: [{ name: "ROUTING_KEY", value: "eu" }, { name: "STRIPE_KEY", value: "sk_live_x" }] }] } },
      },
      diag,
    );
    const fix = "pass it with kubernetes.envFromSecrets (a Kubernetes Secret key) instead";
    expect(diag.errors).to.deep.equal([
      { path: 'kubernetes.env["S3_KEY"]', message: `"S3_KEY" carries a credential and env values are stored in plain text in the FlinkDeployment: ${fix}` },
      { path: "kubernetes.podTemplate.spec.containers[0].env[1]", message: `"STRIPE_KEY" carries a credential as a plain value: ${fix} (or valueFrom.secretKeyRef)` },
    ]);
  });

  it("GOOGLE_APPLICATION_CREDENTIALS holding a service account key's JSON content, not a path: an error that says to mount the file; a path and other JSON are not", () => {
    const key = '{\n  "type": "service_account",\n  "project_id": "p",\n  "private_key_id": "abc",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\nMII...\\n-----END PRIVATE KEY-----\\n"\n}';
    const diag = new Diagnostics();
    checkEnvironment(
      {
        image: "flink:2.1",
        flinkVersion: "v2_1",
        env: { GOOGLE_APPLICATION_CREDENTIALS: key, TENANT_KEY: "acme", TOPIC_KEY: "orders", APP_SETTINGS: '{"type": "app"}' },
        podTemplate: {
          spec: {
            containers: [{ name: "flink-main-container", env: [{ name: "GOOGLE_APPLICATION_CREDENTIALS", value: '{"private_key": "x"}' }, { name: "GOOGLE_APPLICATION_CREDENTIALS", value: "/var/secrets/google/key.json" }] }],
          },
        },
      },
      diag,
    );
    const remedy =
      "the value is a service account key's JSON content, but Google's Application Default Credentials read GOOGLE_APPLICATION_CREDENTIALS as the key file's path " +
      "(\"Error reading credential file from environment variable GOOGLE_APPLICATION_CREDENTIALS, value '...': File does not exist.\"); " +
      "put the key file in a Kubernetes Secret, mount it with kubernetes.podTemplate (a secret volume and a volumeMount of flink-main-container, e.g. at /var/secrets/google) " +
      "and set GOOGLE_APPLICATION_CREDENTIALS to the file's path (e.g. /var/secrets/google/key.json)";
    expect(diag.errors).to.deep.equal([
      { path: 'kubernetes.env["GOOGLE_APPLICATION_CREDENTIALS"]', message: `"GOOGLE_APPLICATION_CREDENTIALS" carries a credential and env values are stored in plain text in the FlinkDeployment: ${remedy}` },
      { path: "kubernetes.podTemplate.spec.containers[0].env[0]", message: `"GOOGLE_APPLICATION_CREDENTIALS" carries a credential as a plain value: ${remedy}` },
    ]);
    const lead = (where: string): string => `"containerized.master.env.GOOGLE_APPLICATION_CREDENTIALS" carries a credential, and ${where} is rendered in plain text (into the FlinkDeployment's spec, stored in the cluster and in Pulumi's state). `;
    expect(credentialEntryProblem("containerized.master.env.GOOGLE_APPLICATION_CREDENTIALS", key, "kubernetes.flinkConfiguration")).to.equal(`${lead("kubernetes.flinkConfiguration")}T${remedy.slice(1)}`);
    expect(credentialEntryProblem("containerized.master.env.GOOGLE_APPLICATION_CREDENTIALS", "/var/secrets/google/key.json", "kubernetes.flinkConfiguration")).to.equal(undefined);
  });
});
