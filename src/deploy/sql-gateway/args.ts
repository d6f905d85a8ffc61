/**
 * The user-facing `sqlGateway` arg of FlinkSqlJob and its plain-value checks at construction.
 *
 * Secrets (SPEC decision 8): the gateway target never writes session properties or headers into
 * the script; they travel in the REST request bodies/headers and are kept secret in Pulumi state.
 * A key that carries a credential (isCredentialKey: token, password, secret, access key ...) in
 * `sessionProperties` must therefore be a Pulumi secret (`pulumi.secret(...)`,
 * `config.requireSecret(...)`) or another Output: a plain string there is a preview error, because
 * it would sit in plain text in the program and its history. Outputs are accepted as they are
 * (the resource stores all session properties as secret either way). The same holds for `headers`
 * (always stored as secrets): a header that carries a credential (headerCarriesCredential:
 * `Authorization`, `X-Api-Key`, `Cookie` ..., or a value that starts with an HTTP authentication
 * scheme such as `Bearer`) must not be a plain string.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Diagnostics } from "../../validation/diagnostics.js";
import { checkKnownKeys } from "../../validation/known-keys.js";
import { isDeferred } from "../../validation/deferred.js";
import { isCredentialKey, plainStringValueProblem } from "../../validation/secrets.js";
import { hasNoUnit } from "../../options/duration.js";
import { waitTimeMillis, type WaitTime } from "../../options/wait-time.js";
import { FlinkIcebergValidationError } from "../../validation/error.js";
import { missingBucketProblem } from "../state-dirs.js";
import { headerProblem } from "./http.js";
import { checkSessionProperties, plainCredentialMessage } from "./session-properties.js";
import { checkArgTypes, withoutProps } from "../arg-types.js";
import { SQL_GATEWAY_ARG_TYPES } from "./arg-type-table.js";
import { DEFAULT_START_TIMEOUT_MS, MAX_START_TIMEOUT_MS } from "./start-wait.js";
import { SQL_GATEWAY_API_VERSIONS, type SqlGatewayApiVersion } from "./versions.js";
import { endpointApiPath, endpointApiPathProblem, endpointVersionWarning } from "./endpoint-path.js";

/**
 * Deploys a FlinkSqlJob by submitting its script to a running Flink SQL Gateway (a Pulumi dynamic
 * resource, SqlGatewayJob; the gateway must run Flink 1.17 or later, which has STOP JOB and SHOW
 * JOBS: create fails before submitting otherwise). A script or configuration change stops the job
 * (with a savepoint when `savepointDir` is set; without it the job is cancelled and the new one
 * starts with empty state) and submits the new script, from that savepoint when there is one: an
 * update, never a replace, so two writers never run against the same tables. A stop that fails is
 * an error that says what the job's status means (e.g. a job that FINISHED all the same left its
 * savepoint under `savepointDir`: set `initialSavepointPath` to it); the new script is then not
 * submitted. Reads (status polls, result pages) are retried after HTTP 502/503/504 or a lost
 * connection; submits are not. The job runs under the name (`pipeline.name`) `<job> (pulumi
 * <project>/<stack>)` unless its configuration or sessionProperties set one, and nothing is
 * submitted while a job of that name that the resource does not own is running (the job of an
 * earlier `pulumi up` that failed before recording its id): the error says how to take it over.
 * Every plain prop is checked for its JSON type at preview (a string, boolean or map where one is
 * due: sql-gateway/arg-type-table.ts), all wrong ones at once; an Output when its value is known.
 */
