/**
 * The SQL Gateway provider tests' harness: a fake gateway per test (requests checked against the
 * REST specs, closed after each test) and the provider's inputs against it.
 */
import { expect } from "chai";
import { FakeSqlGateway, type FakeGatewayOptions } from "./sql-gateway.js";

export interface ProviderHarness {
  /** Starts this test's fake gateway (statements finish at once unless `statuses` says otherwise). */
  start(o?: FakeGatewayOptions): Promise<FakeSqlGateway>;
  /** The provider inputs: the fake's endpoint, `base`, then `extra`. */
  inputs(extra?: Record<string, unknown>): Record<string, unknown>;
}

/** Registers the per-test clean-up in the calling `describe`. */
export function providerHarness(base: Record<string, unknown>): ProviderHarness {
  let fake: FakeSqlGateway | undefined;
  afterEach(async () => {
    expect(fake!.violations).to.deep.equal([]);
    await fake!.close();
  });
  return {
    start: async (o = {}) => (fake = await FakeSqlGateway.start({ statuses: [], ...o })),
    inputs: (extra = {}) => ({ endpoint: fake!.endpoint, ...base, ...extra }),
  };
}
