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
  const kubernetes = "from a Kubernetes Secret with kubernetes.podTemplate, PGPASSFILE (a path, no secret) in kubernetes.env";
  const gateway = "in the session cluster's JobManager and TaskManagers, set where they are deployed, since this package sends a gateway no files";
  if (target === "kubernetes") return `mount the file into the Flink containers ${kubernetes}`;
  if (target === "sqlGateway") return `mount the file ${gateway}`;
  return `mount the file into the Flink containers (kubernetes target: ${kubernetes}; sqlGateway target: ${gateway})`;
}

/** Why MySQL needs another driver, and the driver's environment plugin. */
const MYSQL_DRIVER =
  "use MariaDB Connector/J, which serves MySQL servers too (MySQL Connector/J reads a password only from its connection properties: it has no password file, " +
  "and MYSQL_PWD is libmysqlclient's), with its credential plugin that reads the password from the variable MARIADB_PWD (credentialType=ENV, EnvCredentialPlugin; the user from MARIADB_USER when set, else as given)";

/** The per-driver routes for Flink's 'jdbc' connector with 'username' and 'password' left out. */
export function jdbcConnectorDriverRoutes(target: CredentialTarget | undefined): string {
  return (
    "or let the driver of a 'jdbc' table authenticate from outside its options: leave out 'username' and 'password' (the connector takes both or neither: flink-connector-jdbc JdbcDynamicTableFactory), and " +
    "against PostgreSQL put the user in the URL (?user=...) and give pgjdbc a pgpass file, whose path PGPASSFILE names (pgjdbc reads it when no password is given: PGPropertyPasswordParser): " +
    `${mountedFile(target)}; against MySQL or MariaDB ${MYSQL_DRIVER}: its jar in the image, 'driver' = 'org.mariadb.jdbc.Driver' and ?user=...&permitMysqlScheme&credentialType=ENV on the jdbc:mysql: URL ` +
    `(the connector picks its MySQL dialect by that scheme), with MARIADB_PWD ${credentialEnvironment(target, false)}`
  );
}

/**
 * The message for a credential in an Iceberg JDBC catalog's properties (`jdbc.password`), `lead`
 * being secrets.ts `lands` (the key and where its plain text would land): the fix first, in one
 * sentence, then why (the lead; Iceberg resolves no env:NAME there) and how, per driver, the
 * driver finds the password instead.
 */
export function jdbcCatalogMessage(key: string, lead: string, target: CredentialTarget | undefined): string {
  return (
    `Remove ${JSON.stringify(key)} and let the JDBC driver find the password, keeping jdbc.user: against PostgreSQL a pgpass file, against MySQL or MariaDB MariaDB Connector/J's credentialType=ENV (how: below); ` +
    "or serve the tables through an Iceberg REST catalog service, whose credential Iceberg does read as env:NAME. " +
    `Why: ${lead}` +
    "Writing it as env:NAME does not help here: Iceberg resolves env:NAME only in its REST catalog (RESTSessionCatalog.initialize, EnvironmentUtil.resolveAll), " +
    "and JdbcCatalog hands its jdbc.* properties to the JDBC driver as written (JdbcClientPool: DriverManager.getConnection), so the driver would get the text env:NAME as the password. " +
    `How, against PostgreSQL: give pgjdbc a pgpass file, whose path PGPASSFILE names (pgjdbc reads it when no password is given: PGPropertyPasswordParser): ${mountedFile(target)}. ` +
    `How, against MySQL or MariaDB: ${MYSQL_DRIVER}: its jar in the image and a jdbc:mariadb: catalog uri ending in ?credentialType=ENV, with MARIADB_PWD ${credentialEnvironment(target, true)}.`
  );
}

/**
 * What to do about a credential of a connector other than Iceberg's: Flink SQL substitutes nothing
 * in connector options, so a connector that reads its password only from them (flink-connector-jdbc
 * `JdbcConnectorOptions` PASSWORD, flink-cdc `MySqlSourceOptions` / PostgreSQL PASSWORD, required
 * there) cannot be given one safely; what works instead, the Kafka route with what becomes of a
 * lookup join on it (a temporal join on a versioned table: PRIMARY KEY and watermark).
 */
export function connectorRemedy(target: CredentialTarget | undefined): string {
  return (
    "Flink SQL takes connector options only from the script and substitutes nothing in them, so this package cannot render a connector's password safely: " +
    "a connector that reads it only from its options (jdbc, mysql-cdc, postgres-cdc, oracle-cdc, sqlserver-cdc, mongodb-cdc ...) cannot be given one here. Remove it, and instead " +
    "stream the database's changes through Kafka (Debezium, e.g. on Kafka Connect, writing a topic) and read them with connector 'kafka' and format 'debezium-json', " +
    "whose client password a config provider placeholder (${env:NAME}) can take (a lookup join on the table then becomes an event-time temporal join on that changelog table, " +
    "given a PRIMARY KEY and a watermark); " +
    `${jdbcConnectorDriverRoutes(target)}.`
  );
}