export interface SqlGatewayArgs {
  /**
   * Base URL of the gateway's REST endpoint, e.g. `http://sql-gateway:8083` (default port 8083,
   * `sql-gateway.endpoint.rest.port`). A plain value must be an http:// or https:// URL
   * (preview error otherwise). A path is kept as a
   * prefix (a reverse proxy's `http://host/flink-gateway`); one that ends in the REST API's own
   * path (`/sessions`, `/api_versions`, `/v2/info`, optionally after a version and followed by a
   * session's UUID and its REST path: `http://gw:8083/v1/sessions`) is an error naming the base URL
   * to write, as the gateway would answer HTTP 404 (endpoint-path.ts); `sessions` inside the path
   * (`http://proxy/sessions/flink-gw`) is the proxy's. A path ending in a bare `/v1` ... `/v4`
   * (`https://apigw.example.com/flink/v1`) is kept as a prefix (`.../flink/v1/v2/sessions`): a
   * warning at preview of a plain value, right for a proxy that routes it to the gateway's root.
   * Required: unset, or a value that is no string (`8083`), is a preview error.
   * An Output (or Promise) is checked the same way once its value is known
   * (sql-gateway/endpoint-output.ts): an error fails the SqlGatewayJob's inputs, so its deployment
   * (and synth), a warning is logged on the FlinkSqlJob then (not in its `warnings`; a secret
   * endpoint's findings only by number), and `acknowledgedWarnings` entries at
   * `sqlGateway.endpoint` are matched then.
   */
  endpoint: pulumi.Input<string>;
  /**
   * Properties of the session the script runs in, next to the job's `flinkConfiguration`, e.g.
   * `rest.address`/`rest.port` of the session cluster or `execution.target` (keys that choose the
   * cluster belong here, not in the job's `configuration`: every session of the job, also those
   * for SHOW JOBS and STOP JOB, uses them). Default: none. Stored as secrets in the Pulumi state;
   * synth's sql-gateway.yaml shows the values that are neither Pulumi secrets nor credentials (they
   * are settings, not secrets; `--show-secrets` shows the rest). Preview errors: a key
   * that chooses the restored state (`execution.state-recovery.*`, `execution.savepoint.path`,
   * `execution.savepoint.ignore-unclaimed-state`: use initialSavepointPath and allowNonRestoredState), a key the job's configuration also sets with another value
   * (the script's SET line would win; an Output there warns), a key the job decides (runtime mode, checkpoint interval,
   * parallelism), an Iceberg write option, a credential key (e.g. `table.catalog-store.jdbc.password`) with a
   * plain string value: pass that as a Pulumi secret, and a credential of Flink's S3 filesystem (`s3.*`,
   * `s3a.*`, `fs.s3a.*`, `presto.s3.*`): the session cluster reads those from its own configuration when
   * it starts (flink FileSystem.initialize), so pass it as the cluster's environment; another key of
   * those warns, as it has no effect in a session; `table.dml-sync` `"true"` (here or in the job's
   * configuration): the gateway then answers the INSERT with the job's id only when the job ends
   * (flink TableConfigOptions.TABLE_DML_SYNC, TableEnvironmentImpl.executeInternal), so for a job that
   * never ends the submit never returns (a warning for a job that ends: each update waits for its
   * run; sql-gateway/dml-sync.ts). A map given as one Output (`pulumi.secret({...})`) is checked
   * the same way once its value is known (sql-gateway/session-output.ts): an error fails the
   * SqlGatewayJob's inputs (and synth), a warning is logged on the job; a secret map's values are
   * never quoted, and a map that is no secret may carry no credential. Not a map (a string, an
   * array): a preview error.
   */
  sessionProperties?: Record<string, pulumi.Input<string>>;
  /**
   * Extra HTTP headers for every gateway request, e.g. `Authorization` for a gateway behind an
   * authenticating proxy. Default: none. Always stored as secrets; never logged. A header that
   * carries a credential (a name such as `Authorization`, `Proxy-Authorization`, `Cookie`,
   * `X-Api-Key`, `X-Auth-Token`, or a value that starts with an HTTP authentication scheme such as
   * `Bearer` or `Basic`) with a plain string value is a preview error: pass it as a Pulumi secret
   * (`pulumi.secret(...)`, `config.requireSecret(...)`), as for sessionProperties. Not a map of
   * strings (`"Authorization: x"`, a number value): a preview error.
   */
  headers?: Record<string, pulumi.Input<string>>;
  /**
   * Directory for the savepoints taken when the job is updated (the new job starts from it) or
   * deleted (the savepoint stays there; its path is not reported), e.g.
   * `s3://bucket/savepoints`. It is set for the stopping session under the key of the gateway's
   * Flink version (`state.savepoints.dir` up to 1.19, `execution.checkpointing.savepoint-dir`
   * from 1.20), together with `client.timeout` (unless sessionProperties set it) as long as the
   * provider waits, so the gateway does not give up after Flink's default 60 s. Default: unset — then an update cancels the old job and starts the new one with
   * empty state, and says so in the resource's `warnings` output (a preview warning for a job that
   * reads an Iceberg table as a stream, or Kafka from a startup mode other than `group-offsets`
   * or without checkpoints, whose read would start over). Must be a URI with a scheme
   * (`s3://`, `hdfs://`, `file://`...), for an object store with its bucket or container after
   * `//` (`s3a:/lake/sp` names none; state-dirs.ts): preview error otherwise. A batch job takes no savepoint:
   * set on one, it is a preview warning and unused. With it set, an update of a streaming job that
   * would start with empty state (its old job had already ended) is refused until
   * `initialSavepointPath` says where to restore from.
   */
  savepointDir?: string;
  /**
   * A savepoint or retained checkpoint to start the job from, e.g. the path a failed update
   * reported (`s3://bucket/savepoints/savepoint-1a2b3c-...`). Used when the job is created, and on
   * an update that takes no savepoint of its own (the old job had already ended) when this value
   * changed; a change of it alone also restarts a job that has ended (FAILED, CANCELED, FINISHED or
   * gone). Set as `execution.state-recovery.path` and its pre-1.20 name `execution.savepoint.path`
   * (flink StateRecoveryOptions). Default: unset (fresh state). A URI with a scheme (for an object
   * store, with its bucket: `s3://lake/sp/...`), else a preview error.
   */
  initialSavepointPath?: string;
  /**
   * When restoring from a savepoint after an update, skip state that no operator of the new
   * script claims (`execution.state-recovery.ignore-unclaimed-state`, pre-1.20
   * `execution.savepoint.ignore-unclaimed-state`). Default false: Flink then fails the new job when
   * the edited SQL no longer maps onto the old state; after such a failure, setting it to true (with
   * `initialSavepointPath` set to the savepoint the update reported) starts the job again. A value
   * that is no boolean (`"yes"`, `"true"`, `1`; pulumi Config's `get()` returns strings: use
   * `getBoolean()`) is a preview error (sql-gateway/arg-type-table.ts).
   */
  allowNonRestoredState?: boolean;
  /**
   * REST API version (`v1` Flink 1.16, `v2` 1.17–1.19, `v3` 1.20, `v4` 2.x). Default: the highest
   * both the gateway (`GET /api_versions`) and this package speak. A gateway on Flink 1.16 is
   * refused at create (no STOP JOB / SHOW JOBS, so the job could never be updated nor deleted);
   * `submitToSqlGateway` alone works with it.
   */
  apiVersion?: SqlGatewayApiVersion;
  /**
   * How long create and update wait for the submitted job to run: a number of seconds (`30`, `90`)
   * or a Flink duration string (`"30s"`, `"2min"`; flink TimeUtils.parseDuration, so a string
   * without a unit, `"30"`, is milliseconds). With Flink's default scheduler a restore that cannot
   * work (a savepoint path that does not exist, state the new script does not claim) fails the
   * submit itself, and the error says what to do; with the adaptive scheduler the job fails while
   * INITIALIZING instead, and a job can also be cancelled or fail while it deploys its tasks. So
   * after the submit the provider reads the job's status (SHOW JOBS; 250 ms doubling up to 2 s
   * between reads) until it is RUNNING or FINISHED (success), FAILED or CANCELED (the create or
   * update fails and says why and where the old job's savepoint is), or this time passed (success
   * with a warning in `gatewayWarnings`: the job may still start). A job that restarted while
   * starting is a warning. Default `"1min"` (60); `"0s"` or `0` reads the status once.
   * Range 0 to 10 min (0 to 600 seconds), in whole milliseconds: preview error otherwise; a string
   * of a bare number above 0 (`"30"`, 30 ms) is a preview warning. Changing it alone does not
   * restart the job.
   */
  startTimeout?: number | string;
}

