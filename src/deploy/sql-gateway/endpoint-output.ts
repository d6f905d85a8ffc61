/**
 * A SQL Gateway endpoint given as an Output (or a Promise): construction cannot check it, so once
 * its value is known it is checked as a plain one is at construction (args.ts checkEndpoint: not an
 * http(s) URL, user:password@, a query, the REST API's own path at its end (endpoint-path.ts; flink
 * docs `rest_v{1..4}_sql_gateway.yml`) are errors, a bare trailing `/v1` ... `/v4` a warning), the
 * way kubernetes/image-checks.ts checks an Output `kubernetes.image`: an error rejects the Output,
 * so the SqlGatewayJob's inputs fail (and with them its deployment, at preview when the value is
 * known then); a warning is logged on the resource that owns the endpoint (a FlinkSqlJob at
 * `sqlGateway.endpoint`, or a SqlGatewayJob a program creates itself at `endpoint`), after its
 * `acknowledgedWarnings` entries at that path are matched (acknowledged-warnings.ts
 * openDeferredWarnings). A secret endpoint's findings are counted, not quoted: they quote it.
 *
 * Pulumi layer: the provider's modules (input-checks.ts and what it imports) never import this file.
 */
import * as pulumi from "@pulumi/pulumi";
import { openDeferredWarnings, type DeferredAcknowledgements } from "../../validation/acknowledged-warnings.js";
import { Diagnostics } from "../../validation/diagnostics.js";
import { FlinkIcebergValidationError } from "../../validation/error.js";
import { checkEndpoint } from "./args.js";
import { warnLate } from "../../components/late-warnings.js";

/** The resource an endpoint belongs to, as its checks report on it. */
export interface EndpointOwner {
  /** What messages name: `FlinkSqlJob "orders"`, `SqlGatewayJob "orders"` (error.ts resourceLabel). */
  readonly label: string;
  /** The endpoint's prop path on that resource: `sqlGateway.endpoint` (FlinkSqlJob) or `endpoint` (SqlGatewayJob). */
  readonly path: string;
  /** The resource the warnings are logged on; asked once the value is known (a SqlGatewayJob exists only after its constructor's super call). */
  readonly resource: () => pulumi.Resource | undefined;
  /** Its acknowledgedWarnings entries at `path`, which construction kept for the value (acknowledgeWarningsDeferring). */
  readonly acknowledgements?: DeferredAcknowledgements;
}

/**
 * What is said at the endpoint's path in place of `count` errors or warnings of a secret endpoint:
 * their messages quote the endpoint, and neither an error nor the log may show a secret.
 */
export function secretEndpointFindings(count: number, kind: "error" | "warning"): string {
  const them = count === 1 ? "it quotes" : "they quote";
  return (
    `the endpoint is a Pulumi secret and its checks found ${count} ${kind}${count === 1 ? "" : "s"}, not shown because ${them} the endpoint: ` +
    "check that it is the gateway's base URL (http:// or https://, no user:password@, query or fragment, no path of the gateway's REST API such as /v1/sessions at its end, a bare /v1 ... /v4 at its end only as a reverse proxy's prefix), " +
    "or pass the endpoint as a plain string to read them"
  );
}

/**
 * `endpoint` as the SqlGatewayJob takes it: a plain string as it is (checked at construction), an
 * Output or Promise as an Output checked once its value is known.
 * The Output rejects with FlinkIcebergValidationError (labelled `owner.label`, at `owner.path`) for
 * an error; a value that is no string passes (the provider's check says it must be a string URL).
 */
export function checkedEndpoint(endpoint: pulumi.Input<string>, owner: EndpointOwner): pulumi.Input<string> {
  if (typeof endpoint === "string") return endpoint;
  const o = pulumi.output(endpoint);
  return pulumi.all([o, pulumi.output(pulumi.isSecret(o))]).apply(([value, secret]) => {
    const text: unknown = value;
    if (typeof text !== "string") return value;
    const found = new Diagnostics();
    checkEndpoint(text, owner.path, found);
    if (found.errors.length > 0) {
      const issues = secret ? [{ path: owner.path, message: secretEndpointFindings(found.errors.length, "error") }] : found.errors;
      throw new FlinkIcebergValidationError(issues, owner.label);
    }
    logEndpointWarnings(owner, found.warnings, secret);
    return value;
  });
}

/** Logs on the owner the endpoint's warnings no acknowledgement names, and the stale entries; a secret endpoint's by number only. */
function logEndpointWarnings(owner: EndpointOwner, found: Diagnostics["warnings"], secret: boolean): void {
  const open = openDeferredWarnings(found, owner.acknowledgements, secret ? "the endpoint is a Pulumi secret, so its warnings are not quoted" : undefined);
  const resource = owner.resource();
  const quoting = secret ? open.filter((w) => w.path === owner.path) : [];
  if (quoting.length > 0) warnLate(owner.label, { path: owner.path, message: secretEndpointFindings(quoting.length, "warning") }, resource);
  for (const w of open) if (!quoting.includes(w)) warnLate(owner.label, w, resource);
}
