/**
 * The checks of the `sqlGateway.sessionProperties` map's entries (args.ts SqlGatewayArgs), one
 * entry at a time: at construction for a plain map (args.ts validateSqlGatewayArgs), and once its
 * value is known for a map given as one Output, e.g. `pulumi.secret({...})` (session-output.ts).
 * Pure; free of @pulumi/pulumi.
 */
import { Diagnostics } from "../../validation/diagnostics.js";
import { isDeferred } from "../../validation/deferred.js";
import { credentialEnvironment } from "../../validation/credential-remedies.js";
import { isCredentialKey, plainStringValueProblem, valueCarriesCredential } from "../../validation/secrets.js";
import { icebergWriteKeyProblem, JOB_DECIDED_KEYS } from "../../sql/job-config.js";
import { restoreKeyProblem } from "../target-keys.js";
import { flinkKeyTypoWarning } from "../../options/known-flink-options.js";
import { reportFlinkOptionValue } from "../../options/flink-option-values.js";
import { sameFlinkOptionValue } from "../../options/same-option-value.js";

/** The message for a credential given as a plain string: `subject` (e.g. `"Authorization"`) and how the values travel. */
export function plainCredentialMessage(subject: string, travel: string): string {
  return `${subject} carries a credential but is a plain string, which would sit in plain text in the program; pass it as a Pulumi secret (pulumi.secret(...) or config.requireSecret(...)): ${travel}`;
}
const SESSION_TRAVEL = "session properties go to the gateway in the request body, never into the script, and are stored as secrets";

/**
 * Keys of Flink's S3 filesystems (flink-s3-fs-hadoop reads `s3.`, `s3a.` and `fs.s3a.`,
 * flink-s3-fs-presto `s3.` and `presto.s3.`): each process reads them from the cluster's
 * configuration when it starts (flink-core FileSystem.initialize, from the entrypoints), never from
 * a session's properties, so on a session cluster they have no effect there.
 */
const S3_FILESYSTEM_KEY = /^(?:s3|s3a|fs\.s3a|presto\.s3)\./i;

/** What to say of an S3 filesystem key in sessionProperties (a credential, or a setting), or undefined for another key. */
function s3FilesystemKeyProblem(key: string): { credential: string; setting: string } | undefined {
  if (!S3_FILESYSTEM_KEY.test(key.trim())) return undefined;
  const why = `${JSON.stringify(key)} is a key of Flink's S3 filesystem, which each process of the session cluster reads from the cluster's configuration when it starts (flink FileSystem.initialize), never from a session: as a session property it has no effect`;
  return {
    credential:
      `${why}, and a credential would be kept in Pulumi state for nothing. Remove it and pass the credential ${credentialEnvironment("sqlGateway", true)}: ` +
      "S3 clients (Flink's filesystem and an Iceberg catalog's S3FileIO) read AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY there",
    setting: `${why}; set it in the Flink configuration of the session cluster where it is deployed (an Iceberg catalog on S3FileIO takes s3.* keys in its catalog.properties instead)`,
  };
}

/** What is said at an entry of a secret map in place of `count` findings of its value's checks, which quote the value. */
export function secretValueFindings(count: number): string {
  return (
    `the session properties are a Pulumi secret and the check of this value found ${count} error${count === 1 ? "" : "s"}, not shown because ${count === 1 ? "it quotes" : "they quote"} the value: ` +
    "check that it is a valid value of the option, or pass the map as a plain one (with pulumi.secret(...) values where needed) to read them"
  );
}

/**
 * What the values of a session map are: `plain` (given as they are, each a string or an Output),
 * `checked-credentials` (the values of a map given as one Output that is no secret, whose
 * credentials its caller checked), `secret` (the values of a map that is a Pulumi secret).
 */
export type SessionValues = "plain" | "checked-credentials" | "secret";

/**
 * Checks each entry of `session` and records errors and warnings in `diag` at
 * `${path}["key"]`: an empty key, a value that is no string, a restore key, an Iceberg write
 * option, a key the job decides, a key of Flink's S3 filesystem, a credential in plain text, a key
 * Flink does not know (a warning), a value the option does not take. A credential in plain text is
 * checked for `plain` values only; for `secret` ones the findings of a value's checks are counted,
 * not quoted (secretValueFindings).
 */
