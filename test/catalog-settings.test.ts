/**
 * Catalog settings found silent by a new-user trial: a REST uri without http:// or https://, a Hive
 * uri entry without thrift:// (catalog.ts catalogUriProblem), and catalog.properties keys that
 * misspell a known catalog / FileIO property or use another tool's name for one
 * (known-catalog-properties.ts); real MinIO, Polaris, Nessie, Glue, Hive and JDBC settings stay quiet.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { planIcebergTable, renderIcebergTable } from "../src/options/iceberg-table.js";
import { FlinkIcebergValidationError } from "../src/validation/error.js";
import { catalogPropertyTypoWarning } from "../src/options/known-catalog-properties.js";
import { credentialEntryProblem } from "../src/validation/secrets.js";
import { baseArgs, planError } from "./iceberg-table-helpers.js";

const FAILS = "so the job fails when it loads the catalog";
const tail = (near: string): string => `Catalogs and FileIO read their properties by exact key, so this setting would have no effect (${near} keeps its default)`;

/** The warnings of planning a sink with `catalog`. */
function warnings(catalog: Record<string, unknown>): readonly { path: string; message: string }[] {
  return planIcebergTable("IcebergSink", "t1", { ...baseArgs, catalog }).warnings;
}

describe("catalog.uri scheme", () => {
  it("a REST uri without http:// or https:// is an error with the URL to write", () => {
    const e = planError("IcebergSink", { ...baseArgs, catalog: { name: "lake", type: "rest", uri: "iceberg-rest:8181", warehouse: "s3://l/wh" } });
    expect(e.issues).to.deep.equal([
      {
        path: "catalog.uri",
        message: `"iceberg-rest:8181" is no http:// or https:// URL: a REST catalog's client sends each request to a URL built from the uri (iceberg HTTPClient), ${FAILS}; write "http://iceberg-rest:8181" (or https://)`,
      },
    ]);
    const impl = planError("IcebergSink", { ...baseArgs, catalog: { name: "lake", catalogImpl: "org.apache.iceberg.rest.RESTCatalog", uri: "thrift://rest:8181" } });
    expect(impl.issues[0]!.message).to.equal(
      `"thrift://rest:8181" is no http:// or https:// URL: a REST catalog's client sends each request to a URL built from the uri (iceberg HTTPClient), ${FAILS}; write "http://rest:8181" (or https://)`,
    );
    // A mistyped http scheme is not kept in the advice (review: "http//h" became "http://http//h").
    for (const typo of ["http//iceberg-rest:8181", "http:/iceberg-rest:8181", "http:iceberg-rest:8181", "HTTPS:/iceberg-rest:8181"]) {
      expect(planError("IcebergSink", { ...baseArgs, catalog: { name: "lake", type: "rest", uri: typo, warehouse: "s3://l/wh" } }).issues[0]!.message, typo).to.match(/; write "http:\/\/iceberg-rest:8181" \(or https:\/\/\)$/);
    }
    // A host named like a scheme keeps its name.
    expect(planError("IcebergSink", { ...baseArgs, catalog: { name: "lake", type: "rest", uri: "httpbin:8080", warehouse: "s3://l/wh" } }).issues[0]!.message).to.match(/; write "http:\/\/httpbin:8080" \(or https:\/\/\)$/);
    // A line break: the value is not shown (it may hold a credential; review).
    expect(planError("IcebergSink", { ...baseArgs, catalog: { name: "lake", type: "rest", uri: "https://alice:hunter2@rest:8181\n", warehouse: "s3://l/wh" } }).issues).to.deep.equal([{ path: "catalog.uri", message: "contains a line break, which no URI holds" }]);
    // Text that is no host gets an example, not the text behind http:// (new-user trial: "http://not a url").
    const prose = planError("IcebergSink", { ...baseArgs, catalog: { name: "lake", type: "rest", uri: "not a url", warehouse: "s3://l/wh" } });
    expect(prose.issues[0]!.message).to.equal(
      `"not a url" is no http:// or https:// URL: a REST catalog's client sends each request to a URL built from the uri (iceberg HTTPClient), ${FAILS}; write the catalog's URL with its scheme, e.g. "http://iceberg-rest:8181"`,
    );
  });

  it("a Hive uri: each comma-separated entry needs thrift:// and no white space", () => {
    expect(planError("IcebergSink", { ...baseArgs, catalog: { name: "lake", uri: "metastore:9083" } }).issues).to.deep.equal([
      {
        path: "catalog.uri",
        message: `"metastore:9083" is no thrift:// URI, which the Hive metastore client connects to (HiveMetaStoreClient: "URI: ... does not have a scheme", or no host to connect to), ${FAILS}; write "thrift://metastore:9083"`,
      },
    ]);
    expect(planError("IcebergSink", { ...baseArgs, catalog: { name: "lake", type: "hive", uri: "thrift://a:9083, thrift://b:9083" } }).issues).to.deep.equal([
      {
        path: "catalog.uri",
        message: `"thrift://a:9083, thrift://b:9083": the Hive metastore client splits the uri at "," and reads each entry as a URI as it is, and " thrift://b:9083" has white space around it (HiveMetaStoreClient, java.net.URI), ${FAILS}; write "thrift://a:9083,thrift://b:9083"`,
      },
    ]);
    // One entry of a list, or the only one before a trailing comma: the uri, then the entry.
    expect(planError("IcebergSink", { ...baseArgs, catalog: { name: "lake", uri: "thrift://a:9083,b:9083" } }).issues[0]!.message).to.equal(
      `"thrift://a:9083,b:9083": "b:9083" is no thrift:// URI, which the Hive metastore client connects to (HiveMetaStoreClient: "URI: ... does not have a scheme", or no host to connect to), ${FAILS}; write "thrift://b:9083"`,
    );
    expect(planError("IcebergSink", { ...baseArgs, catalog: { name: "lake", uri: "b:9083," } }).issues[0]!.message).to.match(/^"b:9083,": "b:9083" is no thrift:\/\/ URI/);
    // A mistyped thrift scheme is not kept in the advice (new-user trial: "thrift:///hms:9083").
    expect(planError("IcebergSink", { ...baseArgs, catalog: { name: "lake", uri: "thrift:/hms:9083" } }).issues[0]!.message).to.match(/; write "thrift:\/\/hms:9083"$/);
  });

  it("quiet neighbours: http(s) REST URLs, thrift lists, JDBC and Nessie URIs, a catalog class of its own, an Output", () => {
    const quiet: Record<string, unknown>[] = [
      { name: "lake", type: "rest", uri: "http://iceberg-rest:8181", warehouse: "s3://l/wh" },
      { name: "lake", type: "REST", uri: "HTTPS://polaris.example.com/api/catalog", warehouse: "lake" },
      { name: "lake", type: "hive", uri: "thrift://a:9083,thrift://b:9083" },
      // Java's String.split drops trailing empty entries.
      { name: "lake", type: "hive", uri: "thrift://a:9083," },
      { name: "lake", catalogImpl: "org.apache.iceberg.jdbc.JdbcCatalog", uri: "jdbc:postgresql://pg:5432/iceberg", warehouse: "s3://w" },
      { name: "lake", catalogImpl: "org.apache.iceberg.nessie.NessieCatalog", uri: "http://nessie:19120/api/v2", warehouse: "s3://w" },
      { name: "lake", catalogImpl: "com.example.MyCatalog", uri: "my-service:1234" },
      { name: "lake", type: "rest", uri: pulumi.output("iceberg-rest:8181"), warehouse: "s3://l/wh" },
    ];
    for (const catalog of quiet) expect(warnings(catalog), JSON.stringify(catalog)).to.deep.equal([]);
  });

  it("an object-store warehouse without its bucket (s3:/lake/wh) is an error for a catalog whose warehouse is a path; a REST warehouse is a name (new-user trial)", () => {
    const bucketless = (catalog: Record<string, unknown>) => planError("IcebergSink", { ...baseArgs, catalog }).issues;
    expect(bucketless({ name: "h", type: "hadoop", warehouse: "s3:/lake/wh" })).to.deep.equal([
      {
        path: "catalog.warehouse",
        message: `"s3:/lake/wh" names no bucket or container: s3 URIs take it after "//" (s3://bucket/path), and the catalog's file IO reads the bucket from the URI's authority (iceberg S3URI, hadoop-aws S3AFileSystem), so the job would fail when it starts; write "s3://lake/wh"`,
      },
    ]);
    expect(bucketless({ name: "hv", type: "hive", uri: "thrift://hms:9083", warehouse: "s3a:///lake/wh" }).map((i) => i.path)).to.deep.equal(["catalog.warehouse"]);
    expect(bucketless({ name: "g", catalogImpl: "org.apache.iceberg.aws.glue.GlueCatalog", warehouse: "s3:/lake" }).map((i) => i.path)).to.deep.equal(["catalog.warehouse"]);
    for (const quiet of [
      { name: "r", type: "rest", uri: "http://rest:8181", warehouse: "s3:/lake" },
      { name: "h", type: "hadoop", warehouse: "s3://lake/wh" },
      { name: "h", type: "hadoop", warehouse: "hdfs:///warehouse" },
      { name: "h", type: "hadoop", warehouse: "file:///tmp/wh" },
    ]) {
      expect(warnings(quiet), JSON.stringify(quiet)).to.deep.equal([]);
    }
  });

  it("an Output uri is checked for its catalog's scheme once known (new-user trial: it never was)", () => {
    const rest = planIcebergTable("IcebergSink", "t1", { ...baseArgs, catalog: { name: "lake", type: "rest", uri: pulumi.output("x"), warehouse: "s3://l/wh" } });
    const render = (plan: typeof rest, uri: string) => () => renderIcebergTable(plan, { uri, warehouse: "s3://l/wh" });
    expect(render(rest, "iceberg-rest:8181")).to.throw(
      FlinkIcebergValidationError,
      `IcebergSink "t1": catalog.uri: "iceberg-rest:8181" is no http:// or https:// URL: a REST catalog's client sends each request to a URL built from the uri (iceberg HTTPClient), ${FAILS}; write "http://iceberg-rest:8181" (or https://)`,
    );
    expect(render(rest, "http://iceberg-rest:8181")().options["uri"]).to.equal("http://iceberg-rest:8181");
    const hive = planIcebergTable("IcebergSink", "t1", { ...baseArgs, catalog: { name: "lake", uri: pulumi.output("x") } });
    expect(render(hive, "metastore:9083")).to.throw(FlinkIcebergValidationError, `catalog.uri: "metastore:9083" is no thrift:// URI`);
    const hadoop = planIcebergTable("IcebergSink", "t1", { ...baseArgs, catalog: { name: "lake", type: "hadoop", warehouse: pulumi.output("x") } });
    expect(() => renderIcebergTable(hadoop, { warehouse: "s3:/lake/wh" })).to.throw(FlinkIcebergValidationError, 'catalog.warehouse: "s3:/lake/wh" names no bucket or container');
    const own = planIcebergTable("IcebergSink", "t1", { ...baseArgs, catalog: { name: "lake", catalogImpl: "com.example.MyCatalog", uri: pulumi.output("x") } });
    expect(render(own, "my-service:1234")().options["uri"]).to.equal("my-service:1234");
  });
});

