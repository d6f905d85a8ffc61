/**
 * Root hooks for every test file. Mocha swallows unhandled promise rejections (they would let a
 * broken Output pass silently), so they are collected here, attributed to the test that was
 * running, and fail the run at the end (a failing afterEach root hook would make mocha skip every
 * later test). A test that expects rejections takes them with `drainUnhandled()`.
 */
const pending: unknown[] = [];
const leaks: string[] = [];

process.on("unhandledRejection", (reason) => {
  pending.push(reason);
});

/** Returns (and clears) the unhandled rejections seen so far; for tests that expect them. */
export function drainUnhandled(): unknown[] {
  return pending.splice(0, pending.length);
}

function describeReason(r: unknown): string {
  return r instanceof Error ? (r.stack ?? r.message) : String(r);
}

export const mochaHooks = {
  async afterEach(this: Mocha.Context): Promise<void> {
    // Let rejections queued by the test surface before checking.
    await new Promise((resolve) => setImmediate(resolve));
    if (pending.length > 0) {
      const seen = drainUnhandled();
      const title = this.currentTest?.fullTitle() ?? "(unknown test)";
      leaks.push(`${seen.length} unhandled promise rejection(s) during "${title}":\n${seen.map(describeReason).join("\n---\n")}`);
      process.stderr.write(`\n[setup] ${leaks[leaks.length - 1]!.split("\n")[0]}\n`);
    }
  },
  afterAll(): void {
    if (leaks.length > 0) throw new Error(`unhandled promise rejections in ${leaks.length} test(s):\n\n${leaks.join("\n\n")}`);
  },
};