function isPlainString(v: unknown): v is string {
  return typeof v === "string";
}

/** Header names that carry a credential beyond what isCredentialKey finds (Authorization, X-Api-Key, X-Auth-Token ...). */
const CREDENTIAL_HEADERS = new Set(["cookie"]);
/** A value that starts with an HTTP authentication scheme and its credentials (RFC 9110 `credentials`). */
const AUTH_SCHEME_VALUE = /^\s*(?:basic|bearer|digest|negotiate)\s+\S/i;

/** True when header `name` with `value` carries a credential (by its name, or a value such as `Bearer ...`). */
export function headerCarriesCredential(name: string, value: unknown): boolean {
  return isCredentialKey(name) || CREDENTIAL_HEADERS.has(name.trim().toLowerCase()) || (typeof value === "string" && AUTH_SCHEME_VALUE.test(value));
}

const HEADER_TRAVEL = "headers go to the gateway with each request, never into the script, and are stored as secrets";

/** Every key of SqlGatewayArgs. */
const SQL_GATEWAY_ARG_KEYS = ["endpoint", "sessionProperties", "headers", "savepointDir", "initialSavepointPath", "allowNonRestoredState", "apiVersion", "startTimeout"] as const satisfies readonly (keyof SqlGatewayArgs)[];
/** Compile-time check that the list above names every key of SqlGatewayArgs. */
const SQL_GATEWAY_ARG_KEYS_COMPLETE: [Exclude<keyof SqlGatewayArgs, (typeof SQL_GATEWAY_ARG_KEYS)[number]>] extends [never] ? true : never = true;
void SQL_GATEWAY_ARG_KEYS_COMPLETE;