describe("catalog.properties spelling", () => {
  it("a near-miss, another tool's name and a case variant each warn with the key Iceberg reads", () => {
    expect(warnings({ name: "lake", type: "rest", uri: "http://iceberg-rest:8181", properties: { "s3.endpoint-url": "http://minio:9000", "client.regin": "us-east-1", "S3.Path-Style-Access": "true" } })).to.deep.equal([
      {
        path: 'catalog.properties["S3.Path-Style-Access"]',
        message: `"S3.Path-Style-Access": Iceberg reads "s3.path-style-access", in lower case, and never this spelling; write "s3.path-style-access". ${tail("s3.path-style-access")}`,
      },
      { path: 'catalog.properties["client.regin"]', message: `"client.regin" is no Iceberg catalog or FileIO property; did you mean "client.region"? ${tail("client.region")}` },
      {
        path: 'catalog.properties["s3.endpoint-url"]',
        message: `"s3.endpoint-url" is another tool's name for "s3.endpoint", which Iceberg reads instead; write "s3.endpoint". ${tail("s3.endpoint")}`,
      },
    ]);
  });

  it("a misspelt credential key is an error, not a typo warning: Iceberg ignores the key, but its value is the credential in plain text", () => {
    const e = planError("IcebergSink", { ...baseArgs, catalog: { name: "lake", catalogImpl: "org.apache.iceberg.hive.HiveCatalog", uri: "thrift://hms:9083", properties: { "s3.acess-key-id": "AKIA123", "s3.endpont": "http://minio:9000" } } });
    expect(e.issues).to.deep.equal([
      {
        path: 'catalog.properties["s3.acess-key-id"]',
        message:
          '"s3.acess-key-id" misspells "s3.access-key-id" (Iceberg would ignore it), and its value is a credential all the same: ' +
          credentialEntryProblem("s3.access-key-id", "AKIA123", "catalog.properties"),
      },
    ]);
    expect(credentialEntryProblem("s3.access-key-id", "AKIA123", "catalog.properties")).to.match(/^"s3\.access-key-id" carries a credential, and catalog\.properties is rendered in plain text/);
    // The same key spelt right gets the credential error by its own name; a misspelt setting stays a warning.
    expect(planError("IcebergSink", { ...baseArgs, catalog: { name: "lake", catalogImpl: "org.apache.iceberg.hive.HiveCatalog", uri: "thrift://hms:9083", properties: { "s3.access-key-id": "AKIA123" } } }).issues).to.deep.equal([
      { path: 'catalog.properties["s3.access-key-id"]', message: credentialEntryProblem("s3.access-key-id", "AKIA123", "catalog.properties") },
    ]);
    expect(warnings({ name: "lake", type: "hive", uri: "thrift://hms:9083", properties: { "s3.endpont": "http://minio:9000" } })).to.deep.equal([
      { path: 'catalog.properties["s3.endpont"]', message: `"s3.endpont" is no Iceberg catalog or FileIO property; did you mean "s3.endpoint"? ${tail("s3.endpoint")}` },
    ]);
  });

  it("a listed key with spaces around it is told about the spaces, not the case (Iceberg never trims a property key)", () => {
    expect(warnings({ name: "lake", type: "rest", uri: "http://iceberg-rest:8181", properties: { " client.region": "us-east-1", "S3.Endpoint ": "http://minio:9000" } })).to.deep.equal([
      {
        path: 'catalog.properties[" client.region"]',
        message: `" client.region" has spaces around it; Iceberg reads the key as written, never trimmed: write "client.region". ${tail("client.region")}`,
      },
      {
        path: 'catalog.properties["S3.Endpoint "]',
        message: `"S3.Endpoint " has spaces around it; Iceberg reads the key as written, never trimmed: write "s3.endpoint", in lower case. ${tail("s3.endpoint")}`,
      },
    ]);
  });

  it("quiet neighbours: MinIO, Polaris, Nessie, Glue, Hive and JDBC settings, free key families, and keys near none", () => {
    const catalogs: Record<string, unknown>[] = [
      // MinIO behind a REST catalog
      { name: "lake", type: "rest", uri: "http://rest:8181", properties: { "io-impl": "org.apache.iceberg.aws.s3.S3FileIO", "s3.endpoint": "http://minio:9000", "s3.path-style-access": "true", "client.region": "us-east-1" } },
      // Polaris with vended credentials
      {
        name: "lake",
        type: "rest",
        uri: "https://polaris:8181/api/catalog",
        warehouse: "lake",
        properties: { scope: "PRINCIPAL_ROLE:ALL", "header.X-Iceberg-Access-Delegation": "vended-credentials", "oauth2-server-uri": "https://polaris:8181/api/catalog/v1/oauth/tokens", "token-refresh-enabled": "true", "rest.auth.type": "oauth2" },
      },
      { name: "lake", catalogImpl: "org.apache.iceberg.nessie.NessieCatalog", uri: "http://nessie:19120/api/v2", warehouse: "s3://w", properties: { ref: "main", "client-api-version": "2", "authentication.type": "NONE" } },
      {
        name: "lake",
        catalogImpl: "org.apache.iceberg.aws.glue.GlueCatalog",
        warehouse: "s3://w",
        properties: { "glue.id": "123456789012", "glue.skip-archive": "true", "lock-impl": "org.apache.iceberg.aws.dynamodb.DynamoDbLockManager", "lock.table": "locks", "client.assume-role.arn": "arn:aws:iam::1:role/x", "client.assume-role.region": "us-east-1" },
      },
      { name: "lake", type: "hive", uri: "thrift://hms:9083", properties: { "hive-conf-dir": "/opt/hive/conf", clients: "4", "fs.s3a.endpoint": "http://minio:9000", "my.custom.setting": "x" } },
      { name: "lake", catalogImpl: "org.apache.iceberg.jdbc.JdbcCatalog", uri: "jdbc:postgresql://pg:5432/iceberg", warehouse: "s3://w", properties: { "jdbc.useSSL": "false", "jdbc.schema-version": "V1" } },
      { name: "lake", type: "rest", uri: "http://rest:8181", properties: { "s3.access-points.my-bucket": "arn:aws:s3::1:accesspoint/ap", "s3.write.tags.team": "data", "s3.delete.tags.gone": "yes" } },
    ];
    for (const catalog of catalogs) expect(warnings(catalog), JSON.stringify(catalog)).to.deep.equal([]);
    expect(catalogPropertyTypoWarning("s3.region")).to.equal(undefined);
  });
});

