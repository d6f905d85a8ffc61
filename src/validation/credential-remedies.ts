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
