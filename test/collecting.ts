/**
 * synth's collecting mode in tests: every test starts with an empty registry and collects the
 * resources' errors (src/components/collect.ts) instead of throwing at the first one.
 */
import { collectedErrors, startCollecting, stopCollecting } from "../src/components/collect.js";
import { resetRegistry } from "../src/components/job-registry.js";

/** Registers the hooks of a describe block that collects (call it inside the block). */
export function collectEachTest(): void {
  beforeEach(() => {
    resetRegistry();
    startCollecting();
  });
  afterEach(() => {
    stopCollecting();
    resetRegistry();
  });
}

/** The messages of what the job `name` reported, as `path: message` (its line naming the failed tables left out). */
export function jobMessages(name: string): string[] {
  return collectedErrors()
    .filter((e) => e.message.includes(`FlinkSqlJob "${name}"`))
    .flatMap((e) => e.issues.filter((i) => i.path !== "statements").map((i) => `${i.path}: ${i.message}`));
}
