/**
 * Root hooks for every test file. Mocha swallows unhandled promise rejections (they would let a
 * broken Output pass silently), so they are collected here and fail the test that caused them,
 * unless the test takes them with `drainUnhandled()`.
 */
const pending: unknown[] = [];

process.on("unhandledRejection", (reason) => {
  pending.push(reason);
});

/** Returns (and clears) the unhandled rejections seen so far; for tests that expect them. */
export function drainUnhandled(): unknown[] {
  return pending.splice(0, pending.length);
}

export const mochaHooks = {
  async afterEach(this: Mocha.Context): Promise<void> {
    // Let rejections queued by the test surface before checking.
    await new Promise((resolve) => setImmediate(resolve));
    if (pending.length > 0) {
      const seen = drainUnhandled();
      const text = seen.map((r) => (r instanceof Error ? r.stack ?? r.message : String(r))).join("\n---\n");
      throw new Error(`${seen.length} unhandled promise rejection(s) during "${this.currentTest?.fullTitle()}":\n${text}`);
    }
  },
};
