/**
 * Values known only later. The pure core never unwraps a Pulumi Output; it only has to tell one
 * (or a Promise) from a plain value, to defer a check or say what to write instead.
 */

/** True for a value that will be known later (a Pulumi Output or a Promise). */
export function isDeferred(value: unknown): boolean {
  return typeof value === "object" && value !== null && (typeof (value as { apply?: unknown }).apply === "function" || typeof (value as { then?: unknown }).then === "function");
}
