/**
 * SqlGatewayJob: a Flink SQL job running on a cluster behind a Flink SQL Gateway, as a Pulumi
 * dynamic resource (provider: ./provider.ts, semantics: ./provider-impl.ts). FlinkSqlJob creates
 * it as a child when its `sqlGateway` arg is set.
 *
 * Secrets: `headers` and `sessionProperties` are wrapped in `pulumi.secret` and listed in
 * `additionalSecretOutputs`, so they are encrypted in state and secret in outputs. The script and
 * the Flink configuration are plain (they never hold credentials: SPEC decision 8).
 * Under `pulumi preview` nothing talks to the gateway (the engine only calls check and diff of a
 * dynamic provider during preview, and never create/update).
 *
 * Warnings: a SqlGatewayJob the program creates itself logs the warnings of its args' checks on
 * itself (`SqlGatewayJob "x": endpoint: ...`), those of an endpoint given as an Output once it is
 * known (endpoint-output.ts), and takes `acknowledgedWarnings` as the components do. The one a
 * FlinkSqlJob creates does not: the job checked the same args and reports on itself (checkedByJob).
 */
import * as pulumi from "@pulumi/pulumi";
import { acknowledgeWarningsDeferring, deferredAt, type AcknowledgedWarning, type DeferredAcknowledgements } from "../../validation/acknowledged-warnings.js";
import { isDeferred } from "../../validation/deferred.js";
import { Diagnostics } from "../../validation/diagnostics.js";
import { resourceLabel } from "../../validation/error.js";
import { startTimeoutMillis, validateSqlGatewayArgs } from "./args.js";
import { checkedEndpoint } from "./endpoint-output.js";
import { warnLate } from "../../components/late-warnings.js";
import { checkedSessionProperties } from "./session-output.js";
import type { SqlGatewayApiVersion } from "./versions.js";
import type { WaitTime } from "../../options/wait-time.js";

/** Args of SqlGatewayJob: the `sqlGateway` arg of FlinkSqlJob plus the job's script and configuration. */
export interface SqlGatewayJobArgs {
  /** Gateway REST endpoint, e.g. `http://sql-gateway:8083`. */
  endpoint: pulumi.Input<string>;
  /** The whole SQL script (FlinkSqlJob's `script` output). */
  script: pulumi.Input<string>;
  /** The job's Flink configuration (FlinkSqlJob's `flinkConfiguration` output), sent as session properties. */
  flinkConfiguration: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Extra session properties (win over flinkConfiguration). Stored as secrets. */
  sessionProperties?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Extra HTTP headers. Stored as secrets. */
  headers?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Savepoint directory for stop-with-savepoint on update and delete. */
  savepointDir?: pulumi.Input<string>;
  /** Savepoint to start from on create (and on an update that takes none when it changed). */
  initialSavepointPath?: pulumi.Input<string>;
  /** Skip unclaimed state when restoring after an update. */
  allowNonRestoredState?: pulumi.Input<boolean>;
  /** REST API version; negotiated when absent. */
  apiVersion?: pulumi.Input<SqlGatewayApiVersion>;
  /**
   * The Flink job name (`pipeline.name`) when neither the configuration nor the session properties
   * set one; the provider refuses to submit while a job of the same name runs that it does not own.
   */
  jobName?: pulumi.Input<string>;
  /** How long create/update wait for the job to run (SqlGatewayArgs.startTimeout): seconds or a Flink duration, default "1min". */
  startTimeout?: WaitTime;
  /** True when the job ends by itself (bounded reads or batch): an update after it FINISHED may start it empty. */
  bounded?: pulumi.Input<boolean>;
  /**
   * Warnings of this resource that your team has checked and accepts, each `{ path, contains?,
   * reason }` as on the components (AcknowledgedWarning), with the path as logged after
   * `SqlGatewayJob "x": ` (`endpoint`, `startTimeout`, `sessionProperties["key"]`). Default: none
   * (every warning is logged). A named warning is not logged; an entry that names none is a warning
   * itself, at `acknowledgedWarnings[i]` (an entry at `endpoint` given as an Output waits for its
   * value); a malformed entry, or one that names an error, is a FlinkIcebergValidationError. Not
   * sent to the provider. The SqlGatewayJob a FlinkSqlJob creates takes none: the job's own
   * `acknowledgedWarnings` (paths `sqlGateway.*`) apply there.
   */
  acknowledgedWarnings?: AcknowledgedWarning[];
}

