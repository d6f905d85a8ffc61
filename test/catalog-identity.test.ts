/**
 * Catalog identity (src/options/catalog-identity.ts, used by sql/iceberg-identity.ts icebergKey):
 * two catalog objects, named alike or not, that reach the same Iceberg table through the same
 * identifying settings (REST: uri, warehouse, prefix; Hive: metastore uri; Hadoop: warehouse; JDBC:
 * uri and name; Nessie: uri and ref; Glue: glue.id, region, endpoint, warehouse) name one table, so
 * the cross-job checks link an IcebergSource and an IcebergSink declared with a copy-pasted catalog;
 * another uri, warehouse or prefix of a REST service, or another JDBC catalog name, is another
 * catalog and stays quiet.
 */
import { expect } from "chai";
import { catalogKeyOf } from "../src/options/catalog-identity.js";
import { planCatalog, type IcebergCatalog } from "../src/options/catalog.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import type { IcebergCatalogArgs } from "../src/components/iceberg-table-args.js";
import { issuesOf, issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

function key(c: Partial<IcebergCatalog> & { name: string }, extra: Record<string, string> = {}): string {
  const plan = planCatalog(c as IcebergCatalog, new Diagnostics());
  if (plan === undefined) throw new Error(`catalog ${JSON.stringify(c)} does not plan`);
  return catalogKeyOf(c, plan, extra);
}

describe("catalog identity: the settings a catalog finds its tables by", () => {
  it("REST: uri, warehouse and prefix, whatever the name and the other properties", () => {
    const rest = { type: "rest" as const, uri: "https://cat.example.com/api", warehouse: "prod" };
    expect(key({ name: "lake", ...rest })).to.equal('["rest","https://cat.example.com/api","prod",null]');
    expect(key({ name: "lake_copy", ...rest, properties: { "rest-page-size": "100", "io-impl": "org.apache.iceberg.aws.s3.S3FileIO" } })).to.equal(key({ name: "lake", ...rest }));
    // RESTCatalog by catalogImpl is the same catalog as type rest.
    expect(key({ name: "x", catalogImpl: "org.apache.iceberg.rest.RESTCatalog", uri: rest.uri, warehouse: "prod" })).to.equal(key({ name: "lake", ...rest }));
    // Another catalog of the same service: another warehouse, another prefix (in properties or extraOptions), another uri.
    expect(key({ name: "lake", ...rest, warehouse: "staging" })).to.equal('["rest","https://cat.example.com/api","staging",null]');
    expect(key({ name: "lake", ...rest, properties: { prefix: "ws/a" } })).to.equal('["rest","https://cat.example.com/api","prod","ws/a"]');
    expect(key({ name: "lake", ...rest }, { prefix: "ws/b" })).to.equal('["rest","https://cat.example.com/api","prod","ws/b"]');
    expect(key({ name: "lake", ...rest, uri: "https://other.example.com/api" })).to.not.equal(key({ name: "lake", ...rest }));
    // The REST client drops the uri's trailing "/" (HTTPClient.Builder.uri; new-user trial: a slash made it another catalog).
    expect(key({ name: "lake", ...rest, uri: "https://cat.example.com/api/" })).to.equal(key({ name: "lake", ...rest }));
    expect(key({ name: "lake", ...rest, uri: "https://cat.example.com/api//" })).to.equal(key({ name: "lake", ...rest }));
    // A warehouse of a REST catalog is a name the server reads as written.
    expect(key({ name: "lake", ...rest, warehouse: "prod/" })).to.not.equal(key({ name: "lake", ...rest }));
  });

  it("Hive: the metastore uri, not the warehouse; without a uri, the whole literal", () => {
    expect(key({ name: "a", type: "hive", uri: "thrift://hms:9083", warehouse: "s3://a/wh" })).to.equal('["hive","thrift://hms:9083"]');
    expect(key({ name: "b", uri: "thrift://hms:9083" })).to.equal('["hive","thrift://hms:9083"]');
    expect(key({ name: "b", uri: "thrift://hms2:9083" })).to.equal('["hive","thrift://hms2:9083"]');
    expect(key({ name: "c", properties: { "hive-conf-dir": "/opt/hive/conf" } })).to.equal('["hive","c","hive",null,null,null,[["hive-conf-dir","/opt/hive/conf"]]]');
    expect(key({ name: "d", properties: { "hive-conf-dir": "/opt/hive/conf" } })).to.not.equal(key({ name: "c", properties: { "hive-conf-dir": "/opt/hive/conf" } }));
  });

  it("Hadoop: the warehouse path, a trailing '/' stripped as Iceberg's LocationUtil does; not the uri", () => {
    expect(key({ name: "a", type: "hadoop", warehouse: "s3a://bucket/wh/" })).to.equal('["hadoop","s3a://bucket/wh"]');
    expect(key({ name: "b", type: "hadoop", warehouse: "s3a://bucket/wh", uri: "http://ignored" })).to.equal('["hadoop","s3a://bucket/wh"]');
    expect(key({ name: "a", type: "hadoop", warehouse: "s3a://bucket/other" })).to.equal('["hadoop","s3a://bucket/other"]');
  });

  it("JDBC: the database uri and the catalog name (a column of its rows); Nessie: uri and ref; Glue: id, region, endpoint and warehouse", () => {
    const jdbc = { catalogImpl: "org.apache.iceberg.jdbc.JdbcCatalog", uri: "jdbc:postgresql://db:5432/iceberg", warehouse: "s3://w/a" };
    expect(key({ name: "lake", ...jdbc })).to.equal('["jdbc","jdbc:postgresql://db:5432/iceberg","lake"]');
    expect(key({ name: "lake", ...jdbc, warehouse: "s3://w/b" })).to.equal(key({ name: "lake", ...jdbc }));
    expect(key({ name: "other", ...jdbc })).to.equal('["jdbc","jdbc:postgresql://db:5432/iceberg","other"]');
    const nessie = { catalogImpl: "org.apache.iceberg.nessie.NessieCatalog", uri: "http://nessie:19120/api/v2", warehouse: "s3://w" };
    expect(key({ name: "n1", ...nessie, properties: { ref: "main" } })).to.equal('["nessie","http://nessie:19120/api/v2","main"]');
    expect(key({ name: "n2", ...nessie, properties: { ref: "dev" } })).to.equal('["nessie","http://nessie:19120/api/v2","dev"]');
    const glue = { catalogImpl: "org.apache.iceberg.aws.glue.GlueCatalog", warehouse: "s3://lake/wh/" };
    expect(key({ name: "g1", ...glue })).to.equal('["glue","s3://lake/wh",null,null,null]');
    expect(key({ name: "g2", ...glue, properties: { "glue.id": "123456789012", "client.region": "eu-west-1" } })).to.equal('["glue","s3://lake/wh","123456789012","eu-west-1",null]');
  });

  it("another catalogImpl: its whole literal (any property, the name too)", () => {
    const custom = { catalogImpl: "com.acme.iceberg.AcmeCatalog", uri: "acme://x", properties: { tenant: "t1" } };
    expect(key({ name: "a", ...custom })).to.equal('["other","a",null,"com.acme.iceberg.AcmeCatalog","acme://x",null,[["tenant","t1"]]]');
    expect(key({ name: "a", ...custom, properties: { tenant: "t2" } })).to.not.equal(key({ name: "a", ...custom }));
  });
});

describe("catalog identity in the cross-job checks", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const cols = [
    { name: "id", type: "BIGINT" },
    { name: "data", type: "STRING" },
  ];
  const keyed = cols.map((c) => (c.name === "id" ? { ...c, type: "BIGINT NOT NULL" } : c));
  const SKIPS =
    "incremental reads see only append snapshots and skip upsert commits, so the stream misses every change after its first scan; " +
    "follow the changes from where the upserting job reads them (e.g. its Kafka topic) instead, or read the table in a batch job (streaming unset), which reads the current snapshot whole";
  const REST = { type: "rest" as const, uri: "https://cat.example.com/api", warehouse: "prod" };

  /** An upsert sink written by one job and a streaming source read by another, each with its own catalog literal. */
  function pair(prefix: string, writeCatalog: IcebergCatalogArgs, readCatalog: IcebergCatalogArgs) {
    const gen = new api.FlinkTable(`${prefix}_gen`, { columns: cols, options: { connector: "datagen" } });
    const up = new api.IcebergSink(`${prefix}_up`, { catalog: writeCatalog, database: "db", table: prefix, columns: cols, primaryKey: ["id"], upsertEnabled: true });
    new api.FlinkSqlJob(`${prefix}-write`, { statements: [api.sql`INSERT INTO ${up} SELECT id, data FROM ${gen}`] });
    const follow = new api.IcebergSource(`${prefix}_follow`, { catalog: readCatalog, database: "db", table: prefix, columns: keyed, streaming: true });
    const out = new api.FlinkTable(`${prefix}_out`, { columns: cols, options: { connector: "blackhole" } });
    return () => new api.FlinkSqlJob(`${prefix}-read`, { statements: [api.sql`INSERT INTO ${out} SELECT id, data FROM ${follow}`] });
  }

  it("a copy-pasted catalog (another object, another name) names the same table: the streaming read of the upserted table is the error it is with one catalog", () => {
    const read = pair("ci_copy", { name: "lake", ...REST }, { name: "lake_reader", ...REST, properties: { "rest-page-size": "50" } });
    expect(issuesOf(read)).to.deep.equal([
      { path: "statements", message: 'IcebergSource "ci_copy_follow" streams from the Iceberg table db.ci_copy, which IcebergSink "ci_copy_up" writes with upserts (FlinkSqlJob "ci_copy-write"): ' + SKIPS },
    ]);
    // Hive: one metastore, two warehouses and names.
    const hive = pair("ci_hive", { name: "h1", uri: "thrift://hms:9083", warehouse: "s3://a/wh" }, { name: "h2", type: "hive", uri: "thrift://hms:9083" });
    expect(issuesOf(hive)).to.deep.equal([
      { path: "statements", message: 'IcebergSource "ci_hive_follow" streams from the Iceberg table db.ci_hive, which IcebergSink "ci_hive_up" writes with upserts (FlinkSqlJob "ci_hive-write"): ' + SKIPS },
    ]);
  });

  it("valid neighbours stay quiet: another uri, another REST warehouse or prefix, another JDBC catalog name", () => {
    const quiet = (read: () => unknown, name: string) => {
      expect(issuesOrNone(read)).to.deep.equal([]);
      expect(jobWarnings(name)).to.deep.equal([]);
    };
    quiet(pair("ci_uri", { name: "lake", ...REST }, { name: "lake", ...REST, uri: "https://other.example.com/api" }), "ci_uri-read");
    quiet(pair("ci_wh", { name: "lake", ...REST }, { name: "lake", ...REST, warehouse: "staging" }), "ci_wh-read");
    quiet(pair("ci_prefix", { name: "lake", ...REST, properties: { prefix: "a" } }, { name: "lake", ...REST, properties: { prefix: "b" } }), "ci_prefix-read");
    const jdbc = { catalogImpl: "org.apache.iceberg.jdbc.JdbcCatalog", uri: "jdbc:postgresql://db:5432/iceberg", warehouse: "s3://w" };
    quiet(pair("ci_jdbc", { name: "one", ...jdbc }, { name: "two", ...jdbc }), "ci_jdbc-read");
  });
});
