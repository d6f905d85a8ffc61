/**
 * How a JDBC driver can get its password from outside the options this package renders in plain
 * text, per driver, for Flink's JDBC connector and for Iceberg's JDBC catalog:
 *
 * - PostgreSQL (pgjdbc) reads a pgpass file when no password is given (pgjdbc
 *   `PGPropertyPasswordParser`; PGPASSFILE names its path), so the file can be mounted from a Secret.
 * - MySQL Connector/J reads a password only from its connection properties and URL: it has no
 *   password file, and the MYSQL_PWD variable is libmysqlclient's, which a Java driver does not use.
 *   MariaDB Connector/J, which also serves MySQL servers, has a credential plugin that reads the user
 *   and password from the environment (mariadb-corporation/mariadb-connector-j
 *   `src/main/java/org/mariadb/jdbc/plugin/credential/env/EnvCredentialPlugin.java`:
 *   `credentialType=ENV`, variables MARIADB_USER and MARIADB_PWD), and takes a jdbc:mysql: URL with
 *   `permitMysqlScheme` (3.x), the scheme flink-connector-jdbc picks its MySQL dialect by.
 *
 * Iceberg resolves `env:NAME` values only in its REST catalog (apache/iceberg
 * `core/src/main/java/org/apache/iceberg/rest/RESTSessionCatalog.java` `initialize` →
 * `EnvironmentUtil.resolveAll`); `JdbcCatalog` hands its `jdbc.*` properties to the driver as written
 * (`core/src/main/java/org/apache/iceberg/jdbc/JdbcClientPool.java` `newClient`:
 * `DriverManager.getConnection(uri, properties without the jdbc. prefix)`), and neither
 * `CatalogUtil.buildIcebergCatalog` nor the Flink `FlinkCatalogFactory` resolves anything.
 */
import { credentialEnvironment } from "./credential-remedies.js";
import type { CredentialTarget } from "./secrets.js";

/** Where a pgpass file reaches the Flink containers, and its PGPASSFILE variable. */
export function mountedFile(target: CredentialTarget | undefined): string {
  if (target === "kubernetes") return "mounted from a Kubernetes Secret with kubernetes.podTemplate, PGPASSFILE (its path) in kubernetes.env";
  if (target === "sqlGateway") return "in the session cluster's containers, placed where it is deployed (this package sends a gateway no files), PGPASSFILE set to its path";
  return "mounted into the Flink containers (kubernetes target: from a Kubernetes Secret with kubernetes.podTemplate), PGPASSFILE set to its path";
}

/**
 * The per-driver routes for Flink's 'jdbc' connector with 'username' and 'password' left out
 * (flink-connector-jdbc `JdbcDynamicTableFactory`: both or neither). MySQL Connector/J reads a
 * password only from its connection properties (no password file; MYSQL_PWD is libmysqlclient's),
 * so MySQL gets MariaDB Connector/J, which serves MySQL servers too, whose `EnvCredentialPlugin`
 * (credentialType=ENV) reads MARIADB_PWD (and MARIADB_USER when set). `known`: the table's
 * connector is known to be 'jdbc' (the advice then needs no "a 'jdbc' table").
 */
export function jdbcConnectorDriverRoutes(target: CredentialTarget | undefined, known: boolean): string {
  return (
    `${known ? "Leave" : "A 'jdbc' table can leave"} out 'username' and 'password' (both or neither) and let the driver authenticate: ` +
    `against PostgreSQL, ?user=... in the URL and a pgpass file ${mountedFile(target)}; ` +
    `against MySQL or MariaDB, MariaDB Connector/J, which serves MySQL too: its jar in the image, 'driver' = 'org.mariadb.jdbc.Driver', ?user=...&permitMysqlScheme&credentialType=ENV on the jdbc:mysql: URL ` +
    `and MARIADB_PWD ${credentialEnvironment(target, false)}`
  );
}

/**
 * The message for a credential in an Iceberg JDBC catalog's properties (`jdbc.password`), `lead`
 * being secrets.ts `lands` (the key and where its plain text would land): the fix first, in one
 * sentence, then why (the lead; Iceberg resolves no env:NAME there: JdbcClientPool hands the
 * properties to DriverManager.getConnection) and how, per driver, the driver finds the password.
 */
export function jdbcCatalogMessage(key: string, lead: string, target: CredentialTarget | undefined): string {
  return (
    `Remove ${JSON.stringify(key)} and let the JDBC driver find the password (keep jdbc.user), or serve the tables through an Iceberg REST catalog, whose credentials Iceberg reads as env:NAME. ` +
    `Why: ${lead}` +
    "env:NAME does not help here: the JDBC catalog passes jdbc.* to the driver as written, so the driver would get the text env:NAME as the password. " +
    `PostgreSQL: a pgpass file ${mountedFile(target)}. ` +
    `MySQL or MariaDB: MariaDB Connector/J (MySQL's own driver has no such route), its jar in the image and a jdbc:mariadb: catalog uri ending in ?credentialType=ENV, with MARIADB_PWD ${credentialEnvironment(target, true)}.`
  );
}

/**
 * What to do about a credential of a connector other than Iceberg's: Flink SQL substitutes nothing
 * in connector options, so a connector that reads its password only from them (flink-connector-jdbc
 * `JdbcConnectorOptions` PASSWORD, flink-cdc `MySqlSourceOptions` / PostgreSQL PASSWORD, required
 * there) cannot be given one safely; what works instead: for a 'jdbc' table, the driver routes
 * (jdbcConnectorDriverRoutes); for a CDC source, Debezium into a Kafka topic read with
 * 'debezium-json' (a lookup join on the table then becomes an event-time temporal join on a
 * versioned table). `connector` (the table's 'connector' option, when known) picks the route:
 * 'jdbc' the driver routes, a CDC connector (`*-cdc`) the Kafka route, none known both.
 */
export function connectorRemedy(target: CredentialTarget | undefined, connector?: string): string {
  const c = connector === undefined || connector.trim() === "" ? undefined : connector.trim();
  const jdbc = c === undefined || c.toLowerCase() === "jdbc";
  const cdc = c === undefined || /-cdc$/i.test(c);
  const who = c === undefined ? "a connector that reads its password only from them (jdbc, mysql-cdc, postgres-cdc ...) cannot take one" : `the '${c}' connector cannot take a password`;
  return (
    `Flink substitutes nothing in connector options, so ${who} safely: remove it.` +
    (jdbc ? ` ${jdbcConnectorDriverRoutes(target, c !== undefined)}.` : "") +
    (cdc ? ` ${c === undefined ? "For a CDC source, read" : "Read"} the database's changes from Kafka instead (Debezium into a topic, format 'debezium-json'), whose client takes a \${env:NAME} placeholder for its password.` : "")
  );
}