/**
 * Checks the plain values of `args` (Outputs are skipped; the provider checks them when known).
 * Records errors (and the warning of endpointVersionWarning) on `diag` under `sqlGateway` paths relative to it: `endpoint`,
 * `sessionProperties["key"]`, `headers["key"]`, `savepointDir`, `initialSavepointPath`, `apiVersion`, and unknown keys.
 */
export function validateSqlGatewayArgs(given: SqlGatewayArgs, diag: Diagnostics): void {
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    return diag.error("", "must be an object { endpoint, ... } (or leave sqlGateway unset)");
  }
  checkKnownKeys(given, SQL_GATEWAY_ARG_KEYS, "", diag);
  // A prop of the wrong JSON type is reported once, there; the checks below read the others.
  const args = withoutProps(given, checkArgTypes(given, SQL_GATEWAY_ARG_TYPES, diag));
  if (isPlainString(args.endpoint)) checkEndpoint(args.endpoint, "endpoint", diag);
  // A map that is itself an Output (e.g. pulumi.secret({...})) is checked once known (session-output.ts).
  if (!isDeferred(args.sessionProperties)) checkSessionProperties(args.sessionProperties ?? {}, "sessionProperties", diag);
  // A map that is itself an Output is checked when known (job-targets.ts), as sessionProperties.
  const headers = isDeferred(args.headers) ? {} : (args.headers ?? {});
  for (const [key, value] of Object.entries(headers)) {
    const problem = headerProblem(key, isPlainString(value) ? value : "");
    if (problem !== undefined) diag.error(`headers[${JSON.stringify(key)}]`, problem);
    else if (!isPlainString(value) && !isDeferred(value)) diag.error(`headers[${JSON.stringify(key)}]`, plainStringValueProblem(value, key, "headers", "the request"));
    else if (isPlainString(value) && headerCarriesCredential(key, value)) {
      const subject = isCredentialKey(key) || CREDENTIAL_HEADERS.has(key.trim().toLowerCase()) ? JSON.stringify(key) : `the value of ${JSON.stringify(key)} (an HTTP authentication scheme and its credentials)`;
      diag.error(`headers[${JSON.stringify(key)}]`, plainCredentialMessage(subject, HEADER_TRAVEL));
    }
  }
  if (typeof args.savepointDir === "string" && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\/?\S/.test(args.savepointDir)) {
    diag.error("savepointDir", `${JSON.stringify(args.savepointDir)} is not a URI with a scheme; write e.g. s3://bucket/savepoints or file:///flink/savepoints`);
  }
  if (typeof args.initialSavepointPath === "string" && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\/?\S/.test(args.initialSavepointPath)) {
    diag.error("initialSavepointPath", `${JSON.stringify(args.initialSavepointPath)} is not a URI with a scheme; write the savepoint's full path, e.g. s3://bucket/savepoints/savepoint-1a2b3c-0123456789ab`);
  }
  // An object store's URI without its bucket (s3a:/lake/sp): state-dirs.ts missingBucketProblem.
  // Not the root check of stateDirProblem (kubernetes.savepointDir): STOP JOB ... WITH SAVEPOINT hands
  // savepointDir to stopWithSavepoint as the savepoint's target (flink OperationExecutor
  // callStopJobOperation), which Flink creates `savepoint-<job>-<random>` below without
  // ExternalizedSnapshotLocation.validatePath (AbstractFsCheckpointStorageAccess
  // initializeLocationForSavepoint), so a bucket root (s3://lake) holds savepoints.
  for (const key of ["savepointDir", "initialSavepointPath"] as const) {
    const uri = args[key];
    const problem = typeof uri === "string" && !diag.hasErrorAt(key) ? missingBucketProblem(uri, "savepoints") : undefined;
    if (problem !== undefined) diag.error(key, problem);
  }
  if (args.startTimeout !== undefined) {
    const problem = startTimeoutProblem(args.startTimeout);
    if (problem !== undefined) diag.error("startTimeout", problem);
    else if (typeof args.startTimeout === "string" && hasNoUnit(args.startTimeout) && Number(args.startTimeout) > 0) {
      // A Flink duration: a bare number is milliseconds (TimeUtils.parseDuration), shorter than any job takes to start.
      const n = args.startTimeout.trim();
      diag.warn(
        "startTimeout",
        `${JSON.stringify(args.startTimeout)} has no unit, so it is read as milliseconds (${n} ms, a Flink duration): a job takes seconds to start, so every create or update would stop waiting at once and warn that the job is still starting; ` +
          `write "${n}s" if you mean seconds, or "${n}ms" to say so`,
      );
    }
  }
  if (typeof args.apiVersion === "string" && !(SQL_GATEWAY_API_VERSIONS as readonly string[]).includes(args.apiVersion)) {
    diag.error("apiVersion", `${JSON.stringify(args.apiVersion)} is not one of ${SQL_GATEWAY_API_VERSIONS.join(", ")}`);
  }
}

