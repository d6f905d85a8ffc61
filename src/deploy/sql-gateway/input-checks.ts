/**
 * The SqlGatewayJob dynamic provider's `check` (provider-impl.ts): plain-value checks of the
 * resolved inputs, including those that were Outputs when the resource was constructed (the
 * FlinkSqlJob checks the plain ones at preview). Free of @pulumi/pulumi like the rest of the
 * provider's modules (Pulumi serializes a dynamic provider with the modules it captures).
 */
import { splitStatements } from "../../sql/split.js";
import { isValidationError } from "../../validation/error.js";
import { restoreKeyProblem } from "../target-keys.js";
import { endpointProblem } from "./args.js";
import { headerProblem } from "./http.js";
import { MAX_START_TIMEOUT_MS } from "./start-wait.js";
import { isSqlGatewayApiVersion } from "./versions.js";

/** Plain-value checks of the resolved inputs (also those that were Outputs at construction). */
export function check(news: Record<string, unknown>): { inputs: Record<string, unknown>; failures: { property: string; reason: string }[] } {
  const failures: { property: string; reason: string }[] = [];
  const endpoint = news.endpoint;
  if (typeof endpoint !== "string") failures.push({ property: "endpoint", reason: "endpoint must be a string URL" });
  else {
    const problem = endpointProblem(endpoint);
    if (problem !== undefined) failures.push({ property: "endpoint", reason: problem });
  }
  if (typeof news.script !== "string" || news.script.trim() === "") failures.push({ property: "script", reason: "script is empty" });
  else {
    try {
      if (splitStatements(news.script).length === 0) failures.push({ property: "script", reason: "script holds only comments" });
    } catch (e) {
      if (!isValidationError(e)) throw e;
      failures.push({ property: "script", reason: e.issues.map((i) => i.message).join("; ") });
    }
  }
  for (const key of ["flinkConfiguration", "sessionProperties", "headers"]) {
    const map = news[key];
    if (map === undefined && key !== "flinkConfiguration") continue;
    if (typeof map !== "object" || map === null || Object.values(map).some((v) => typeof v !== "string")) {
      failures.push({ property: key, reason: `${key} must map strings to strings` });
    }
  }
  const headers = news.headers;
  if (typeof headers === "object" && headers !== null) {
    for (const [name, value] of Object.entries(headers)) {
      const problem = typeof value === "string" ? headerProblem(name, value) : undefined;
      if (problem !== undefined) failures.push({ property: "headers", reason: problem });
    }
  }
  const session = news.sessionProperties;
  if (typeof session === "object" && session !== null) {
    for (const key of Object.keys(session)) {
      const restore = restoreKeyProblem(key, "sqlGateway", "sessionProperties (sent after the restore keys)");
      if (restore !== undefined) failures.push({ property: "sessionProperties", reason: restore });
    }
  }
  if (news.jobName !== undefined && (typeof news.jobName !== "string" || news.jobName.trim() === "")) failures.push({ property: "jobName", reason: "jobName must be a non-empty string" });
  if (news.bounded !== undefined && typeof news.bounded !== "boolean") failures.push({ property: "bounded", reason: "bounded must be a boolean" });
  if (news.apiVersion !== undefined && !isSqlGatewayApiVersion(news.apiVersion)) failures.push({ property: "apiVersion", reason: "apiVersion must be v1, v2, v3 or v4" });
  const wait = news.startTimeoutMs;
  if (wait !== undefined && (typeof wait !== "number" || !Number.isInteger(wait) || wait < 0 || wait > MAX_START_TIMEOUT_MS)) {
    failures.push({ property: "startTimeoutMs", reason: `startTimeoutMs must be a whole number of milliseconds from 0 to ${MAX_START_TIMEOUT_MS}` });
  }
  return { inputs: news, failures };
}
