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
  if (target === "sqlGateway") {
    return `as an environment variable of the session cluster's JobManager and TaskManagers${gateway ? " and of the SQL Gateway" : ""}, set where they are deployed (this package sends a gateway no environment)`;
  }
  return `as an environment variable of the Flink processes (kubernetes target: from a Kubernetes Secret with kubernetes.envFromSecrets; sqlGateway target: set where the session cluster${gateway ? " and the gateway are" : " is"} deployed)`;
}

/**
 * Who reads an Iceberg-side credential from that environment: S3 clients (AWS_ACCESS_KEY_ID /
 * AWS_SECRET_ACCESS_KEY), and a REST catalog's env:NAME properties, which iceberg
 * `EnvironmentUtil.resolveAll` resolves in `RESTSessionCatalog.initialize`, run in every process
 * that loads the catalog (the JobManager, the TaskManagers and, on the SQL Gateway target, the
 * gateway, which plans the statements: `FlinkDynamicTableFactory.createTableLoader`, hence
 * credentialEnvironment's `gateway`); an unset variable drops the property.
 */
export const ICEBERG_READERS =
  "S3 clients read AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY there, and a REST catalog a property written as env:NAME (credential, token, rest.auth.basic.password; an unset variable drops the property)";

/**
 * The Kafka client remedy: a config provider placeholder (kafka clients `AbstractConfig` with
 * `config.providers`, KIP-297; `EnvVarConfigProvider`, KIP-887, kafka-clients 3.5+), or a mounted
 * JAAS file or keystore the JVM is pointed at.
 */
export function kafkaRemedy(target: CredentialTarget | undefined): string {
  return (
    " For Kafka SASL/SSL, write a Kafka config provider placeholder, which the Kafka client resolves: 'properties.config.providers' = 'env', " +
    "'properties.config.providers.env.class' = 'org.apache.kafka.common.config.provider.EnvVarConfigProvider' (kafka-clients 3.5+) and " +
    `password="\${env:KAFKA_PASSWORD}" in the JAAS line, with KAFKA_PASSWORD ${credentialEnvironment(target, false)}; ` +
    "or mount the JAAS file into the Flink containers and set -Djava.security.auth.login.config=<mounted file> in env.java.opts.all."
  );
}
