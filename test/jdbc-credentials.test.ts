/**
 * A credential for a JDBC driver (src/validation/jdbc-credentials.ts): Iceberg's JdbcCatalog
 * resolves no env:NAME (only RESTSessionCatalog does, through EnvironmentUtil.resolveAll; JdbcClientPool
 * hands jdbc.* to DriverManager as written), so its jdbc.password is told the driver's own routes
 * (a pgpass file for pgjdbc, MariaDB Connector/J's credentialType=ENV for MySQL) instead of env:NAME;
 * an env:NAME value in another non-REST catalog is said to be no reference there.
 */
import { expect } from "chai";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";

const LEAD = (key: string) =>
  `${JSON.stringify(key)} carries a credential, and catalog.properties is rendered in plain text (into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap, ` +
  "and Iceberg copies into the table's properties). ";
/** The JDBC catalog's message: the fix first, then why (LEAD) and how. */
const JDBC_CATALOG = (key: string) =>
  `Remove ${JSON.stringify(key)} and let the JDBC driver find the password (keep jdbc.user), or serve the tables through an Iceberg REST catalog, whose credentials Iceberg reads as env:NAME. ` +
  `Why: ${LEAD(key)}` +
  "env:NAME does not help here: the JDBC catalog passes jdbc.* to the driver as written, so the driver would get the text env:NAME as the password. " +
  "PostgreSQL: a pgpass file mounted into the Flink containers (kubernetes target: from a Kubernetes Secret with kubernetes.podTemplate), PGPASSFILE set to its path. " +
  "MySQL or MariaDB: MariaDB Connector/J (MySQL's own driver has no such route), its jar in the image and a jdbc:mariadb: catalog uri ending in ?credentialType=ENV, " +
  "with MARIADB_PWD as an environment variable of the Flink processes (kubernetes target: from a Kubernetes Secret with kubernetes.envFromSecrets; sqlGateway target: set where the session cluster " +
  "and the gateway are deployed).";

describe("JDBC driver credentials: Iceberg's JDBC catalog and env:NAME outside the REST catalog", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const cols = [{ name: "id", type: "BIGINT" }];
  const jdbcCatalog = (properties: Record<string, string>) => ({ name: "lake", catalogImpl: "org.apache.iceberg.jdbc.JdbcCatalog", uri: "jdbc:postgresql://pg:5432/cat", warehouse: "s3://l/wh", properties });

  it("jdbc.password in a JdbcCatalog, plain or written env:NAME: the driver's own routes, never env:NAME; the fix leads, in its first 400 characters", () => {
    for (const [i, password] of ["hunter2", "env:PG_PASSWORD"].entries()) {
      const issues = issuesOf(() => new api.IcebergSink(`jc_${i}`, { catalog: jdbcCatalog({ "jdbc.user": "flink", "jdbc.password": password }), database: "d", table: "t", columns: cols }));
      expect(issues).to.deep.equal([{ path: 'catalog.properties["jdbc.password"]', message: JDBC_CATALOG("jdbc.password") }]);
      expect(issues[0]!.message.indexOf(". Why: ")).to.equal(179);
    }
  });

  it("an env:NAME credential in a hive catalog is said to be no reference there, before the general remedy", () => {
    const hive = { name: "h", type: "hive" as const, uri: "thrift://m:9083", properties: { "s3.secret-access-key": "env:AWS_SK" } };
    const [issue] = issuesOf(() => new api.IcebergSink("jc_hive", { catalog: hive, database: "d", table: "t", columns: cols }));
    expect(issue!.path).to.equal('catalog.properties["s3.secret-access-key"]');
    expect(issue!.message).to.match(
      new RegExp(
        `^${LEAD("s3.secret-access-key").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}Its value env:AWS_SK is no reference in this catalog: Iceberg resolves env:NAME only in its REST catalog, and this one takes the text itself\\. Remove it and pass the credential `,
      ),
    );
  });

  it("quiet neighbours: a JdbcCatalog with jdbc.user only, and a REST catalog's credential written env:NAME", () => {
    expect(issuesOrNone(() => new api.IcebergSink("jc_user", { catalog: jdbcCatalog({ "jdbc.user": "flink" }), database: "d", table: "t", columns: cols }))).to.deep.equal([]);
    const rest = { name: "r", type: "rest" as const, uri: "https://polaris/api/catalog", properties: { credential: "env:POLARIS_CREDENTIAL" } };
    expect(issuesOrNone(() => new api.IcebergSink("jc_rest", { catalog: rest, database: "d", table: "t", columns: cols }))).to.deep.equal([]);
  });
});
