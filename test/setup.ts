/**
 * Root hooks for every test file. Mocha swallows unhandled promise rejections (they would let a
 * broken Output pass silently), so they are collected here, attributed to the test that was
 * running, and fail the run at the end (a failing afterEach root hook would make mocha skip every
 * later test). A test that expects rejections takes them with `drainUnhandled()`.
 */
const pending: unknown[] = [];

/**
 * Pulumi's mock runtime prints every `pulumi.log` call as `warning: [runtime] ...` (the fuzz tests'
 * random valid props log hundreds of expected warnings). Tests that check warnings read them from
 * the component or synth, so these lines are counted and hidden; TEST_RUNTIME_LOG=1 shows them.
 */
let hiddenRuntimeLines = 0;
if (process.env.TEST_RUNTIME_LOG === undefined) {
  const RUNTIME_LINE = /^(?:debug|info|warning): \[runtime\] /;
  for (const method of ["log", "warn"] as const) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]): void => {
      if (typeof args[0] === "string" && RUNTIME_LINE.test(args[0])) hiddenRuntimeLines++;
      else original(...args);
    };
  }
}
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
    if (hiddenRuntimeLines > 0) process.stderr.write(`[setup] ${hiddenRuntimeLines} Pulumi runtime log line(s) hidden (TEST_RUNTIME_LOG=1 shows them)\n`);
    if (leaks.length > 0) throw new Error(`unhandled promise rejections in ${leaks.length} test(s):\n\n${leaks.join("\n\n")}`);
  },
};