/** The args of the SqlGatewayJobs FlinkSqlJobs create (checkedByJob). */
const CHECKED_BY_JOB = new WeakSet<SqlGatewayJobArgs>();

/**
 * Marks `args` as those of the SqlGatewayJob a FlinkSqlJob creates (components/job-targets.ts): the
 * job checked them at construction, logs their warnings on itself and checks an Output endpoint,
 * so the SqlGatewayJob neither logs them again nor matches acknowledgements. Returns `args`.
 */
export function checkedByJob(args: SqlGatewayJobArgs): SqlGatewayJobArgs {
  CHECKED_BY_JOB.add(args);
  return args;
}

/**
 * The dynamic provider, required when the first SqlGatewayJob is created. It stays in its own
 * files even in the bundle dist/index.js (tools/bundle.cjs keeps ./provider.js out of it): Pulumi
 * serializes the provider with the modules its methods capture, and an installed package's
 * modules are serialized as a `require` of their file only when they are files of their own
 * (provider.ts). The bundle also does not load the provider's modules unless a job uses the gateway.
 */
function sqlGatewayProvider(): pulumi.dynamic.ResourceProvider {
  return (require("./provider.js") as typeof import("./provider.js")).sqlGatewayProvider;
}

/**
 * The sessionProperties of a SqlGatewayJob the program creates: a map given as one Output checked
 * once known (session-output.ts; a plain one was checked at construction). Its keys are not compared
 * with `flinkConfiguration`, which they override here (both are sent as the session's properties).
 */
function checkedOwnSession(args: SqlGatewayJobArgs, label: string, resource: () => pulumi.Resource | undefined): NonNullable<SqlGatewayJobArgs["sessionProperties"]> {
  const props = args.sessionProperties!;
  if (!pulumi.Output.isInstance(props)) return props;
  return checkedSessionProperties(props as pulumi.Output<Record<string, string>>, { label, path: "sessionProperties", resource }, typeof args.bounded === "boolean" ? { bounded: args.bounded } : {});
}

/** Type token: `pulumi-nodejs:dynamic/flink-iceberg:SqlGatewayJob`. */
export const SQL_GATEWAY_JOB_MODULE = "flink-iceberg";
export const SQL_GATEWAY_JOB_TYPE = "SqlGatewayJob";

/** A Flink SQL job submitted to a SQL Gateway; updates stop with a savepoint and resubmit from it. */
export class SqlGatewayJob extends pulumi.dynamic.Resource {
  /** Id of the running Flink job. */
  declare readonly jobId: pulumi.Output<string>;
  /** Savepoint the current job was restored from (set after an update with savepointDir). */
  declare readonly savepointPath: pulumi.Output<string | undefined>;
  /** Flink job status from SHOW JOBS at the last create/update/refresh ("NOT_FOUND" when gone). */
  declare readonly jobStatus: pulumi.Output<string | undefined>;
  /**
   * Warnings of the last create/update (e.g. an update without savepointDir lost the job's state),
   * from the provider. Not the warnings of the args' checks: a SqlGatewayJob the program creates
   * logs those on itself (`SqlGatewayJob "x": endpoint: ...`; acknowledgedWarnings keeps a checked
   * one from the log), and the one a FlinkSqlJob creates leaves them to the job.
   */
  declare readonly warnings: pulumi.Output<string[]>;
  /** When the create or update that produced `warnings` ran (ms since the epoch); the job logs only warnings of this run. */
  declare readonly warnedAt: pulumi.Output<number | undefined>;
  /** The request headers (secret). */
  declare readonly headers: pulumi.Output<Record<string, string> | undefined>;
  /** The extra session properties (secret). */
  declare readonly sessionProperties: pulumi.Output<Record<string, string> | undefined>;