/**
 * Checks the endpoint text `endpoint` (a plain value at construction) and records in `diag` at `path`: the error of endpointProblem, or else
 * the warning of endpointVersionWarning (a bare trailing /v1 ... /v4 may be a proxy prefix: a
 * warning, and no failure in the provider's check, which cannot warn). The URL is parsed once.
 */
export function checkEndpoint(endpoint: string, path: string, diag: Diagnostics): void {
  const { url, problem } = readEndpoint(endpoint);
  if (problem !== undefined) diag.error(path, problem);
  else if (url !== undefined) {
    const version = endpointVersionWarning(endpoint, url);
    if (version !== undefined) diag.warn(path, version);
  }
}

/** `endpoint` parsed as a gateway URL (when it parses), and why it is not usable as one (when it is not). */
interface EndpointReading {
  readonly url?: URL;
  readonly problem?: string;
}

/**
 * The problem of an endpoint without a scheme: write it with http://, and when the rest also ends in
 * the REST API's own path (endpoint-path.ts), the gateway's base URL at once (one fix, not two errors in turn).
 */
function noSchemeProblem(endpoint: string): string {
  let api: ReturnType<typeof endpointApiPath>;
  try {
    api = endpointApiPath(new URL(`http://${endpoint}`));
  } catch {
    api = undefined;
  }
  if (api === undefined) return `${JSON.stringify(endpoint)} has no scheme; write ${JSON.stringify(`http://${endpoint}`)} (or https://)`;
  return (
    `${JSON.stringify(endpoint)} has no scheme, and it ends in the SQL Gateway REST API's own path (${JSON.stringify(api.apiPath)}), which the provider adds itself; ` +
    `write the gateway's base URL ${JSON.stringify(api.base)} (or https://)`
  );
}

