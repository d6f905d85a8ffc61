/**
 * How a credential reaches the processes that read it, instead of a plain value in a rendered map
 * or the script (SPEC decision 8): the remedy sentences of secrets.ts's credential messages, by the
 * job's deploy target (the Kubernetes target sets the pods' environment; the SQL Gateway target
 * sends only the script and session properties). Sources are named on each remedy.
 */
import type { CredentialTarget } from "./secrets.js";

/**
 * How a credential reaches the environment of the processes that read it: the Kubernetes target
 * sets the pods' environment (kubernetes.envFromSecrets); the SQL Gateway target sends only the
 * script and session properties, so there the variable is set where the session cluster (and, for
 * what the planner reads, such as an Iceberg catalog, the gateway) is deployed. `gateway`: the
 * gateway process needs it too (it plans the statements, and loads an Iceberg catalog to do so:
 * iceberg `FlinkDynamicTableFactory.createTableLoader`). Unknown target: both ways.
 */
export function credentialEnvironment(target: CredentialTarget | undefined, gateway: boolean): string {
  if (target === "kubernetes") return "as an environment variable of the Flink pods, from a Kubernetes Secret (kubernetes.envFromSecrets)";
  const processes = `the session cluster's JobManager and TaskManagers${gateway ? " and of the SQL Gateway process itself" : ""}, set where they are deployed, since this package sends a gateway no environment`;
  if (target === "sqlGateway") return `as an environment variable of ${processes}`;
  return `as an environment variable of the Flink processes (kubernetes target: from a Kubernetes Secret with kubernetes.envFromSecrets; sqlGateway target: of ${processes})`;
}

/** Which processes load an Iceberg catalog (and so resolve its env:NAME properties) on `target`. */
export function catalogProcesses(target: CredentialTarget | undefined): string {
  const processes =
    target === "kubernetes"
      ? "the JobManager and the TaskManagers"
      : target === "sqlGateway"
        ? "the session cluster's JobManager and TaskManagers and the gateway, which loads it to plan each statement"
        : "the JobManager, the TaskManagers and, on the SQL Gateway target, the gateway, which loads it to plan each statement";
  return `every process that loads the catalog: ${processes} (iceberg EnvironmentUtil.resolveAll in RESTSessionCatalog.initialize, FlinkDynamicTableFactory; where the variable is unset, the property is dropped)`;
}

/** Who reads an Iceberg-side credential from that environment, and in which processes. */
export function icebergReaders(target: CredentialTarget | undefined): string {
  return (
    "S3 clients read AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY there, and a REST catalog reads each of its properties written as env:NAME " +
    `(credential or token for OAuth2, rest.auth.basic.password) from the environment of ${catalogProcesses(target)}`
  );
}

/** The Kafka client remedy: a config provider placeholder, or a mounted JAAS file or keystore. */
export function kafkaRemedy(target: CredentialTarget | undefined): string {
  return (
    " For Kafka SASL/SSL in a Kafka table's options: reference the secret through a Kafka config provider, e.g. 'properties.config.providers' = 'env', " +
    "'properties.config.providers.env.class' = 'org.apache.kafka.common.config.provider.EnvVarConfigProvider' (kafka-clients 3.5+) and " +
    `password="\${env:KAFKA_PASSWORD}" in the JAAS line, with KAFKA_PASSWORD ${credentialEnvironment(target, false)}; ` +
    "or mount the JAAS file or keystore into the Flink containers and point the JVM at it (env.java.opts.all: -Djava.security.auth.login.config=<mounted file>; " +
    "kubernetes target: the file from a Kubernetes Secret with kubernetes.podTemplate, the option in kubernetes.flinkConfiguration)."
  );
}

/** Where a pgpass file reaches the Flink containers, and its PGPASSFILE variable. */
function mountedFile(target: CredentialTarget | undefined): string {
  const kubernetes = "from a Kubernetes Secret with kubernetes.podTemplate, PGPASSFILE (a path, no secret) in kubernetes.env";
  const gateway = "in the session cluster's JobManager and TaskManagers, set where they are deployed, since this package sends a gateway no files";
  if (target === "kubernetes") return `mount the file into the Flink containers ${kubernetes}`;
  if (target === "sqlGateway") return `mount the file ${gateway}`;
  return `mount the file into the Flink containers (kubernetes target: ${kubernetes}; sqlGateway target: ${gateway})`;
}

/**
 * What to do about a credential of a connector other than Iceberg's: Flink SQL substitutes nothing
 * in connector options, so a connector that reads its password only from them (flink-connector-jdbc
 * `JdbcConnectorOptions` PASSWORD, flink-cdc `MySqlSourceOptions` / PostgreSQL PASSWORD, required
 * there) cannot be given one safely; what works instead.
 */
export function connectorRemedy(target: CredentialTarget | undefined): string {
  return (
    "Flink SQL takes connector options only from the script and substitutes nothing in them, so this package cannot render a connector's password safely: " +
    "a connector that reads it only from its options (jdbc, mysql-cdc, postgres-cdc, oracle-cdc, sqlserver-cdc, mongodb-cdc ...) cannot be given one here. Remove it, and instead " +
    "stream the database's changes through Kafka (Debezium, e.g. on Kafka Connect, writing a topic) and read them with connector 'kafka' and format 'debezium-json', " +
    "whose client password a config provider placeholder (${env:NAME}) can take; or let the connector's driver authenticate from outside its options, " +
    "e.g. 'jdbc' against PostgreSQL: leave out 'username' and 'password' (the connector takes both or neither: flink-connector-jdbc JdbcDynamicTableFactory), " +
    "put the user in the URL (?user=...) and give pgjdbc a pgpass file, whose path PGPASSFILE names (pgjdbc reads it when no password is given: PGPropertyPasswordParser): " +
    `${mountedFile(target)}.`
  );
}
