/**
 * REST API versions of the SQL Gateway and what the gateway's Flink version can do.
 *
 * Sources: apache/flink flink-table/flink-sql-gateway/.../rest/util/SqlGatewayRestAPIVersion.java
 * (V1 Flink 1.16, V2 1.17, V3 1.20, V4 2.0; URL prefix `/v1` ... `/v4`),
 * .../rest/handler/util/GetApiVersionHandler.java (`GET /api_versions` answers the enum names,
 * `{"versions":["V1","V2",...]}`), .../rest/handler/util/GetInfoHandler.java (`GET /info` answers
 * `{"productName":"Apache Flink","version":"1.20.1"}`); REST specs
 * docs/static/generated/rest_v{1..4}_sql_gateway.yml (kept in shared/conformance/sql-gateway).
 */
import { SqlGatewayError } from "./errors.js";
import type { GatewayHttp } from "./http.js";
import { stateDirKeys } from "../state-dirs.js";

/** The REST API versions this client speaks, oldest first. */
export const SQL_GATEWAY_API_VERSIONS = ["v1", "v2", "v3", "v4"] as const;

/** A SQL Gateway REST API version (URL prefix). */
export type SqlGatewayApiVersion = (typeof SQL_GATEWAY_API_VERSIONS)[number];

/** True for "v1" ... "v4". */
export function isSqlGatewayApiVersion(v: unknown): v is SqlGatewayApiVersion {
  return typeof v === "string" && (SQL_GATEWAY_API_VERSIONS as readonly string[]).includes(v);
}

/** Index of a version for ordering. */
export function versionRank(v: SqlGatewayApiVersion): number {
  return SQL_GATEWAY_API_VERSIONS.indexOf(v);
}

/** Highest version both sides speak, from the `versions` list of `GET /api_versions` (case-insensitive: the server sends enum names "V1"). */
export function pickApiVersion(serverVersions: readonly string[]): SqlGatewayApiVersion | undefined {
  const offered = new Set(serverVersions.map((v) => v.toLowerCase()));
  for (let k = SQL_GATEWAY_API_VERSIONS.length - 1; k >= 0; k--) {
    const v = SQL_GATEWAY_API_VERSIONS[k]!;
    if (offered.has(v)) return v;
  }
  return undefined;
}

/** `GET /api_versions` and pick the highest common version. */
export async function negotiateApiVersion(http: GatewayHttp): Promise<SqlGatewayApiVersion> {
  const body = (await http.request("GET", "/api_versions", "reading the REST API versions (GET /api_versions)")) as { versions?: unknown };
  const versions = Array.isArray(body.versions) ? body.versions.filter((v): v is string => typeof v === "string") : [];
  const picked = pickApiVersion(versions);
  if (picked === undefined) {
    throw new SqlGatewayError(http.endpoint, `the gateway speaks none of the REST API versions this client knows (${SQL_GATEWAY_API_VERSIONS.join(", ")}); it offers: ${JSON.stringify(body.versions)}`, {
      kind: "protocol",
    });
  }
  return picked;
}

/** A Flink release as major.minor(.patch), from the `version` of `GET /info` (e.g. "1.20.1", "2.1-SNAPSHOT"). */
export interface FlinkVersion {
  readonly major: number;
  readonly minor: number;
  /** The text the gateway sent. */
  readonly text: string;
}

/** Parses "1.20.1", "2.0-SNAPSHOT", "1.17"; undefined when it is not a version. */
export function parseFlinkVersion(text: string): FlinkVersion | undefined {
  const m = /^(\d+)\.(\d+)/.exec(text.trim());
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), text };
}

/** a >= major.minor */
export function atLeast(v: FlinkVersion, major: number, minor: number): boolean {
  return v.major > major || (v.major === major && v.minor >= minor);
}

/**
 * The lowest Flink release that speaks `api`, used when `GET /info` gives no parseable version:
 * v1 → 1.16, v2 → 1.17, v3 → 1.20, v4 → 2.0.
 */
export function minimumFlinkOf(api: SqlGatewayApiVersion): FlinkVersion {
  const [major, minor] = ({ v1: [1, 16], v2: [1, 17], v3: [1, 20], v4: [2, 0] } as const)[api];
  return { major, minor, text: `${major}.${minor} (from REST API ${api})` };
}

/** `GET /info` → the gateway's Flink version; falls back to the version implied by `api`. */
export async function readFlinkVersion(http: GatewayHttp, api: SqlGatewayApiVersion): Promise<FlinkVersion> {
  const body = (await http.request("GET", `/${api}/info`, "reading the gateway's Flink version (GET /info)")) as { version?: unknown };
  return (typeof body.version === "string" ? parseFlinkVersion(body.version) : undefined) ?? minimumFlinkOf(api);
}

/**
 * The configuration key of the savepoint directory for a Flink version:
 * `execution.checkpointing.savepoint-dir` from 1.20 on (FLINK-34482; apache/flink
 * flink-core/.../configuration/CheckpointingOptions.java SAVEPOINT_DIRECTORY, which still reads
 * `state.savepoints.dir` as a deprecated key), `state.savepoints.dir` before.
 */
export function savepointDirKey(v: FlinkVersion): string {
  return stateDirKeys(v.major, v.minor).savepointDirKey;
}

/** STOP JOB and SHOW JOBS exist in the gateway from Flink 1.17 (FLINK-28617). */
export function supportsJobStatements(v: FlinkVersion): boolean {
  return atLeast(v, 1, 17);
}