describe("catalog.properties values Iceberg parses (catalog-property-values.ts)", () => {
  const minio = (properties: Record<string, string>): Record<string, unknown> => ({ name: "lake", type: "rest", uri: "http://rest:8181", properties: { "s3.endpoint": "http://minio:9000", ...properties } });
  const PARSE = 'Boolean.parseBoolean: "true" in any case is true, anything else false, without trimming';

  it("the trial's s3.path-style-access \"ture\": an error saying Iceberg reads false, and to write \"true\"", () => {
    expect(planError("IcebergSink", { ...baseArgs, catalog: minio({ "s3.path-style-access": "ture" }) }).issues).to.deep.equal([
      {
        path: 'catalog.properties["s3.path-style-access"]',
        message: `"ture" is read as false, not true: S3FileIO (S3FileIOProperties) reads s3.path-style-access with PropertyUtil.propertyAsBoolean (${PARSE}), so the setting is off; write "true"`,
      },
    ]);
  });

  it("booleans: a true meant another way, or spaces around it, is an error; a value that reads as neither is an error; a false meant another way warns", () => {
    const issues = planError("IcebergSink", { ...baseArgs, catalog: minio({ "s3.path-style-access": " true", "s3.checksum-enabled": "yes", "cache-enabled": "maybe", "s3.delete-enabled": "no" }) }).issues;
    // Reported in key order.
    expect(issues).to.deep.equal([
      {
        path: 'catalog.properties["cache-enabled"]',
        message: `"maybe" is read as false: Iceberg's Flink catalog (FlinkCatalogFactory.createCatalog) reads cache-enabled with PropertyUtil.propertyAsBoolean (${PARSE}), so the setting is off; write "true" or "false"`,
      },
      {
        path: 'catalog.properties["s3.checksum-enabled"]',
        message: `"yes" is read as false, not true: S3FileIO (S3FileIOProperties) reads s3.checksum-enabled with PropertyUtil.propertyAsBoolean (${PARSE}), so the setting is off; write "true"`,
      },
      {
        path: 'catalog.properties["s3.path-style-access"]',
        message: `" true" is read as false, not true: S3FileIO (S3FileIOProperties) reads s3.path-style-access with PropertyUtil.propertyAsBoolean (${PARSE}), so the setting is off; write "true"`,
      },
    ]);
    expect(warnings(minio({ "s3.delete-enabled": "no", "list-all-tables": "flase" }))).to.deep.equal([
      {
        path: 'catalog.properties["list-all-tables"]',
        message: `"flase" is read as false, as it seems meant: the Hive catalog (HiveCatalog.initialize) reads list-all-tables with ${PARSE}; write "false"`,
      },
      { path: 'catalog.properties["s3.delete-enabled"]', message: `"no" is read as false, as it seems meant: S3FileIO (S3FileIOProperties) reads s3.delete-enabled with PropertyUtil.propertyAsBoolean (${PARSE}); write "false"` },
    ]);
  });

  it("whole numbers and the multipart threshold: what Integer.parseInt / Long.parseLong / Double.parseDouble refuse, or the reader's bounds, fail the catalog load", () => {
    const issues = planError("IcebergSink", {
      ...baseArgs,
      catalog: minio({ "s3.multipart.num-threads": " 8", "s3.retry.max-wait-ms": "20s", "s3.delete.batch-size": "5000", "s3.multipart.part-size-bytes": "3000000000", "s3.multipart.threshold": "0.5" }),
    }).issues;
    expect(issues.map((i) => i.path)).to.deep.equal(["s3.delete.batch-size", "s3.multipart.num-threads", "s3.multipart.part-size-bytes", "s3.multipart.threshold", "s3.retry.max-wait-ms"].map((k) => `catalog.properties["${k}"]`));
    expect(issues.map((i) => i.message)).to.deep.equal([
      `"5000" is out of the range S3FileIO (S3FileIOProperties) takes for s3.delete.batch-size ("Deletion batch size must be between 1 and 1000"), so the catalog fails to load when the job starts; write from 1 to 1000`,
      `" 8" is not a whole number S3FileIO (S3FileIOProperties) reads for s3.multipart.num-threads (PropertyUtil.propertyAsInt: Integer.parseInt, digits with an optional sign, without trimming), so the catalog fails to load when the job starts; write "8"`,
      `"3000000000" is beyond a Java int, which S3FileIO (S3FileIOProperties) reads s3.multipart.part-size-bytes as (PropertyUtil.propertyAsInt: Integer.parseInt), so the catalog fails to load when the job starts; write a smaller number`,
      `"0.5" is not a factor S3FileIO (S3FileIOProperties) takes for s3.multipart.threshold (PropertyUtil.propertyAsDouble: Double.parseDouble, then "Multipart threshold factor must be >= to 1.0"), so the catalog fails to load when the job starts; write a number of 1.0 or more, e.g. "1.5" (the default)`,
      `"20s" is not a whole number S3FileIO (S3FileIOProperties) reads for s3.retry.max-wait-ms (PropertyUtil.propertyAsLong: Long.parseLong, digits with an optional sign, without trimming), so the catalog fails to load when the job starts; write a whole number`,
    ]);
  });

  it("quiet neighbours: true/false in any case, numbers Java reads, keys whose values are not parsed here", () => {
    expect(
      warnings(
        minio({
          "s3.path-style-access": "TRUE",
          "s3.checksum-enabled": "False",
          "glue.skip-archive": "true",
          "s3.multipart.num-threads": "+8",
          "s3.retry.max-wait-ms": "20000",
          "s3.delete.batch-size": "1000",
          "s3.multipart.part-size-bytes": "5242880",
          "s3.multipart.threshold": " 2.0 ",
          "cache.expiration-interval-ms": "-1",
          "s3.write.tags.enabled": "ture",
          "s3.staging-dir": "/tmp/s3",
          // An inherited name is no key of the tables read here.
          toString: "ture",
          constructor: "x",
        }),
      ),
    ).to.deep.equal([]);
  });
});
