/**
 * The one error type the package throws for invalid props.
 *
 * Every rule that can be checked on plain values runs when a resource is constructed, so
 * `pulumi preview` fails before anything is created; all problems of a resource are collected and
 * reported together, each with the prop path it concerns (DESIGN.md, preview-time validation).
 */

/** One problem: the prop path (e.g. `columns[2].type`, `upsertEnabled`) and what is wrong and what to write instead. */
export interface ValidationIssue {
  /** Dotted prop path relative to the resource's args, with `[i]` for array items; "" for the resource as a whole. */
  readonly path: string;
  /** What is wrong, the value given, what is allowed and how to fix it. */
  readonly message: string;
}

/** Renders the resource label used in messages, e.g. `IcebergSink "daily"`. */
export function resourceLabel(kind: string, name: string): string {
  return `${kind} ${JSON.stringify(name)}`;
}

/** One issue as a line: `<resource>: <path>: <message>`, the path named once. */
export function formatIssue(resource: string | undefined, issue: ValidationIssue): string {
  const where = [resource, issue.path].filter((s) => s !== undefined && s !== "").join(": ");
  // A message that starts with its own path ("catalog.name must not be empty") names it once.
  const message = issue.path !== "" && issue.message.startsWith(`${issue.path} `) ? issue.message.slice(issue.path.length + 1) : issue.message;
  return where === "" ? message : `${where}: ${message}`;
}

/**
 * Thrown at preview when props are invalid. `issues` lists every problem found, not just the
 * first; `message` repeats them one per line, each prefixed with the resource and prop path.
 */
export class FlinkIcebergValidationError extends Error {
  /** Every problem found, in the order the checks ran. Never empty. */
  readonly issues: readonly ValidationIssue[];
  /** The resource the problems belong to, e.g. `IcebergSink "daily"`, when known. */
  readonly resource: string | undefined;
  /**
   * The warnings the same checks found (not part of `message`), but those the resource's
   * `acknowledgedWarnings` names: a resource that fails registers nothing, so these are not
   * logged; synth prints them with the errors, so one run shows both.
   */
  readonly warnings: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[], resource?: string, warnings: readonly ValidationIssue[] = []) {
    const list = issues.length > 0 ? issues : [{ path: "", message: "invalid input" }];
    const lines = list.map((i) => formatIssue(resource, i));
    const head =
      list.length === 1
        ? lines[0]!
        : `${resource ?? "invalid props"}: ${list.length} problems:\n${lines.map((l) => `  - ${l}`).join("\n")}`;
    super(head);
    this.name = "FlinkIcebergValidationError";
    this.issues = Object.freeze(list.map((i) => Object.freeze({ path: i.path, message: i.message })));
    this.resource = resource;
    this.warnings = Object.freeze(warnings.map((i) => Object.freeze({ path: i.path, message: i.message })));
  }
}

/** True when `e` is a FlinkIcebergValidationError (also across duplicated module copies). */
export function isValidationError(e: unknown): e is FlinkIcebergValidationError {
  return e instanceof FlinkIcebergValidationError || (e instanceof Error && e.name === "FlinkIcebergValidationError" && Array.isArray((e as { issues?: unknown }).issues));
}
