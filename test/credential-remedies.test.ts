/**
 * What a credential message tells to do depends on where the key is and on what the check knows:
 * a table's check does not know the job's target, so it names both ways a credential reaches the
 * Flink processes' environment (kubernetes.envFromSecrets; for sqlGateway the environment of the
 * session cluster and of the gateway, set outside this package) and the mechanism that reads it
 * (Kafka config providers, Iceberg's env:NAME catalog properties); a connector that reads its
 * password only from its options (jdbc, the CDC sources) is told honestly that this package cannot
 * render it, and what works instead. No message echoes the secret.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { issuesOf, mockedApi, type Api } from "./api.js";
import { drainUnhandled } from "./setup.js";
import { credentialKeyMessage } from "../src/validation/secrets.js";

const IN_SCRIPT = "(into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap)";
/** The lead of a connector's password remedy: `who` cannot take it from its options. */
const CANNOT = (connector: string) => `Flink substitutes nothing in connector options, so the '${connector}' connector cannot take a password safely: remove it.`;
/** A 'jdbc' table's remedy: the driver's own routes, per database, for both targets. */
const JDBC_REMEDY =
  `${CANNOT("jdbc")} Leave out 'username' and 'password' (both or neither) and let the driver authenticate: ` +
  "against PostgreSQL, ?user=... in the URL and a pgpass file mounted into the Flink containers (kubernetes target: from a Kubernetes Secret with kubernetes.podTemplate), PGPASSFILE set to its path; " +
  "against MySQL or MariaDB, MariaDB Connector/J, which serves MySQL too: its jar in the image, 'driver' = 'org.mariadb.jdbc.Driver', ?user=...&permitMysqlScheme&credentialType=ENV on the jdbc:mysql: URL " +
  "and MARIADB_PWD as an environment variable of the Flink processes (kubernetes target: from a Kubernetes Secret with kubernetes.envFromSecrets; sqlGateway target: set where the session cluster is deployed).";
/** A CDC source's remedy: its changes through Kafka, whose client takes a placeholder. */
const CDC_REMEDY =
  `${CANNOT("mysql-cdc")} ` +
  "Read the database's changes from Kafka instead (Debezium into a topic, format 'debezium-json'), whose client takes a ${env:NAME} placeholder for its password.";
/** The neutral environment for what the planner also reads (an Iceberg catalog): the gateway too. */
const ENV_ALL =
  "as an environment variable of the Flink processes (kubernetes target: from a Kubernetes Secret with kubernetes.envFromSecrets; sqlGateway target: set where the session cluster and the gateway are deployed)";
const ICEBERG_REMEDY =
  `Remove it and pass the credential ${ENV_ALL}: S3 clients read AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY there, and a REST catalog a property written as env:NAME ` +
  "(credential, token, rest.auth.basic.password; an unset variable drops the property).";

