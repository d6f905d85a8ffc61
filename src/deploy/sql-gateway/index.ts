/**
 * The SQL Gateway deploy target: REST client, statement submission, dynamic provider and resource.
 * Re-exports only; see the files for sources. The provider (./provider.js) is not re-exported:
 * SqlGatewayJob requires it when a job uses the gateway, and the bundle keeps it in its own files
 * (tools/bundle.cjs).
 */
export { submitToSqlGateway, stopJobOnSqlGateway, showJobsOnSqlGateway, jobStatusOnSqlGateway, isJobGoneError, stopJobStatement, TERMINAL_JOB_STATES } from "./client.js";
export type { SqlGatewayClientOptions, SubmitToSqlGatewayOptions, SqlGatewaySubmission, StopJobOnSqlGatewayOptions, SqlGatewayJobInfo } from "./client.js";
export { SqlGatewayError, isSqlGatewayError, type SqlGatewayErrorKind } from "./errors.js";
export type { HttpOptions } from "./http.js";
export type { PollOptions } from "./session.js";
export { SQL_GATEWAY_API_VERSIONS, savepointDirKey, type SqlGatewayApiVersion } from "./versions.js";
export { validateSqlGatewayArgs, type SqlGatewayArgs } from "./args.js";
export { SqlGatewayJob, type SqlGatewayJobArgs } from "./resource.js";