/** Parses `endpoint` once: its URL, and why it is not usable as a gateway URL (undefined when it is). */
function readEndpoint(endpoint: string): EndpointReading {
  let url: URL;
  // host:port parses as a URL with the host as its scheme; without a scheme, say what to write.
  const bare = /^[A-Za-z0-9.-]+(?::\d+)?(?:\/.*)?$/.test(endpoint) && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(endpoint);
  if (bare) return { problem: noSchemeProblem(endpoint) };
  try {
    url = new URL(endpoint);
  } catch {
    return { problem: `${JSON.stringify(endpoint)} is not a URL; write e.g. http://sql-gateway:8083` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { url, problem: `${JSON.stringify(endpoint)} must use http:// or https://` };
  // fetch refuses a URL with credentials, and the endpoint is shown in plain text: headers carry them.
  if (url.username !== "" || url.password !== "") return { url, problem: "must not carry user:password@ (it is stored and shown in plain text, and HTTP clients refuse it); pass credentials in headers, e.g. headers: { Authorization: pulumi.secret(\"Basic ...\") }" };
  if (url.search !== "" || url.hash !== "") return { url, problem: `${JSON.stringify(endpoint)} must not have a query or fragment` };
  const problem = endpointApiPathProblem(endpoint, url);
  return problem !== undefined ? { url, problem } : { url };
}

/** Why `endpoint` is not usable as a gateway URL, or undefined when it is. */
export function endpointProblem(endpoint: string): string | undefined {
  return readEndpoint(endpoint).problem;
}

/** What startTimeout takes (a message's "must be ..."). */
const START_TIMEOUT_EXPECTED = 'a number of seconds from 0 to 600 (e.g. 60) or a Flink duration string (e.g. "1min")';

/**
 * `startTimeout` in milliseconds (DEFAULT_START_TIMEOUT_MS when unset): a number as seconds, a string as a Flink duration.
 * @throws FlinkIcebergValidationError when it is neither (check it with startTimeoutProblem first).
 */
export function startTimeoutMillis(startTimeout: WaitTime | undefined): number {
  if (startTimeout === undefined) return DEFAULT_START_TIMEOUT_MS;
  const read = waitTimeMillis(startTimeout, START_TIMEOUT_EXPECTED);
  if ("problem" in read) throw new FlinkIcebergValidationError([{ path: "startTimeout", message: read.problem }]);
  return read.ms;
}

/** Why `startTimeout` is not usable, or undefined when it is. */
function startTimeoutProblem(value: unknown): string | undefined {
  const read = waitTimeMillis(value, START_TIMEOUT_EXPECTED);
  if ("problem" in read) return read.problem;
  if (read.ms <= MAX_START_TIMEOUT_MS) return undefined;
  return typeof value === "number"
    ? `${value} seconds is longer than the longest wait, 10 min; write at most ${MAX_START_TIMEOUT_MS / 1000} (or "10min")`
    : `${JSON.stringify(value)} is longer than the longest wait, 10 min; write at most "10min"`;
}
