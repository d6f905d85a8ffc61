import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { installMocks, recorded, flush, settle, isSecretOutput, loggedWarnings } from "./pulumi-mocks.js";
import { drainUnhandled } from "./setup.js";
import { endpointVersionWarning } from "../src/deploy/sql-gateway/endpoint-path.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { FlinkIcebergValidationError } from "../src/validation/error.js";
import { FakeSqlGateway } from "./fakes/sql-gateway.js";
import type * as ResourceModule from "../src/deploy/sql-gateway/resource.js";
import type * as ArgsModule from "../src/deploy/sql-gateway/args.js";

describe("SqlGatewayArgs validation", () => {
  let args: typeof ArgsModule;
  before(async () => {
    args = await import("../src/deploy/sql-gateway/args.js");
  });
  const issues = (a: ArgsModule.SqlGatewayArgs): { path: string; message: string }[] => {
    const diag = new Diagnostics("sqlGateway");
    args.validateSqlGatewayArgs(a, diag);
    return diag.errors;
  };

  it("accepts a plain http(s) endpoint, Outputs, and secret credential properties", () => {
    expect(issues({ endpoint: "https://gw.example.com:8083/flink", sessionProperties: { "table.catalog-store.jdbc.password": pulumi.secret("x"), "rest.address": "jm" }, headers: { Authorization: pulumi.secret("Bearer x"), "X-Trace": "on" }, savepointDir: "s3://b/sp", apiVersion: "v3" })).to.deep.equal([]);
    expect(issues({ endpoint: pulumi.output("not checked yet") })).to.deep.equal([]);
  });

  it("startTimeout without a unit: a warning (a bare number is milliseconds); with a unit quiet", () => {
    const diag = new Diagnostics("sqlGateway");
    args.validateSqlGatewayArgs({ endpoint: "http://gw:8083", startTimeout: "30" }, diag);
    expect(diag.errors).to.deep.equal([]);
    expect(diag.warnings).to.deep.equal([
      {
        path: "sqlGateway.startTimeout",
        message:
          '"30" has no unit, so it is read as milliseconds (30 ms, a Flink duration): a job takes seconds to start, so every create or update would stop waiting at once and warn that the job is still starting; write "30s" if you mean seconds, or "30ms" to say so',
      },
    ]);
    for (const ok of ["30s", "2min", "500ms"]) {
      const quiet = new Diagnostics("sqlGateway");
      args.validateSqlGatewayArgs({ endpoint: "http://gw:8083", startTimeout: ok }, quiet);
      expect([...quiet.errors, ...quiet.warnings], ok).to.deep.equal([]);
    }
  });

  it("reports every plain-value problem with its path", () => {
    expect(
      issues({
        endpoint: "sql-gateway:8083",
        sessionProperties: { "table.catalog-store.jdbc.password": "plain", "": "x", "rest.port": 8081 as unknown as string },
        headers: { "Bad Header": "x" },
        savepointDir: "/tmp/sp",
        apiVersion: "v9" as "v1",
      }),
    ).to.deep.equal([
      { path: "sqlGateway.endpoint", message: '"sql-gateway:8083" has no scheme; write "http://sql-gateway:8083" (or https://)' },
      {
        path: 'sqlGateway.sessionProperties["table.catalog-store.jdbc.password"]',
        message:
          '"table.catalog-store.jdbc.password" carries a credential but is a plain string, which would sit in plain text in the program; pass it as a Pulumi secret (pulumi.secret(...) or config.requireSecret(...)): session properties go to the gateway in the request body, never into the script, and are stored as secrets',
      },
      { path: "sqlGateway.sessionProperties", message: "a session property key is empty" },
      { path: 'sqlGateway.sessionProperties["rest.port"]', message: 'must be a string: write "8081"' },
      { path: 'sqlGateway.headers["Bad Header"]', message: '"Bad Header" is not a valid HTTP header name' },
      { path: "sqlGateway.savepointDir", message: '"/tmp/sp" is not a URI with a scheme; write e.g. s3://bucket/savepoints or file:///flink/savepoints' },
      { path: "sqlGateway.apiVersion", message: '"v9" is not one of v1, v2, v3, v4' },
    ]);
    expect(issues({ endpoint: "not a url" })).to.deep.equal([{ path: "sqlGateway.endpoint", message: '"not a url" is not a URL; write e.g. http://sql-gateway:8083' }]);
  });

  it("an object-store savepointDir or initialSavepointPath without a bucket is an error naming the corrected URI; with one it stays quiet", () => {
    expect(issues({ endpoint: "http://gw:8083", savepointDir: "s3a:/lake/sp", initialSavepointPath: "s3://" })).to.deep.equal([
      {
        path: "sqlGateway.savepointDir",
        message: '"s3a:/lake/sp" names no bucket or container: s3a URIs take it after "//" (s3a://bucket/path), and Flink hands the URI\'s authority to the file system as the bucket, so the job would fail when it starts; write "s3a://lake/sp"',
      },
      {
        path: "sqlGateway.initialSavepointPath",
        message: '"s3://" names no bucket or container: s3 URIs take it after "//" (s3://bucket/path), and Flink hands the URI\'s authority to the file system as the bucket, so the job would fail when it starts; write "s3://bucket/savepoints"',
      },
    ]);
    expect(issues({ endpoint: "http://gw:8083", savepointDir: "s3a://lake/sp", initialSavepointPath: "s3://lake/sp/savepoint-1" })).to.deep.equal([]);
    // A bucket root is a savepoint target Flink takes (it writes savepoint-<job>-<random> below it; no root check as for kubernetes.savepointDir).
    expect(issues({ endpoint: "http://gw:8083", savepointDir: "s3://lake" })).to.deep.equal([]);
  });

  it("a header value HTTP cannot send (a line break inside, NUL, above U+00FF) is a preview error that never quotes the value", () => {
    const errors = issues({ endpoint: "http://gw:8083", headers: { "X-Team": "data\nplatform", "X-Null": "a\u0000b", "X-Name": "Zoë 中", "X-Trailing": "ok\n" } });
    const message = (name: string, why: string): string =>
      `the value of header ${JSON.stringify(name)} ${why}, which HTTP does not allow (the value is not shown: it may be a secret); a token wrapped over several lines (e.g. base64 output) needs its line breaks removed`;
    expect(errors).to.deep.equal([
      { path: 'sqlGateway.headers["X-Team"]', message: message("X-Team", "holds a line break") },
      { path: 'sqlGateway.headers["X-Null"]', message: message("X-Null", "holds a NUL character") },
      { path: 'sqlGateway.headers["X-Name"]', message: message("X-Name", "holds a character above U+00FF") },
    ]);
  });

  it("a credential-carrying header with a plain string value is a preview error, as a credential session property is", () => {
    const travel = "pass it as a Pulumi secret (pulumi.secret(...) or config.requireSecret(...)): headers go to the gateway with each request, never into the script, and are stored as secrets";
    const plain = "carries a credential but is a plain string, which would sit in plain text in the program; " + travel;
    expect(
      issues({
        endpoint: "http://gw:8083",
        headers: {
          Authorization: "Bearer t0k3n",
          "Proxy-Authorization": "Basic dTpw",
          "X-Api-Key": "k3y",
          "X-Auth-Token": "t0k3n",
          Cookie: "session=abc",
          "X-Forwarded-Authorization-Info": "none",
          "X-Upstream": "Bearer t0k3n",
          "X-Trace": "on",
          Accept: "application/json",
          "X-Secret-Header": pulumi.secret("x"),
          "X-Api-Token": pulumi.output("from another resource"),
        },
      }),
    ).to.deep.equal([
      { path: 'sqlGateway.headers["Authorization"]', message: `"Authorization" ${plain}` },
      { path: 'sqlGateway.headers["Proxy-Authorization"]', message: `"Proxy-Authorization" ${plain}` },
      { path: 'sqlGateway.headers["X-Api-Key"]', message: `"X-Api-Key" ${plain}` },
      { path: 'sqlGateway.headers["X-Auth-Token"]', message: `"X-Auth-Token" ${plain}` },
      { path: 'sqlGateway.headers["Cookie"]', message: `"Cookie" ${plain}` },
      { path: 'sqlGateway.headers["X-Forwarded-Authorization-Info"]', message: `"X-Forwarded-Authorization-Info" ${plain}` },
      { path: 'sqlGateway.headers["X-Upstream"]', message: `the value of "X-Upstream" (an HTTP authentication scheme and its credentials) ${plain}` },
    ]);
  });

  it("a session property value that embeds a credential is a plain-string error with the same remedy (no Kubernetes advice)", () => {
    expect(issues({ endpoint: "http://gw:8083", sessionProperties: { "table.catalog-store.jdbc.url": "jdbc:postgresql://db/x?password=hunter2", "table.catalog-store.kind": pulumi.secret("jdbc:postgresql://db/x?password=p") } })).to.deep.equal([
      {
        path: 'sqlGateway.sessionProperties["table.catalog-store.jdbc.url"]',
        message:
          'the value of "table.catalog-store.jdbc.url" (user:password@ or a password=/token= parameter) carries a credential but is a plain string, which would sit in plain text in the program; ' +
          "pass it as a Pulumi secret (pulumi.secret(...) or config.requireSecret(...)): session properties go to the gateway in the request body, never into the script, and are stored as secrets",
      },
    ]);
  });

  it("an S3 filesystem key is no session property: a credential is an error that says where it goes, a setting a warning (the cluster reads them at start)", () => {
    const diag = new Diagnostics("sqlGateway");
    args.validateSqlGatewayArgs(
      { endpoint: "http://gw:8083", sessionProperties: { "s3.access-key": pulumi.secret("AKIA"), "fs.s3a.secret.key": "plain", "s3.endpoint": "http://minio:9000", "presto.s3.path-style-access": "true" } },
      diag,
    );
    const why = (key: string) =>
      `"${key}" is a key of Flink's S3 filesystem, which each process of the session cluster reads from the cluster's configuration when it starts (flink FileSystem.initialize), never from a session: as a session property it has no effect`;
    const credential = (key: string) =>
      `${why(key)}, and a credential would be kept in Pulumi state for nothing. Remove it and pass the credential as an environment variable of the session cluster's JobManager and TaskManagers and of the SQL Gateway, set where they are deployed (this package sends a gateway no environment): ` +
      "S3 clients (Flink's filesystem and an Iceberg catalog's S3FileIO) read AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY there";
    const setting = (key: string) => `${why(key)}; set it in the Flink configuration of the session cluster where it is deployed (an Iceberg catalog on S3FileIO takes s3.* keys in its catalog.properties instead)`;
    expect(diag.errors).to.deep.equal([
      { path: 'sqlGateway.sessionProperties["s3.access-key"]', message: credential("s3.access-key") },
      { path: 'sqlGateway.sessionProperties["fs.s3a.secret.key"]', message: credential("fs.s3a.secret.key") },
    ]);
    expect(diag.warnings).to.deep.equal([
      { path: 'sqlGateway.sessionProperties["s3.endpoint"]', message: setting("s3.endpoint") },
      { path: 'sqlGateway.sessionProperties["presto.s3.path-style-access"]', message: setting("presto.s3.path-style-access") },
    ]);
  });

  it("refuses an Iceberg write option as a session property (it would apply to every sink of the job)", () => {
    expect(issues({ endpoint: "http://gw:8083", sessionProperties: { "overwrite-enabled": "true" } })).to.deep.equal([
      {
        path: 'sqlGateway.sessionProperties["overwrite-enabled"]',
        message:
          '"overwrite-enabled" is an Iceberg write option: in the job\'s Flink configuration it would apply to every Iceberg sink of the job (Iceberg\'s FlinkWriteConf reads it from there too), past each sink\'s checks; set it on the sink instead: INSERT OVERWRITE in a batch job\'s statement',
      },
    ]);
  });
});