  /**
   * @throws FlinkIcebergValidationError for invalid plain values (endpoint not an http(s) URL,
   *   credential key with a plain value in sessionProperties, a credential-carrying header with a
   *   plain value, a job-decided session property,
   *   savepointDir or initialSavepointPath without a scheme, unknown apiVersion; a malformed
   *   acknowledgedWarnings entry, or one naming an error); Output values are checked by the
   *   provider when known, an Output endpoint also as a plain one (its error rejects the
   *   resource's inputs with this error; its warnings are logged on the resource).
   */
  constructor(name: string, args: SqlGatewayJobArgs, opts?: pulumi.CustomResourceOptions) {
    const label = resourceLabel("SqlGatewayJob", name);
    const diag = new Diagnostics();
    const plainMap = (m: unknown): Record<string, pulumi.Input<string>> | undefined =>
      m !== undefined && !pulumi.Output.isInstance(m) && !(m instanceof Promise) ? (m as Record<string, pulumi.Input<string>>) : undefined;
    // Created by a FlinkSqlJob: the job validated these args and reports on itself (job-targets.ts
    // validateTarget). Otherwise they are checked here, and what they acknowledge is not logged.
    const own = !CHECKED_BY_JOB.has(args);
    if (own) {
      validateSqlGatewayArgs(
        {
          endpoint: args.endpoint,
          sessionProperties: plainMap(args.sessionProperties),
          headers: plainMap(args.headers),
          // As given: a value of the wrong type is an error there (an Output is checked by the provider when known).
          ...(args.savepointDir !== undefined ? { savepointDir: args.savepointDir as string } : {}),
          ...(args.initialSavepointPath !== undefined ? { initialSavepointPath: args.initialSavepointPath as string } : {}),
          ...(args.allowNonRestoredState !== undefined ? { allowNonRestoredState: args.allowNonRestoredState as boolean } : {}),
          ...(args.apiVersion !== undefined ? { apiVersion: args.apiVersion as SqlGatewayApiVersion } : {}),
          ...(args.startTimeout !== undefined ? { startTimeout: args.startTimeout } : {}),
        },
        diag,
      );
    }
    const deferred = own ? acknowledgeWarningsDeferring(args.acknowledgedWarnings, diag, isDeferred(args.endpoint) ? ["endpoint"] : []) : undefined;
    diag.throwIfErrors(label);
    let self: SqlGatewayJob | undefined;
    const acknowledgements: DeferredAcknowledgements | undefined =
      deferred === undefined ? undefined : deferredAt(deferred, "endpoint");
    const endpoint = own ? checkedEndpoint(args.endpoint, Object.assign({ label, path: "endpoint", resource: () => self }, acknowledgements !== undefined ? { acknowledgements } : undefined)) : args.endpoint;
    const props: Record<string, unknown> = {
      endpoint,
      script: args.script,
      flinkConfiguration: args.flinkConfiguration,
      sessionProperties: args.sessionProperties === undefined ? undefined : pulumi.secret(own ? checkedOwnSession(args, label, () => self) : args.sessionProperties),
      headers: args.headers === undefined ? undefined : pulumi.secret(args.headers),
      savepointDir: args.savepointDir,
      initialSavepointPath: args.initialSavepointPath,
      allowNonRestoredState: args.allowNonRestoredState,
      apiVersion: args.apiVersion,
      jobName: args.jobName,
      startTimeoutMs: args.startTimeout === undefined ? undefined : startTimeoutMillis(args.startTimeout),
      bounded: args.bounded,
      jobId: undefined,
      savepointPath: undefined,
      jobStatus: undefined,
      warnings: undefined,
      warnedAt: undefined,
    };
    const secretOutputs = [...(opts?.additionalSecretOutputs ?? []), "headers", "sessionProperties"];
    super(sqlGatewayProvider(), name, props, { ...opts, additionalSecretOutputs: secretOutputs }, SQL_GATEWAY_JOB_MODULE, SQL_GATEWAY_JOB_TYPE);
    self = this;
    if (own) for (const w of diag.warnings) warnLate(label, w, this);
  }
}