describe("credential remedies by place", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const cols = [{ name: "id", type: "BIGINT" }];

  it("a JDBC password in a FlinkTable's options: this package cannot render it; a pgpass file (PostgreSQL) or MariaDB Connector/J's MARIADB_PWD (MySQL) instead, for both targets", () => {
    const issues = issuesOf(
      () =>
        new api.FlinkTable("cr_dim", {
          columns: cols,
          options: { connector: "jdbc", url: "jdbc:postgresql://db:5432/app", "table-name": "dim", username: "app", password: "hunter2" },
        }),
    );
    expect(issues).to.deep.equal([
      { path: 'options["password"]', message: `"password" carries a credential, and the table's WITH clause is rendered in plain text ${IN_SCRIPT}. ${JDBC_REMEDY}` },
    ]);
  });

  it("a mysql-cdc password (a required option there) gets the Kafka route, a JDBC URL with password= the driver routes", () => {
    const cdc = issuesOf(
      () =>
        new api.FlinkTable("cr_cdc", {
          columns: cols,
          options: { connector: "mysql-cdc", hostname: "db", port: "3306", username: "flink", password: "hunter2", "database-name": "app", "table-name": "orders" },
        }),
    );
    expect(cdc).to.deep.equal([{ path: 'options["password"]', message: `"password" carries a credential, and the table's WITH clause is rendered in plain text ${IN_SCRIPT}. ${CDC_REMEDY}` }]);
    const url = issuesOf(() => new api.FlinkTable("cr_url", { columns: cols, options: { connector: "jdbc", url: "jdbc:postgresql://db:5432/app?user=app&password=hunter2", "table-name": "dim" } }));
    expect(url).to.deep.equal([
      {
        path: 'options["url"]',
        message: `the value of "url" embeds a credential (user:password@ or a password=/token= parameter), and it is rendered in plain text. ${JDBC_REMEDY.replace(/\.$/, "")}`,
      },
    ]);
  });

  it("a Kafka SASL password: a config provider placeholder, the variable set for either target", () => {
    const issues = issuesOf(
      () =>
        new api.FlinkTable("cr_kafka", {
          columns: cols,
          options: {
            connector: "kafka",
            topic: "t",
            "properties.bootstrap.servers": "k:9092",
            format: "json",
            "scan.startup.mode": "earliest-offset",
            "properties.sasl.jaas.config": 'org.apache.kafka.common.security.plain.PlainLoginModule required username="u" password="hunter2";',
          },
        }),
    );
    expect(issues).to.deep.equal([
      {
        path: 'options["properties.sasl.jaas.config"]',
        message:
          `"properties.sasl.jaas.config" carries a credential, and the table's WITH clause is rendered in plain text ${IN_SCRIPT}. ` +
          "Flink passes connector options as written. For Kafka SASL/SSL, write a Kafka config provider placeholder, which the Kafka client resolves: 'properties.config.providers' = 'env', " +
          "'properties.config.providers.env.class' = 'org.apache.kafka.common.config.provider.EnvVarConfigProvider' (kafka-clients 3.5+) and " +
          'password="${env:KAFKA_PASSWORD}" in the JAAS line, with KAFKA_PASSWORD as an environment variable of the Flink processes ' +
          "(kubernetes target: from a Kubernetes Secret with kubernetes.envFromSecrets; sqlGateway target: set where the session cluster is deployed); " +
          "or mount the JAAS file into the Flink containers and set -Djava.security.auth.login.config=<mounted file> in env.java.opts.all.",
      },
    ]);
  });

  it("a storage key in catalog.properties: the environment of every process that loads the catalog, the gateway's included", () => {
    const issues = issuesOf(
      () => new api.IcebergSink("cr_hive", { catalog: { name: "lake", type: "hive", uri: "thrift://hms:9083", properties: { "s3.secret-access-key": "hunter2" } }, database: "db", table: "t", columns: cols }),
    );
    expect(issues).to.deep.equal([
      {
        path: 'catalog.properties["s3.secret-access-key"]',
        message:
          '"s3.secret-access-key" carries a credential, and catalog.properties is rendered in plain text (into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap, ' +
          `and Iceberg copies into the table's properties). ${ICEBERG_REMEDY}`,
      },
    ]);
  });

  it("a REST catalog.uri with user:password@: rest.auth.basic.* written as env:NAME, resolved where the catalog loads", () => {
    const issues = issuesOf(() => new api.IcebergSink("cr_rest", { catalog: { name: "lake", type: "rest", uri: "https://u:hunter2@rest:8181" }, database: "db", table: "t", columns: cols }));
    expect(issues).to.deep.equal([
      {
        path: "catalog.uri",
        message:
          "the value embeds a credential (user:password@ or a password=/token= parameter), and it is rendered in plain text. Remove it from the value: a REST catalog takes " +
          "user:password as rest.auth.type = basic with rest.auth.basic.username and rest.auth.basic.password = env:NAME in catalog.properties, " +
          `and an OAuth2 token or credential as token / credential = env:NAME; set NAME ${ENV_ALL} (an unset variable drops the property)`,
      },
    ]);
  });

  it("a credential in a job's configuration or OPTIONS hint gets the remedy of the job's own target (was: both targets' advice)", () => {
    const src = new api.FlinkTable("cr_gw_src", { columns: cols, options: { connector: "datagen" } });
    const sink = new api.IcebergSink("cr_gw_sink", { catalog: { name: "lake", type: "rest", uri: "http://rest:8181" }, database: "db", table: "t", columns: cols });
    const gateway = issuesOf(
      () => new api.FlinkSqlJob("cr_gw", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], configuration: { "s3.secret-key": "hunter2" }, sqlGateway: { endpoint: "http://gw:8083" } }),
    );
    const where = "the job's configuration (SET lines of the script)";
    expect(gateway).to.deep.equal([{ path: 'configuration["s3.secret-key"]', message: credentialKeyMessage("s3.secret-key", where, "sqlGateway") }]);
    expect(gateway[0]!.message).to.not.contain("envFromSecrets");
    const k8s = { namespace: "flink", image: "my/flink-iceberg:2.1", flinkVersion: "v2_1" as const };
    const onKubernetes = issuesOf(
      () => new api.FlinkSqlJob("cr_k8s", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], configuration: { "s3.secret-key": "hunter2" }, kubernetes: k8s }),
    );
    expect(onKubernetes).to.deep.equal([{ path: 'configuration["s3.secret-key"]', message: credentialKeyMessage("s3.secret-key", where, "kubernetes") }]);
    expect(onKubernetes[0]!.message).to.contain("kubernetes.envFromSecrets").and.not.contain("sqlGateway");
    // No target (a job only synthesized): the advice for both.
    const none = issuesOf(() => new api.FlinkSqlJob("cr_none", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], configuration: { "s3.secret-key": "hunter2" } }));
    expect(none).to.deep.equal([{ path: 'configuration["s3.secret-key"]', message: `"s3.secret-key" carries a credential, and ${where} is rendered in plain text ${IN_SCRIPT}. ${ICEBERG_REMEDY}` }]);
    // An OPTIONS hint on the Iceberg sink and on a FlinkTable: the same per-target choice.
    const hinted = issuesOf(
      () =>
        new api.FlinkSqlJob("cr_hint", {
          statements: [api.sql`INSERT INTO ${sink} /*+ OPTIONS('s3.secret-access-key'='hunter2') */ SELECT id FROM ${src} /*+ OPTIONS('password'='hunter2') */`],
          kubernetes: k8s,
        }),
    );
    expect(hinted.map((i) => i.path)).to.deep.equal([
      'statements[0] OPTIONS hint of cr_gw_sink["s3.secret-access-key"]',
      'statements[0] OPTIONS hint of cr_gw_src["password"]',
    ]);
    for (const i of hinted) expect(i.message).to.not.contain("sqlGateway target").and.not.contain("hunter2");
    expect(hinted[0]!.message).to.contain("kubernetes.envFromSecrets");
    // A 'datagen' table: no route of a database's driver or changelog applies.
    expect(hinted[1]!.message).to.equal(`"password" carries a credential, and a statement's OPTIONS hint is rendered in plain text ${IN_SCRIPT}. ${CANNOT("datagen")}`);
  });

  it("a check that knows the target names that target's mechanism only", () => {
    expect(credentialKeyMessage("s3.secret-key", "the job's configuration (SET lines of the script)", "sqlGateway")).to.equal(
      `"s3.secret-key" carries a credential, and the job's configuration (SET lines of the script) is rendered in plain text ${IN_SCRIPT}. ` +
        "Remove it and pass the credential as an environment variable of the session cluster's JobManager and TaskManagers and of the SQL Gateway, set where they are deployed " +
        "(this package sends a gateway no environment): S3 clients read AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY there, and a REST catalog a property written as env:NAME " +
        "(credential, token, rest.auth.basic.password; an unset variable drops the property).",
    );
    expect(credentialKeyMessage("s3.secret-key", "the job's configuration (SET lines of the script)", "kubernetes")).to.equal(
      `"s3.secret-key" carries a credential, and the job's configuration (SET lines of the script) is rendered in plain text ${IN_SCRIPT}. ` +
        "Remove it and pass the credential to the Flink pods as an environment variable from a Kubernetes Secret (kubernetes.envFromSecrets, e.g. AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY for S3), " +
        "or use a catalog that authenticates from the environment.",
    );
  });

  it("gateway headers given as a map Output that is not a secret are checked when known", async () => {
    const src = new api.FlinkTable("cr_hdr_src", { columns: cols, options: { connector: "datagen" } });
    const sink = new api.IcebergSink("cr_hdr_sink", { catalog: { name: "lake", type: "rest", uri: "http://rest:8181" }, database: "db", table: "t", columns: cols });
    const leaky = pulumi.output({ "X-Trace": "on", Authorization: "Bearer hunter2" });
    new api.FlinkSqlJob("cr_hdr", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], sqlGateway: { endpoint: "http://gw:8083", headers: leaky as unknown as Record<string, string> } });
    await new Promise((r) => setTimeout(r, 50));
    const failures = drainUnhandled().map(String);
    expect(failures.length).to.be.greaterThan(0);
    for (const f of failures) {
      expect(f).to.contain(
        'FlinkSqlJob "cr_hdr": sqlGateway.headers["Authorization"]: carries a credential in a map that is not a Pulumi secret; pass the map (or the value) as a Pulumi secret: headers are stored as secrets',
      );
      expect(f).to.not.contain("hunter2").and.not.contain("X-Trace");
    }
  });
});