describe("SqlGatewayJob under Pulumi mocks", () => {
  let fake: FakeSqlGateway;
  let mod: typeof ResourceModule;
  before(async () => {
    fake = await FakeSqlGateway.start();
  });
  after(async () => {
    await fake.close();
  });

  for (const preview of [true, false]) {
    it(`registers one dynamic resource and makes no gateway calls (preview=${preview})`, async () => {
      await installMocks({ preview });
      mod = await import("../src/deploy/sql-gateway/resource.js");
      const job = new mod.SqlGatewayJob("ingest", {
        endpoint: fake.endpoint,
        script: "INSERT INTO t SELECT 1;",
        flinkConfiguration: { "parallelism.default": "2" },
        sessionProperties: { "rest.address": "jm" },
        headers: { Authorization: pulumi.secret("Bearer t0k3n") },
        savepointDir: "s3://b/sp",
      });
      await settle(job.urn);
      await flush();
      expect(job.urn.constructor.name).to.equal("OutputImpl");
      expect(await settle(job.urn)).to.equal("urn:pulumi:stack::project::pulumi-nodejs:dynamic/flink-iceberg:SqlGatewayJob::ingest");
      const r = recorded.filter((x) => x.name === "ingest");
      expect(r.map((x) => x.type)).to.deep.equal(["pulumi-nodejs:dynamic/flink-iceberg:SqlGatewayJob"]);
      expect(r[0]!.inputs).to.deep.include({ endpoint: fake.endpoint, script: "INSERT INTO t SELECT 1;", savepointDir: "s3://b/sp" });
      expect(typeof r[0]!.inputs.__provider).to.equal("string");
      expect(r[0]!.inputs.__provider as string).to.not.include("t0k3n");
      expect(fake.requests).to.deep.equal([]);
      expect(await isSecretOutput(job.headers)).to.equal(true);
      expect(await isSecretOutput(job.sessionProperties)).to.equal(true);
    });
  }

  it("throws FlinkIcebergValidationError for plain invalid args before registering", async () => {
    await installMocks({ preview: true });
    mod = await import("../src/deploy/sql-gateway/resource.js");
    expect(() => new mod.SqlGatewayJob("bad", { endpoint: "gw:8083", script: "INSERT INTO t SELECT 1", flinkConfiguration: {}, savepointDir: "sp" }))
      .to.throw(FlinkIcebergValidationError)
      .with.property("message", 'SqlGatewayJob "bad": 2 problems:\n  - SqlGatewayJob "bad": endpoint: "gw:8083" has no scheme; write "http://gw:8083" (or https://)\n  - SqlGatewayJob "bad": savepointDir: "sp" is not a URI with a scheme; write e.g. s3://bucket/savepoints or file:///flink/savepoints');
    await flush();
    expect(recorded.filter((x) => x.name === "bad")).to.deep.equal([]);
  });

  const PROXY = "https://apigw.example.com/flink/v1";
  const VERSION = endpointVersionWarning(PROXY, new URL(PROXY))!;
  const NO_UNIT =
    '"30" has no unit, so it is read as milliseconds (30 ms, a Flink duration): a job takes seconds to start, so every create or update would stop waiting at once and warn that the job is still starting; write "30s" if you mean seconds, or "30ms" to say so';

  it("created by the program, it logs its args' warnings on itself; acknowledgedWarnings keeps a checked one from the log (not sent to the provider), and an entry naming none is a warning", async () => {
    await installMocks({ preview: true });
    mod = await import("../src/deploy/sql-gateway/resource.js");
    const base = { endpoint: PROXY, script: "INSERT INTO t SELECT 1;", flinkConfiguration: {}, startTimeout: "30" };
    const open = await loggedWarnings(() => new mod.SqlGatewayJob("direct-warn", base), 20);
    expect(open.logged).to.deep.equal([`SqlGatewayJob "direct-warn": endpoint: ${VERSION}`, `SqlGatewayJob "direct-warn": startTimeout: ${NO_UNIT}`]);
    const acknowledgedWarnings = [
      { path: "endpoint", contains: "reads as a SQL Gateway REST API version", reason: "the API gateway routes /flink/v1 to the SQL Gateway's root" },
      { path: "headers", reason: "no longer needed" },
    ];
    const checked = await loggedWarnings(() => new mod.SqlGatewayJob("direct-ack", { ...base, acknowledgedWarnings }), 20);
    expect(checked.logged).to.deep.equal([
      `SqlGatewayJob "direct-ack": startTimeout: ${NO_UNIT}`,
      'SqlGatewayJob "direct-ack": acknowledgedWarnings[1]: acknowledges a warning at path headers that this resource does not give: ' +
        "the warning it was written for is gone (remove the entry), or its path or text is mistyped; the resource warns at endpoint, startTimeout",
    ]);
    expect(recorded.find((x) => x.name === "direct-ack")?.inputs).to.not.have.property("acknowledgedWarnings");
  });

  it("created by the program with an Output endpoint: checked once known, its warning logged on it (or acknowledged then), its error rejecting its inputs", async () => {
    await installMocks({ preview: true });
    mod = await import("../src/deploy/sql-gateway/resource.js");
    const args = (endpoint: pulumi.Input<string>) => ({ endpoint, script: "INSERT INTO t SELECT 1;", flinkConfiguration: {} });
    const open = await loggedWarnings(() => new mod.SqlGatewayJob("direct-out", args(pulumi.output(PROXY))), 50);
    expect(open.logged).to.deep.equal([`SqlGatewayJob "direct-out": endpoint: ${VERSION}`]);
    const acknowledgedWarnings = [{ path: "endpoint", reason: "the API gateway routes /flink/v1 to the SQL Gateway's root" }];
    const checked = await loggedWarnings(() => new mod.SqlGatewayJob("direct-out-ack", { ...args(pulumi.output(PROXY)), acknowledgedWarnings }), 50);
    expect(checked.logged).to.deep.equal([]);
    const failed = await loggedWarnings(() => new mod.SqlGatewayJob("direct-out-bad", args(pulumi.output("http://gw:8083/v2/sessions"))), 50);
    expect(failed.logged).to.deep.equal([]);
    expect(recorded.filter((x) => x.name === "direct-out-bad")).to.deep.equal([]);
    const rejected = drainUnhandled().map(String);
    expect(rejected.length).to.be.greaterThan(0);
    const reason =
      '"http://gw:8083/v2/sessions" holds the SQL Gateway REST API\'s own path ("/v2/sessions"): the provider keeps the endpoint\'s path as a prefix and adds the API version and resource itself ' +
      '(e.g. "http://gw:8083/v2/sessions/v2/sessions"), which the gateway answers with HTTP 404; write the gateway\'s base URL "http://gw:8083"';
    expect(rejected.every((e) => e.endsWith(`SqlGatewayJob "direct-out-bad": endpoint: ${reason}`))).to.equal(true);
  });

  it("a malformed acknowledgedWarnings entry is an error of the resource", async () => {
    await installMocks({ preview: true });
    mod = await import("../src/deploy/sql-gateway/resource.js");
    const acknowledgedWarnings = [{ path: "endpoint" }] as unknown as { path: string; reason: string }[];
    expect(() => new mod.SqlGatewayJob("bad-ack", { endpoint: "http://gw:8083", script: "INSERT INTO t SELECT 1;", flinkConfiguration: {}, acknowledgedWarnings }))
      .to.throw(FlinkIcebergValidationError)
      .with.property(
        "message",
        'SqlGatewayJob "bad-ack": acknowledgedWarnings[0].reason: is required: say why the warning is accepted (e.g. "order_date never changes for an order"), so the next reader of the program knows it was checked',
      );
  });

  it("created by a FlinkSqlJob, it logs nothing of its own: the job logs the warnings of its sqlGateway args once, at sqlGateway.*", async () => {
    await installMocks({ preview: true });
    const api = await import("../src/index.js");
    const cols = [{ name: "id", type: "BIGINT" }];
    const src = new api.FlinkTable("gwc_src", { columns: cols, options: { connector: "datagen" } });
    const sink = new api.FlinkTable("gwc_out", { columns: cols, options: { connector: "blackhole" } });
    const { logged } = await loggedWarnings(
      () => new api.FlinkSqlJob("gwc-job", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], sqlGateway: { endpoint: PROXY, savepointDir: "s3://b/sp", startTimeout: "30" } }),
      20,
    );
    expect(logged).to.deep.equal([`FlinkSqlJob "gwc-job": sqlGateway.endpoint: ${VERSION}`, `FlinkSqlJob "gwc-job": sqlGateway.startTimeout: ${NO_UNIT}`]);
    expect(recorded.filter((x) => x.name === "gwc-job-gateway").map((x) => x.type)).to.deep.equal(["pulumi-nodejs:dynamic/flink-iceberg:SqlGatewayJob"]);
  });
});
