/**
 * `sessionProperties` given as one Output (`pulumi.secret({...})`, an Output of a map built from
 * stack outputs): construction cannot read its entries, so once its value is known they are checked
 * as a plain map's are at construction (session-properties.ts checkSessionProperties: a restore key,
 * an Iceberg write option, a key the job decides, a key of Flink's S3 filesystem, a value the option
 * does not take; checkSessionAgainstJob: a key the job's configuration sets to another value;
 * dml-sync.ts: `table.dml-sync` true), the way endpoint-output.ts checks an Output endpoint: an error
 * rejects the Output, so the SqlGatewayJob's inputs fail (and with them its deployment, and synth);
 * a warning is logged on the resource that owns the map. A map that is not a Pulumi secret must
 * carry no credential (a credential key, or a value that embeds one); a secret map's values are
 * never quoted (secretValueFindings).
 *
 * Pulumi layer: the provider's modules (input-checks.ts and what it imports) never import this file.
 */
import * as pulumi from "@pulumi/pulumi";
import { warnLate } from "../../components/late-warnings.js";
import { Diagnostics } from "../../validation/diagnostics.js";
import { FlinkIcebergValidationError } from "../../validation/error.js";
import { isCredentialKey, valueCarriesCredential } from "../../validation/secrets.js";
import { checkDmlSync } from "./dml-sync.js";
import { checkSessionAgainstJob, checkSessionProperties } from "./session-properties.js";

/** The resource the map belongs to, as its checks report on it. */
export interface SessionPropertiesOwner {
  /** What messages name: `FlinkSqlJob "orders"`, `SqlGatewayJob "orders"` (error.ts resourceLabel). */
  readonly label: string;
  /** The map's prop path on that resource: `sqlGateway.sessionProperties` (FlinkSqlJob) or `sessionProperties` (SqlGatewayJob). */
  readonly path: string;
  /** The resource the warnings are logged on; asked once the value is known. */
  readonly resource: () => pulumi.Resource | undefined;
}

/** What the checks compare the map with, each when known at construction: the job's configuration, and whether the job ends by itself. */
export interface SessionJobFacts {
  readonly flinkConfiguration?: Readonly<Record<string, string>>;
  readonly bounded?: boolean;
}

/**
 * `props`, an Output of the whole map, checked once its value is known. The Output rejects with
 * FlinkIcebergValidationError (labelled `owner.label`, at `${owner.path}["key"]`) for an error.
 */
export function checkedSessionProperties(props: pulumi.Output<Record<string, string>>, owner: SessionPropertiesOwner, job: SessionJobFacts): pulumi.Output<Record<string, string>> {
  return pulumi.all([props, pulumi.output(pulumi.isSecret(props))]).apply(([map, secret]) => {
    // A value that is no map is the provider's check ("sessionProperties must map strings to strings").
    if (typeof map !== "object" || map === null || Array.isArray(map)) return map;
    const found = new Diagnostics();
    if (!secret) {
      for (const key of Object.keys(map)) {
        const value: unknown = map[key];
        if (isCredentialKey(key) || (typeof value === "string" && valueCarriesCredential(value))) {
          found.error(`${owner.path}[${JSON.stringify(key)}]`, "carries a credential in a map that is not a Pulumi secret; pass the map (or the value) as a Pulumi secret: session properties are stored as secrets");
        }
      }
      // Their other findings may quote the credential.
      if (found.errors.length > 0) throw new FlinkIcebergValidationError(found.errors, owner.label);
    }
    checkSessionProperties(map, owner.path, found, secret ? "secret" : "checked-credentials");
    if (job.flinkConfiguration !== undefined) checkSessionAgainstJob(map, job.flinkConfiguration, owner.path, found, secret);
    if (job.bounded !== undefined) checkDmlSync({}, map, owner.path, job.bounded, found);
    if (found.errors.length > 0) throw new FlinkIcebergValidationError(found.errors, owner.label);
    const resource = owner.resource();
    for (const w of found.warnings) warnLate(owner.label, w, resource);
    return map;
  });
}
