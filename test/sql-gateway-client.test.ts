import { expect } from "chai";
import { submitToSqlGateway, stopJobOnSqlGateway, showJobsOnSqlGateway, isJobGoneError } from "../src/deploy/sql-gateway/client.js";
import { FakeSqlGateway, type FakeGatewayOptions } from "./fakes/sql-gateway.js";
import { serverTrace } from "./fakes/sql-gateway-engine.js";
import { gatewayRejection } from "./fakes/gateway-rejection.js";

const FAST = { poll: { initialMs: 1, maxMs: 4 } };
const JOB1 = "ffffffffffffffffffffffff00000001";

const rejection = gatewayRejection;

describe("SQL Gateway client against the fake gateway", () => {
  let fake: FakeSqlGateway;
  const start = async (o: FakeGatewayOptions = {}): Promise<FakeSqlGateway> => (fake = await FakeSqlGateway.start(o));
  afterEach(async () => {
    if (fake) {
      expect(fake.violations, "requests outside the REST spec").to.deep.equal([]);
      await fake.close();
    }
  });

  it("C17: one session, statements one per request in order, the two INSERTs as one statement set", async () => {
    await start();
    const script = [
      "SET 'execution.checkpointing.interval' = '30s';",
      "SET 'pipeline.name' = 'ingest; EU';",
      "CREATE CATALOG `lake` WITH ('type' = 'iceberg', 'catalog-type' = 'rest', 'uri' = 'http://rest:8181');",
      "CREATE TABLE `src` (`id` BIGINT) WITH ('connector' = 'datagen');",
      "CREATE TABLE `lake`.`db`.`t` (`id` BIGINT, `note` STRING COMMENT 'owner''s; note');",
      "EXECUTE STATEMENT SET",
      "BEGIN",
      "INSERT INTO `lake`.`db`.`t` SELECT `id`, 'a;b' FROM `src`;",
      "INSERT INTO `lake`.`db`.`t` SELECT `id`, 'c' FROM `src`;",
      "END;",
    ].join("\n");
    const result = await submitToSqlGateway(fake.endpoint, script, { ...FAST, flinkConfiguration: { "parallelism.default": "2" } });
    expect(result).to.deep.equal({ jobId: JOB1, sessionHandle: "00000000-0000-4000-8000-000000000001", apiVersion: "v4" });
    const executed = fake.executed;
    expect(executed.map((e) => e.session)).to.deep.equal(Array(6).fill("00000000-0000-4000-8000-000000000001"));
    expect(executed.map((e) => e.statement)).to.deep.equal([
      "SET 'execution.checkpointing.interval' = '30s'",
      "SET 'pipeline.name' = 'ingest; EU'",
      "CREATE CATALOG `lake` WITH ('type' = 'iceberg', 'catalog-type' = 'rest', 'uri' = 'http://rest:8181')",
      "CREATE TABLE `src` (`id` BIGINT) WITH ('connector' = 'datagen')",
      "CREATE TABLE `lake`.`db`.`t` (`id` BIGINT, `note` STRING COMMENT 'owner''s; note')",
      "EXECUTE STATEMENT SET\nBEGIN\nINSERT INTO `lake`.`db`.`t` SELECT `id`, 'a;b' FROM `src`;\nINSERT INTO `lake`.`db`.`t` SELECT `id`, 'c' FROM `src`;\nEND",
    ]);
    expect(fake.requests.filter((r) => r.method === "POST" && r.path.endsWith("/sessions"))).to.have.length(1);
    expect(fake.requests[1]!.body).to.deep.equal({ properties: { "parallelism.default": "2" } });
    expect(fake.requests.at(-1)).to.include({ method: "DELETE", path: "/v4/sessions/00000000-0000-4000-8000-000000000001" });
    expect(fake.cluster.jobs.get(JOB1)!.configuration).to.deep.equal({ "parallelism.default": "2", "execution.checkpointing.interval": "30s", "pipeline.name": "ingest; EU" });
  });

  it("polls INITIALIZED/PENDING/RUNNING, follows NOT_READY and paged results, sends headers", async () => {
    await start({ statuses: ["INITIALIZED", "PENDING", "RUNNING", "RUNNING"], notReadyFetches: 2, pageSize: 1 });
    fake.cluster.addJob({ name: "a", status: "RUNNING" });
    fake.cluster.addJob({ name: "b", status: "FINISHED" });
    fake.cluster.addJob({ name: "c", status: "CANCELED" });
    const jobs = await showJobsOnSqlGateway(fake.endpoint, { ...FAST, headers: { Authorization: "Bearer s3cr3t" } });
    expect(jobs).to.deep.equal([
      { jobId: JOB1, jobName: "a", status: "RUNNING", startTime: "2026-01-01 00:00:00.000" },
      { jobId: "ffffffffffffffffffffffff00000002", jobName: "b", status: "FINISHED", startTime: "2026-01-01 00:00:00.000" },
      { jobId: "ffffffffffffffffffffffff00000003", jobName: "c", status: "CANCELED", startTime: "2026-01-01 00:00:00.000" },
    ]);
    const fetches = fake.requests.filter((r) => r.path.includes("/result/")).map((r) => r.path.replace(/^.*\/result\//, ""));
    expect(fetches).to.deep.equal(["0", "0", "0", "1", "2", "3"]);
    expect(fake.requests.filter((r) => r.path.endsWith("/status"))).to.have.length(5);
    expect(fake.requests.every((r) => r.headers.authorization === "Bearer s3cr3t")).to.equal(true);
  });

  it("reads the job id from the `job id` column on a Flink 1.16 (v1) gateway", async () => {
    await start({ apiVersions: ["V1"], flinkVersion: "1.16.3" });
    const result = await submitToSqlGateway(fake.endpoint, "INSERT INTO t SELECT 1;", FAST);
    expect(result).to.deep.equal({ jobId: JOB1, sessionHandle: "00000000-0000-4000-8000-000000000001", apiVersion: "v1" });
    expect(fake.requests.filter((r) => r.path.includes("/result/")).map((r) => r.path)).to.deep.equal([
      `/v1/sessions/00000000-0000-4000-8000-000000000001/operations/00000000-0000-4000-8000-000000000002/result/0`,
      `/v1/sessions/00000000-0000-4000-8000-000000000001/operations/00000000-0000-4000-8000-000000000002/result/1`,
    ]);
  });

  it("uses the given apiVersion without asking /api_versions", async () => {
    await start();
    const result = await submitToSqlGateway(fake.endpoint, "INSERT INTO t SELECT 1", { ...FAST, apiVersion: "v2" });
    expect(result.apiVersion).to.equal("v2");
    expect(fake.requests.map((r) => r.path)).to.not.include("/api_versions");
  });

  for (const status of ["ERROR", "CANCELED", "CLOSED", "TIMEOUT"] as const) {
    it(`fails on ${status} with the gateway's text and the statement, closes the session`, async () => {
      await start({ override: (s) => (s.startsWith("CREATE") ? { finalStatus: status, trace: serverTrace("org.apache.flink.table.api.ValidationException", "Could not find catalog 'lake'.") } : undefined) });
      const e = await rejection(submitToSqlGateway(fake.endpoint, "SET 'a' = 'b';\nCREATE TABLE `lake`.`db`.`t` (x INT);\nINSERT INTO t SELECT 1;", FAST));
      const gatewayText =
        status === "ERROR" ? "ValidationException: Could not find catalog 'lake'." : `SqlGatewayException: Can not fetch results from the OperationHandle{identifier=00000000-0000-4000-8000-000000000003} in ${status} status.`;
      expect(e.message).to.equal(`SQL Gateway ${fake.endpoint}: the statement ended in ${status}: ${gatewayText}\n  statement: CREATE TABLE \`lake\`.\`db\`.\`t\` (x INT)`);
      expect(e.kind).to.equal("operation");
      expect(e.statement).to.equal("CREATE TABLE `lake`.`db`.`t` (x INT)");
      expect(fake.executed).to.have.length(2);
      expect(fake.sessions.size).to.equal(0);
      expect(fake.cluster.jobs.size).to.equal(0);
    });
  }

  it("cancels the job an earlier statement started when a later statement fails (no job left running)", async () => {
    await start({ override: (s) => (s.startsWith("SELECT") ? { finalStatus: "ERROR", trace: serverTrace("org.apache.flink.table.api.ValidationException", "Column 'x' not found") } : undefined) });
    const e = await rejection(submitToSqlGateway(fake.endpoint, "INSERT INTO t SELECT 1;\nSELECT x FROM t;", FAST));
    expect(e.message).to.equal(
      `SQL Gateway ${fake.endpoint}: the statement ended in ERROR: ValidationException: Column 'x' not found\n  statement: SELECT x FROM t\n  job ${JOB1} it had started was cancelled`,
    );
    expect(fake.cluster.jobs.get(JOB1)!.status).to.equal("CANCELED");
    expect(fake.sessions.size).to.equal(0);
  });

  it("rejects a script that starts two jobs and cancels both", async () => {
    await start();
    const e = await rejection(submitToSqlGateway(fake.endpoint, "INSERT INTO a SELECT 1; INSERT INTO b SELECT 2;", FAST));
    expect(e.message.split("\n")[0]).to.equal(
      `SQL Gateway ${fake.endpoint}: the script started 2 jobs (${JOB1}, ffffffffffffffffffffffff00000002); put the INSERTs into one EXECUTE STATEMENT SET BEGIN ... END block`,
    );
    expect([...fake.cluster.jobs.values()].map((j) => j.status)).to.deep.equal(["CANCELED", "CANCELED"]);
  });

  it("reports HTTP 4xx/5xx error bodies with the gateway's message", async () => {
    await start({ intercept: (r) => (r.path.endsWith("/statements") ? { status: 400, body: { errors: ["Unable to parse request body: statement is missing"] } } : undefined) });
    const e = await rejection(submitToSqlGateway(fake.endpoint, "INSERT INTO t SELECT 1", FAST));
    expect(e.message).to.equal(`SQL Gateway ${fake.endpoint}: submitting a statement failed with HTTP 400: Unable to parse request body: statement is missing\n  statement: INSERT INTO t SELECT 1`);
    expect(e.status).to.equal(400);
  });

  it("a 2xx answer that is JSON but not an object (null, an array, a number) is a protocol error naming the step, not a TypeError", async () => {
    await start({ intercept: (r) => (r.method === "POST" && r.path.endsWith("/sessions") ? { status: 200, body: null } : undefined) });
    let e = await rejection(submitToSqlGateway(fake.endpoint, "INSERT INTO t SELECT 1", FAST));
    expect([e.kind, e.message]).to.deep.equal(["protocol", `SQL Gateway ${fake.endpoint}: opening a session (POST /sessions): the answer is null, not a JSON object (is this a Flink SQL Gateway?)`]);
    await fake.close();
    await start({ intercept: (r) => (r.path.endsWith("/status") ? { status: 200, body: ["RUNNING"] } : undefined) });
    e = await rejection(submitToSqlGateway(fake.endpoint, "INSERT INTO t SELECT 1", FAST));
    expect([e.kind, e.message]).to.deep.equal([
      "protocol",
      `SQL Gateway ${fake.endpoint}: reading the operation status: the answer is ["RUNNING"], not a JSON object (is this a Flink SQL Gateway?)\n  statement: INSERT INTO t SELECT 1`,
    ]);
    expect(fake.sessions.size).to.equal(0);
    await fake.close();
    await start({ intercept: (r) => (r.path.endsWith("/api_versions") ? { status: 200, body: 4 } : undefined) });
    e = await rejection(submitToSqlGateway(fake.endpoint, "INSERT INTO t SELECT 1", FAST));
    expect(e.message).to.equal(`SQL Gateway ${fake.endpoint}: reading the REST API versions (GET /api_versions): the answer is 4, not a JSON object (is this a Flink SQL Gateway?)`);
  });

  it("a header value HTTP cannot send is refused before any request, naming the header, never the value (Node's fetch would quote it)", async () => {
    await start();
    const e = await rejection(submitToSqlGateway(fake.endpoint, "INSERT INTO t SELECT 1", { ...FAST, headers: { Authorization: "Bearer dG9r\nZW4=" } }));
    expect([e.kind, e.message]).to.deep.equal([
      "invalid",
      `SQL Gateway ${fake.endpoint}: the value of header "Authorization" holds a line break, which HTTP does not allow (the value is not shown: it may be a secret); ` +
        "a token wrapped over several lines (e.g. base64 output) needs its line breaks removed",
    ]);
    expect(fake.requests).to.deep.equal([]);
    // Leading and trailing white space is stripped by fetch itself, so it is fine.
    expect((await submitToSqlGateway(fake.endpoint, "INSERT INTO t SELECT 1", { ...FAST, headers: { Authorization: "Bearer dG9rZW4=\n" } })).jobId).to.equal(JOB1);
  });

  it("null entries among a result's columns or rows are skipped, not a TypeError", async () => {
    await start({
      intercept: (r) =>
        r.path.includes("/result/")
          ? { status: 200, body: { resultType: "EOS", isQueryResult: false, resultKind: "SUCCESS_WITH_CONTENT", results: { columns: [null, { name: "job id" }], rowFormat: "JSON", data: [null, { kind: "INSERT", fields: [null, JOB1] }] } } }
          : undefined,
    });
    const result = await submitToSqlGateway(fake.endpoint, "INSERT INTO t SELECT 1", FAST);
    expect(result.jobId).to.equal(JOB1);
  });

  it("reports an expired session", async () => {
    await start({ intercept: (r) => (r.path.endsWith("/statements") ? (fake.expireSession(r.path.split("/")[3]!), undefined) : undefined) });
    const e = await rejection(submitToSqlGateway(fake.endpoint, "INSERT INTO t SELECT 1", FAST));
    expect(e.message).to.equal(
      `SQL Gateway ${fake.endpoint}: submitting a statement failed with HTTP 500: SqlGatewayException: Session '00000000-0000-4000-8000-000000000001' does not exist.\n  statement: INSERT INTO t SELECT 1`,
    );
  });

  it("times out a request that gets no answer (requestTimeoutMs)", async () => {
    await start({ intercept: (r) => (r.path.endsWith("/statements") ? { delayMs: 300 } : undefined) });
    const e = await rejection(submitToSqlGateway(fake.endpoint, "INSERT INTO t SELECT 1", { ...FAST, requestTimeoutMs: 50 }));
    expect(e.kind).to.equal("timeout");
    expect(e.message).to.equal(`SQL Gateway ${fake.endpoint}: submitting a statement: no answer within 50 ms (requestTimeoutMs)\n  statement: INSERT INTO t SELECT 1`);
  });

  it("gives up on a slow operation after timeoutMs and still closes the session", async () => {
    await start({ override: () => ({ runForMs: 5_000 }) });
    const e = await rejection(submitToSqlGateway(fake.endpoint, "INSERT INTO t SELECT 1", { ...FAST, timeoutMs: 80 }));
    expect(e.kind).to.equal("timeout");
    // The deadline may fall between two polls or during a status read (machine load decides which).
    expect(e.message).to.match(/^SQL Gateway http:\/\/127\.0\.0\.1:\d+: (waiting for the statement|reading the operation status): gave up after 80 ms \(timeoutMs\)(\n {2}statement: INSERT INTO t SELECT 1)?$/);
    expect(fake.sessions.size).to.equal(0);
  });

  it("stops when the AbortSignal fires", async () => {
    await start({ override: () => ({ runForMs: 5_000 }) });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user")), 30);
    const e = await rejection(submitToSqlGateway(fake.endpoint, "INSERT INTO t SELECT 1", { ...FAST, signal: controller.signal }));
    expect(e.kind).to.equal("aborted");
    expect(fake.sessions.size).to.equal(0);
  });

  it("closes a session the gateway opened while the AbortSignal fired (the answer to POST /sessions still on its way)", async () => {
    // Aborted once the gateway has the POST /sessions (not after a fixed time, which a loaded machine may spend before it is sent).
    const controller = new AbortController();
    await start({
      intercept: (r) => {
        if (r.method !== "POST" || !r.path.endsWith("/sessions")) return undefined;
        setImmediate(() => controller.abort(new Error("user")));
        return { answerDelayMs: 150 };
      },
    });
    const e = await rejection(submitToSqlGateway(fake.endpoint, "INSERT INTO t SELECT 1", { ...FAST, signal: controller.signal }));
    expect([e.kind, e.message]).to.deep.equal(["aborted", `SQL Gateway ${fake.endpoint}: opening a session (POST /sessions): aborted`]);
    expect(fake.requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, "<session>")}`)).to.deep.equal(["GET /api_versions", "POST /v4/sessions", "DELETE /v4/sessions/<session>"]);
    expect(fake.sessions.size).to.equal(0);
    expect(fake.executed).to.deep.equal([]);
  });

  it("names the endpoint when it cannot connect", async () => {
    await start();
    const endpoint = fake.endpoint;
    await fake.close();
    fake = undefined as unknown as FakeSqlGateway;
    const e = await rejection(submitToSqlGateway(endpoint, "INSERT INTO t SELECT 1", FAST));
    expect(e.kind).to.equal("connection");
    expect(e.message).to.equal(`SQL Gateway ${endpoint}: cannot reach the SQL Gateway (reading the REST API versions (GET /api_versions)): ECONNREFUSED`);
  });

  describe("stopJobOnSqlGateway", () => {
    it("stops with a savepoint under the 1.20+ key and resolves the path", async () => {
      await start();
      fake.cluster.addJob({});
      const path = await stopJobOnSqlGateway(fake.endpoint, JOB1, { ...FAST, savepoint: true, drain: true, savepointDir: "s3://b/sp" });
      expect(path).to.equal("s3://b/sp/savepoint-000001-drained1");
      expect(fake.requests.find((r) => r.path === "/v4/sessions")!.body).to.deep.equal({ properties: { "execution.checkpointing.savepoint-dir": "s3://b/sp", "client.timeout": "600 s" } });
      expect(fake.executed.map((e) => e.statement)).to.deep.equal([`STOP JOB '${JOB1}' WITH SAVEPOINT WITH DRAIN`]);
      expect(fake.cluster.jobs.get(JOB1)!.status).to.equal("FINISHED");
    });

    it("uses state.savepoints.dir on Flink 1.19", async () => {
      await start({ apiVersions: ["V1", "V2"], flinkVersion: "1.19.2" });
      fake.cluster.addJob({});
      expect(await stopJobOnSqlGateway(fake.endpoint, JOB1, { ...FAST, savepoint: true, savepointDir: "hdfs:///sp" })).to.equal("hdfs:///sp/savepoint-000001-sp1");
      expect(fake.requests.find((r) => r.path === "/v2/sessions")!.body).to.deep.equal({ properties: { "state.savepoints.dir": "hdfs:///sp", "client.timeout": "600 s" } });
    });

    it("cancels without a savepoint and resolves undefined", async () => {
      await start();
      fake.cluster.addJob({});
      expect(await stopJobOnSqlGateway(fake.endpoint, JOB1, FAST)).to.equal(undefined);
      expect(fake.executed.map((e) => e.statement)).to.deep.equal([`STOP JOB '${JOB1}'`]);
      expect(fake.cluster.jobs.get(JOB1)!.status).to.equal("CANCELED");
    });

    it("tells a job that is gone", async () => {
      await start();
      const e = await rejection(stopJobOnSqlGateway(fake.endpoint, JOB1, FAST));
      expect(isJobGoneError(e)).to.equal(true);
      expect(e.gatewayMessage).to.equal(`FlinkJobNotFoundException: Could not find Flink job (${JOB1})`);
      expect(e.message).to.equal(`SQL Gateway ${fake.endpoint}: the statement ended in ERROR: FlinkJobNotFoundException: Could not find Flink job (${JOB1})\n  statement: STOP JOB '${JOB1}'`);
    });

    it("refuses Flink 1.16 with a clear error, before opening a session", async () => {
      await start({ apiVersions: ["V1"], flinkVersion: "1.16.3" });
      const e = await rejection(stopJobOnSqlGateway(fake.endpoint, JOB1, FAST));
      expect(e.kind).to.equal("unsupported");
      expect(e.message).to.equal(
        `SQL Gateway ${fake.endpoint}: stopping a job needs Flink 1.17 or later (STOP JOB / SHOW JOBS, FLINK-28617), but the gateway runs Flink 1.16.3; stop the job through the JobManager REST API instead (POST /jobs/<id>/stop) or upgrade the gateway`,
      );
      expect(fake.sessions.size).to.equal(0);
      expect(fake.executed).to.deep.equal([]);
    });

    it("rejects a malformed job id and drain without savepoint", async () => {
      await start();
      expect((await rejection(stopJobOnSqlGateway(fake.endpoint, "x' OR '1", FAST))).message).to.equal(`SQL Gateway ${fake.endpoint}: "x' OR '1" is not a Flink job id (32 lower-case hex digits)`);
      expect((await rejection(stopJobOnSqlGateway(fake.endpoint, JOB1, { drain: true }))).kind).to.equal("invalid");
      expect(fake.requests).to.deep.equal([]);
    });
  });
});
