/**
 * synth's collecting mode: every component's validation errors are recorded instead of thrown, so
 * one synth run lists the problems of every resource. Off in a real `pulumi preview` / `up`,
 * where the first invalid resource throws from its constructor and stops the program before
 * anything after it registers (nothing half-deployed). The CLI turns it on (run-program.ts).
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { isValidationError, type FlinkIcebergValidationError } from "../validation/error.js";
import { registry } from "./job-registry.js";

/** Turns collecting on for the program about to run (after resetRegistry). */
export function startCollecting(): void {
  const r = registry();
  r.collected = [];
  r.collecting = true;
}

/** Turns collecting off once the program has run (collectedErrors keeps what it recorded). */
export function stopCollecting(): void {
  registry().collecting = false;
}

/** The validation errors collected so far, in the order the resources were created. */
export function collectedErrors(): readonly FlinkIcebergValidationError[] {
  return registry().collected ?? [];
}

/**
 * Runs `validate`. Its FlinkIcebergValidationError propagates, or, while collecting, is recorded,
 * handed to `collected` (a failed table reads what its errors leave readable: failed-table-facts.ts)
 * and undefined returned (the component then registers as failed). Other errors always propagate.
 */
export function validatedOrCollected<T>(validate: () => T, collected?: (e: FlinkIcebergValidationError) => void): T | undefined {
  try {
    return validate();
  } catch (e) {
    const r = registry();
    if (!isValidationError(e) || r.collecting !== true || r.collected === undefined) throw e;
    r.collected.push(e);
    collected?.(e);
    return undefined;
  }
}

/**
 * True when `diag` has no errors. Otherwise throws its FlinkIcebergValidationError (labelled
 * `label`), or, while collecting, records it and returns false.
 */
export function passedOrCollected(diag: Diagnostics, label: string): boolean {
  if (!diag.hasErrors) return true;
  validatedOrCollected(() => diag.throwIfErrors(label));
  return false;
}
