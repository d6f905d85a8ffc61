/**
 * Collects the errors and warnings of one resource (or one pure function call) so that all
 * problems are reported at once.
 */
import { FlinkIcebergValidationError, isValidationError, type ValidationIssue } from "./error.js";

/** Joins a parent prop path and a child segment: `join("columns[1]", "type")` → `columns[1].type`; `[i]` segments attach without a dot. */
export function joinPath(parent: string, child: string | number): string {
  if (typeof child === "number") return `${parent}[${child}]`;
  if (parent === "") return child;
  if (child === "") return parent;
  return child.startsWith("[") ? `${parent}${child}` : `${parent}.${child}`;
}

/** Accumulates issues; `throwIfErrors` raises one FlinkIcebergValidationError with all of them. */
export class Diagnostics {
  /**
   * @param prefix the path every issue is recorded under; a function is called only when an issue
   *   is recorded (hot loops, such as one view per column, then build no path string at all).
   */
  constructor(
    private readonly prefix: string | (() => string) = "",
    readonly errors: ValidationIssue[] = [],
    readonly warnings: ValidationIssue[] = [],
  ) {}

  private get base(): string {
    return typeof this.prefix === "string" ? this.prefix : this.prefix();
  }

  /** Records an error at `path` (relative to this collector's prefix). */
  error(path: string, message: string): void {
    this.errors.push({ path: joinPath(this.base, path), message });
  }

  /** Records a warning at `path`; warnings never stop rendering. */
  warn(path: string, message: string): void {
    this.warnings.push({ path: joinPath(this.base, path), message });
  }

  /** A view that records into this collector under `prefix` (a function: built only when an issue is recorded). */
  at(path: string | number | (() => string)): Diagnostics {
    // The child shares this collector's lists.
    if (typeof path === "function") return new Diagnostics(() => joinPath(this.base, path()), this.errors, this.warnings);
    return new Diagnostics(joinPath(this.base, typeof path === "number" ? `[${path}]` : path), this.errors, this.warnings);
  }

  /**
   * Runs `fn`; a FlinkIcebergValidationError it throws is folded into this collector under `path`
   * (so nested checks that throw still report together). Returns fn's result, or undefined.
   */
  capture<T>(path: string, fn: () => T): T | undefined {
    try {
      return fn();
    } catch (e) {
      if (!isValidationError(e)) throw e;
      for (const i of e.issues) this.error(joinPath(path, i.path), i.message);
      return undefined;
    }
  }

  /**
   * How many errors and warnings are recorded: a memo of clean results compares it before and after
   * a check (bounded-memo.ts), since the checks only append.
   */
  get issueCount(): number {
    return this.errors.length + this.warnings.length;
  }

  get hasErrors(): boolean {
    return this.errors.length > 0;
  }

  /** Whether an error was recorded at `path` (relative to this collector's prefix): a cross-field rule skips a field already reported. */
  hasErrorAt(path: string): boolean {
    const at = joinPath(this.base, path);
    return this.errors.some((e) => e.path === at);
  }

  /** Throws one FlinkIcebergValidationError listing every error, labelled with `resource` (e.g. `IcebergSink "daily"`). */
  throwIfErrors(resource?: string): void {
    if (this.errors.length > 0) throw new FlinkIcebergValidationError([...this.errors], resource, this.warnings);
  }
}

/**
 * The error for a map key that JavaScript objects cannot carry as data, or undefined: an own
 * "__proto__" key (from JSON.parse or Object.fromEntries) is dropped by assignment and by Pulumi
 * Outputs, so it would vanish from the rendered WITH clause or configuration without a word.
 */
export function unsafeMapKeyProblem(key: string): string | undefined {
  return key === "__proto__" ? 'the key "__proto__" cannot be carried through JavaScript objects and Pulumi Outputs (it would be dropped without a word); no Flink or Iceberg option has this name' : undefined;
}
