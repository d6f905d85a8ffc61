/**
 * What a job on the SQL Gateway target submits, as `flink-iceberg synth` writes it to
 * `sql-gateway.yaml` (the Kubernetes target has its manifests): the endpoint, the API version,
 * the session (the job's configuration first, then sessionProperties), the savepoint settings, and
 * what an update does (deploy/sql-gateway/provider.ts). Secret values are written as `[secret]`;
 * header values are never written (they usually carry authentication).
 */
import * as pulumi from "@pulumi/pulumi";
import type { SqlGatewayJobArgs } from "../deploy/sql-gateway/resource.js";
import { valueCarriesCredential } from "../validation/secrets.js";
import { addedJobName, isBatchJob, stopSavepointDir } from "../deploy/sql-gateway/provider-impl.js";

/** How synth writes a secret value it does not show (the same placeholder as for manifests). */
const SECRET = "[secret]";

/**
 * `value` when known and not secret (or `reveal`), else the placeholder; a string that embeds a
 * credential is never shown (preview refuses one, this is the last guard); undefined stays undefined.
 */
function shown<T>(value: pulumi.Input<T> | undefined, reveal: boolean): pulumi.Output<T | string | undefined> {
  if (value === undefined) return pulumi.output(undefined);
  const o = pulumi.output(value);
  return pulumi.all([pulumi.unsecret(o), pulumi.output(pulumi.isSecret(o))]).apply(([v, secret]) =>
    (secret && !reveal) || (typeof v === "string" && valueCarriesCredential(v) && !reveal) ? SECRET : (v as T),
  );
}

/**
 * A map of Inputs with each secret value written as the placeholder, keys sorted. A plain map is
 * redacted value by value (lifting it whole would make it all secret for one secret value); a map
 * that is itself an Output is redacted whole when it is secret.
 */
function redactedMap(map: pulumi.Input<Record<string, pulumi.Input<string>>> | undefined, reveal: boolean): pulumi.Output<Record<string, unknown>> {
  if (map === undefined) return pulumi.output({}) as pulumi.Output<Record<string, unknown>>;
  if (pulumi.Output.isInstance(map)) {
    const o = map as pulumi.Output<Record<string, string>>;
    return pulumi
      .all([pulumi.unsecret(o), pulumi.output(pulumi.isSecret(o))])
      .apply(([m, secret]) => sorted(Object.keys(m), (k) => ((secret || (typeof m[k] === "string" && valueCarriesCredential(m[k]!))) && !reveal ? SECRET : m[k])));
  }
  const plain = map as Record<string, pulumi.Input<string>>;
  const keys = Object.keys(plain);
  return pulumi.all(keys.map((k) => shown(plain[k], reveal))).apply((values) => sorted(keys, (k) => values[keys.indexOf(k)]));
}

function sorted(keys: readonly string[], value: (k: string) => unknown): Record<string, unknown> {
  return Object.fromEntries([...keys].sort().map((k) => [k, value(k)]));
}

/** The submission of `args` for synth, secrets redacted unless `reveal` (synth --show-secrets); header values never shown. */
export function gatewaySubmission(args: SqlGatewayJobArgs, reveal = false): pulumi.Output<Record<string, unknown>> {
  const session = redactedMap(args.sessionProperties, reveal);
  const headerNames = redactedMap(args.headers, false).apply((h) => Object.keys(h));
  // The provider names the job when neither the configuration nor sessionProperties set pipeline.name
  // (and refuses to start a second job of that name).
  const jobName = pulumi
    .all([pulumi.output(args.flinkConfiguration), session, pulumi.output(args.jobName)])
    .apply(([flinkConfiguration, sessionProperties, jobName]) => addedJobName({ flinkConfiguration, sessionProperties, jobName }));
  const summary = pulumi
    .all([
      shown(args.endpoint, reveal),
      shown(args.apiVersion, reveal),
      pulumi.output(args.flinkConfiguration),
      session,
      shown(args.savepointDir, reveal),
      shown(args.initialSavepointPath, reveal),
      shown(args.allowNonRestoredState, reveal),
      headerNames,
    ])
    .apply(([endpoint, apiVersion, configuration, sessionProperties, savepointDir, initialSavepointPath, allowNonRestoredState, headers]): Record<string, unknown> => ({
      endpoint,
      apiVersion: apiVersion ?? "negotiated: the highest version both the gateway and the package speak (GET /api_versions)",
      // The session opens with the job's configuration, then sessionProperties; the script's SET lines set the configuration again.
      session: { configuration, ...(Object.keys(sessionProperties).length > 0 ? { sessionProperties } : {}) },
      ...(headers.length > 0 ? { headers: Object.fromEntries(headers.map((h) => [h, SECRET])) } : {}),
      ...(initialSavepointPath !== undefined ? { initialSavepointPath } : {}),
      ...(allowNonRestoredState !== undefined ? { allowNonRestoredState } : {}),
      onUpdate:
        isBatchJob({ flinkConfiguration: configuration })
          ? { then: "stop the job if it still runs, without a savepoint (a batch job takes none; savepointDir is not used), then submit the new script" }
          : savepointDir !== undefined
            ? { savepointDir, then: "stop the running job with a savepoint into savepointDir, then submit the new script restored from it" }
            : { then: "stop the running job without a savepoint, then submit the new script from empty state (set savepointDir to keep state)" },
      // What the provider does (provider-impl.ts), in the order of a resource's life.
      restartOn: "a change of the script, the configuration, sessionProperties or the endpoint (stop, then submit); other inputs (headers, startTimeout, ...) change in place",
      onDelete:
        stopSavepointDir({ flinkConfiguration: configuration, savepointDir }) !== undefined
          ? `stop the job with a savepoint into ${savepointDir} (its path is not reported)`
          : "cancel the job (no savepoint)",
      afterSubmit: {
        startTimeout: args.startTimeout === undefined ? "1min" : typeof args.startTimeout === "number" ? `${args.startTimeout}s` : /^\s*\d+\s*$/.test(args.startTimeout) ? `${args.startTimeout.trim()} ms` : args.startTimeout,
        then: "read the job's status until it is RUNNING or FINISHED; FAILED or CANCELED fails the create or update, still starting after startTimeout is a warning",
      },
    }));
  const named = (name: string): Record<string, unknown> => ({
    "pipeline.name": name,
    note: "added by the provider to the session that submits the script (neither configuration nor sessionProperties set pipeline.name); while a job of that name that this resource does not know has not ended, the create or update fails and submits nothing",
  });
  return summary.apply((s) => jobName.apply((name): Record<string, unknown> => (name !== undefined ? Object.assign({}, s, { jobName: named(name) }) : s)));
}
