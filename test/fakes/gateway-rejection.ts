/**
 * Shared by the SQL Gateway tests: the rejection a client or provider call ends with.
 */
import { expect } from "chai";
import { SqlGatewayError } from "../../src/deploy/sql-gateway/errors.js";

/** Awaits `p`, expecting it to reject with a SqlGatewayError, and returns that error. */
export async function gatewayRejection(p: Promise<unknown>): Promise<SqlGatewayError> {
  try {
    await p;
  } catch (e) {
    expect(e).to.be.instanceOf(SqlGatewayError);
    return e as SqlGatewayError;
  }
  throw new Error("expected a rejection");
}
