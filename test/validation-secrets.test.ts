import { expect } from "chai";
import { isCredentialKey, valueCarriesCredential } from "../src/validation/secrets.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { checkEnvironment } from "../src/deploy/kubernetes/validate-maps.js";

describe("credential detection (SPEC decision 8)", () => {
  const credentialKeys = [
    "credential",
    "token",
    "s3.secret-access-key",
    "s3.access-key-id",
    "s3.secret-key",
    "s3.sse.key",
    "client.secret",
    "clientSecret",
    "password",
    "jdbc.password",
    "properties.sasl.jaas.config",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_ACCESS_KEY_ID",
    "AWS_SESSION_TOKEN",
    "header.Authorization",
    "adls.sas-token.account",
    "gcs.oauth2.token",
    "rest.api-key",
    // avro-confluent: the Schema Registry's user:password; Kafka: the PEM private key.
    "value.avro-confluent.basic-auth.user-info",
    "avro-confluent.basic-auth.user-info",
    "key.avro-confluent.basic-auth.user-info",
    "properties.ssl.keystore.key",
    // A column name inside the key is left out, the rest still counts.
    "fields.id.password",
    // Environment variable names: PASS as a word of its own, a word ending in PASSWORD (libpq's
    // and pgjdbc's PGPASSWORD), API keys and tokens, a TLS key's passphrase.
    "MYSQL_PASS",
    "DB_PASS",
    "REDIS_PASS_1",
    "dbPass",
    "ldap.bind.pass",
    "PGPASSWORD",
    "API_KEY",
    "AUTH_TOKEN",
    "MYSQL_PWD",
    "DB_PASSWORD",
    "SSL_KEY_PASSPHRASE",
  ];
  const settingKeys = [
    "uri",
    "warehouse",
    "io-impl",
    "s3.endpoint",
    "client.region",
    "client.credentials-provider",
    "token-refresh-enabled",
    "rest.auth.type",
    "oauth2-server-uri",
    "hive-conf-dir",
    "write.metadata.delete-after-commit.enabled",
    "pipeline.name",
    "scan.startup.mode",
    "key.format",
    "sink.partition-commit.policy.kind",
    // Iceberg GCPProperties: when the token expires, not the token.
    "gcs.oauth2.token-expires-at",
    // Flink KubernetesConfigOptions: references to Kubernetes Secrets, not secret values.
    "kubernetes.secrets",
    "kubernetes.env.secretKeyRef",
    "avro-confluent.basic-auth.credentials-source",
    "properties.ssl.keystore.location",
    "properties.ssl.keystore.type",
    // Column names inside option keys (datagen/faker fields.<column>.*, Iceberg per-column properties).
    "fields.password_hash.length",
    "fields.token_id.min",
    "fields.user_info.kind",
    "write.metadata.metrics.column.password_hash",
    "write.parquet.bloom-filter-enabled.column.token_id",
    "table-default.write.parquet.bloom-filter-fpp.column.api_key",
    // PASS inside another word, as a verb, or a setting about a password (its file, not its value).
    "PASSTHROUGH",
    "PASS_THROUGH",
    // Review: PASS before another word, or after a count, is no password.
    "PASS_COUNT",
    "SINGLE_PASS",
    "TWO_PASS",
    "pass-through",
    "BYPASS_CACHE",
    "COMPASS_URL",
    "SURPASS_LIMIT",
    "PASSENGER_COUNT",
    "PGPASSFILE",
    "DB_PASS_FILE",
    // A time, a ratio, a directory, an ARN: settings about credentials (found by a new-user trial; errors before).
    "security.delegation.tokens.renewal.retry.backoff",
    "security.delegation.tokens.renewal.time-ratio",
    "client.credentials-provider.role-arn",
    "SECRETS_DIR",
    "CREDENTIALS_DIR",
    "TOKEN_REFRESH_INTERVAL",
    "TOKEN_TTL_SECONDS",
  ];
  for (const k of credentialKeys) it(`${k} carries a credential`, () => expect(isCredentialKey(k)).to.equal(true));
  for (const k of settingKeys) it(`${k} is a setting`, () => expect(isCredentialKey(k)).to.equal(false));

  it("finds credentials embedded in values", () => {
    expect(valueCarriesCredential("jdbc:postgresql://db:5432/cat?user=x&password=hunter2")).to.equal(true);
    expect(valueCarriesCredential("https://user:pw@rest.example.com/catalog")).to.equal(true);
    expect(valueCarriesCredential("http://rest:8181/v1?token=abc")).to.equal(true);
    expect(valueCarriesCredential("thrift://metastore:9083")).to.equal(false);
    expect(valueCarriesCredential("s3://bucket/warehouse")).to.equal(false);
    expect(valueCarriesCredential("http://rest:8181")).to.equal(false);
    expect(valueCarriesCredential("jdbc:postgresql://db:5432/cat?user=x")).to.equal(false);
    // OAuth access tokens, API keys, an Azure SAS signature, pre-signed S3 and GCS URLs.
    for (const v of [
      "https://h/wh?access_token=abc",
      "https://h/wh?x=1&apikey=abc",
      "https://acct.blob.core.windows.net/c?sv=2022-11-02&ss=b&sig=abc%3D",
      "https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F&X-Amz-Signature=abc",
      "https://storage.googleapis.com/b/o?X-Goog-Signature=abc",
      "https://b.s3.amazonaws.com/k?AWSAccessKeyId=AKIA&Expires=1&Signature=abc",
      "DefaultEndpointsProtocol=https;AccountName=a;AccountKey=abc==;EndpointSuffix=core.windows.net",
      "https://idp/token?grant_type=refresh_token&refresh_token=abc",
    ]) {
      expect(valueCarriesCredential(v), v).to.equal(true);
    }
    expect(valueCarriesCredential("https://acct.blob.core.windows.net/c?sv=2022-11-02&design=x")).to.equal(false);
  });

  it("kubernetes env and podTemplate env: a credential name with a plain value is an error, a look-alike is not", () => {
    const diag = new Diagnostics();
    checkEnvironment(
      {
        image: "flink:2.1",
        flinkVersion: "v2_1",
        env: { MYSQL_PASS: "hunter2", API_KEY: "k", BYPASS_CACHE: "true", COMPASS_URL: "http://compass", PASSTHROUGH: "1", PGPASSFILE: "/etc/pg/pgpass" },
        podTemplate: { spec: { containers: [{ name: "flink-main-container", env: [{ name: "DB_PASS", value: "hunter2" }, { name: "AUTH_TOKEN", value: "t" }, { name: "PASS_THROUGH", value: "yes" }] }] } },
      },
      diag,
    );
    const fix = "pass it with kubernetes.envFromSecrets (a Kubernetes Secret key) instead";
    expect(diag.errors).to.deep.equal([
      { path: 'kubernetes.env["API_KEY"]', message: `"API_KEY" carries a credential and env values are stored in plain text in the FlinkDeployment: ${fix}` },
      { path: 'kubernetes.env["MYSQL_PASS"]', message: `"MYSQL_PASS" carries a credential and env values are stored in plain text in the FlinkDeployment: ${fix}` },
      { path: "kubernetes.podTemplate.spec.containers[0].env[0]", message: `"DB_PASS" carries a credential as a plain value: ${fix} (or valueFrom.secretKeyRef)` },
      { path: "kubernetes.podTemplate.spec.containers[0].env[1]", message: `"AUTH_TOKEN" carries a credential as a plain value: ${fix} (or valueFrom.secretKeyRef)` },
    ]);
  });
});
