/**
 * The JSON type of every plain prop of the `sqlGateway` arg (args.ts), checked at construction
 * before its values are (deploy/arg-types.ts): the provider would otherwise meet them at `pulumi up`
 * only (`endpoint must be a string URL`), or not at all: it sends `allowNonRestoredState` only when
 * it is `true` (a string "yes" is dropped), and a string of headers would be read as one header per
 * character. `startTimeout` is left to its own check (args.ts startTimeoutProblem), which says what
 * a wrong type is. Values known later (Outputs) are checked when known.
 */
import type { ArgTypeRule } from "../arg-types.js";
import type { SqlGatewayArgs } from "./args.js";
import { SQL_GATEWAY_API_VERSIONS } from "./versions.js";

/** The types of the props of SqlGatewayArgs (every key but `startTimeout`). */
export const SQL_GATEWAY_ARG_TYPES: Readonly<Record<Exclude<keyof SqlGatewayArgs, "startTimeout">, ArgTypeRule>> = {
  endpoint: { type: "string", write: 'the gateway\'s base URL, e.g. "http://sql-gateway:8083"', required: true },
  sessionProperties: { type: "map", write: 'a map of Flink option names to string values, e.g. { "execution.target": "remote" }', secretive: true },
  headers: { type: "map", write: 'a map of header names to string values, e.g. { Authorization: pulumi.secret("Basic ...") }', secretive: true },
  savepointDir: { type: "string", write: 'a directory URI, e.g. "s3://bucket/savepoints"' },
  initialSavepointPath: { type: "string", write: 'a savepoint path, e.g. "s3://bucket/savepoints/savepoint-1a2b3c-0123456789ab"' },
  allowNonRestoredState: { type: "boolean" },
  apiVersion: { type: "string", write: `one of ${SQL_GATEWAY_API_VERSIONS.map((v) => JSON.stringify(v)).join(", ")}, or leave it unset for the highest both sides speak` },
};