export function checkSessionProperties(session: Readonly<Record<string, unknown>>, path: string, diag: Diagnostics, mode: SessionValues = "plain"): void {
  const secret = mode === "secret";
  const credentials = mode === "plain";
  for (const [key, value] of Object.entries(session)) {
    const at = `${path}[${JSON.stringify(key)}]`;
    if (key.trim() === "") diag.error(path, "a session property key is empty");
    if (typeof value !== "string" && !isDeferred(value)) diag.error(at, secret ? secretValueFindings(1) : plainStringValueProblem(value, key, "sessionProperties", "the session"));
    // A credential key is reported below; a value that embeds one under another key here.
    if (credentials && typeof value === "string" && !isCredentialKey(key) && valueCarriesCredential(value)) {
      diag.error(at, plainCredentialMessage(`the value of ${JSON.stringify(key)} (user:password@ or a password=/token= parameter)`, SESSION_TRAVEL));
    }
    const restore = restoreKeyProblem(key, "sqlGateway", "sessionProperties (sent after the restore keys)");
    if (restore !== undefined) diag.error(at, restore);
    const write = icebergWriteKeyProblem(key);
    if (write !== undefined) diag.error(at, write);
    const decidedBy = JOB_DECIDED_KEYS.get(key.trim());
    if (decidedBy !== undefined) {
      diag.error(at, `${JSON.stringify(key)} is decided by ${decidedBy} and sent with the job's configuration; a session property would override what preview validated. Set it there instead`);
    }
    const filesystem = s3FilesystemKeyProblem(key);
    if (filesystem !== undefined) {
      if (isCredentialKey(key)) diag.error(at, filesystem.credential);
      else diag.warn(at, filesystem.setting);
    } else if (credentials && isCredentialKey(key) && typeof value === "string") {
      diag.error(at, plainCredentialMessage(JSON.stringify(key), SESSION_TRAVEL));
    }
    const typo = diag.hasErrorAt(at) ? undefined : flinkKeyTypoWarning(key);
    if (typo !== undefined) diag.warn(at, typo);
    if (typeof value !== "string" || diag.hasErrorAt(at)) continue;
    if (!secret) {
      reportFlinkOptionValue(key, value, at, diag);
      continue;
    }
    const found = new Diagnostics();
    reportFlinkOptionValue(key, value, "", found);
    if (found.errors.length > 0) diag.error(at, secretValueFindings(found.errors.length));
  }
}

/**
 * The session starts with the job's configuration, then sessionProperties; the script's SET lines
 * run after that and win, so a key in both with another value would be set twice with different
 * winners: an error at `${path}["key"]` (a warning for a value that is an Output: it may resolve to
 * the job's value). Keys the job decides are checkSessionProperties' error already. With `secret`
 * (the values of a map that is a Pulumi secret) the session's value is not quoted.
 */
export function checkSessionAgainstJob(session: Readonly<Record<string, unknown>>, jobConfiguration: Readonly<Record<string, string>>, path: string, diag: Diagnostics, secret = false): void {
  for (const [key, value] of Object.entries(session)) {
    const k = key.trim();
    if (!Object.hasOwn(jobConfiguration, k) || JOB_DECIDED_KEYS.has(k)) continue;
    const jobValue = jobConfiguration[k];
    // A value that is no string is checkSessionProperties' error.
    if (jobValue === value || (typeof value !== "string" && !isDeferred(value))) continue;
    // The same value written another way ("1 h" and "60 min") sets nothing twice.
    if (typeof value === "string" && jobValue !== undefined && sameFlinkOptionValue(k, jobValue, value)) continue;
    const at = `${path}[${JSON.stringify(key)}]`;
    if (isDeferred(value)) {
      diag.warn(at, `is also in the job's configuration (${JSON.stringify(jobValue)} there, an Output here): if it resolves to another value, the script's SET line wins; set it in one place`);
      continue;
    }
    const here = secret ? "another value, a secret, here" : `${JSON.stringify(value)} here`;
    diag.error(at, `conflicts with the job's configuration (${JSON.stringify(jobValue)} there, ${here}; the script's SET line would win): set it in one place`);
  }
}
