/**
 * The JSON type of each plain prop of a deploy target's args (`kubernetes`, `sqlGateway`), checked at
 * construction: JavaScript programs have no compiler, and pulumi Config's `get()` returns strings,
 * so `allowNonRestoredState: "yes"` or `headers: "Authorization: x"` would otherwise reach the
 * manifest or the provider as they are (a FlinkDeployment field the CRD declares boolean is refused
 * by the API server at `pulumi up`; a string of headers would be read as 16 headers "0" ... "15").
 * Values known later (Outputs, Promises) are not checked here. Pure: records into a Diagnostics.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { isDeferred } from "../validation/deferred.js";

/** The JSON type a prop takes: a map is an object of named entries (its entries are checked by the target's own rules). */
export type ArgType = "boolean" | "number" | "string" | "object" | "map";

/** One prop's type, and what to write (`a URL such as "http://sql-gateway:8083"`; for a boolean, true or false is said). */
export interface ArgTypeRule {
  readonly type: ArgType;
  /** What a message says to write, e.g. `a number of cores, e.g. 2`; unused for booleans. */
  readonly write?: string;
  /** Set for a prop without default: absent (undefined) is an error saying what to write. */
  readonly required?: boolean;
  /** Set when the value may carry a credential (headers, session properties): a wrong value is described, never quoted. */
  readonly secretive?: boolean;
  /** Set when the prop takes no Output (its value is rendered at construction): what to say of one, after "is a Pulumi Output: ". */
  readonly plainOnly?: string;
}

/** The rules of every prop of an args object, by prop name. */
export type ArgTypeTable = Readonly<Record<string, ArgTypeRule>>;

/** A Map or Set (or their weak kinds): a collection whose entries are no own props. */
export function isCollection(value: object): boolean {
  return value instanceof Map || value instanceof Set || value instanceof WeakMap || value instanceof WeakSet;
}

/** "a string", "a number", "an array", "null" ...: what `value` is, for a message. */
export function jsonKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (value instanceof Map) return "a Map";
  if (value instanceof Set) return "a Set";
  if (value instanceof WeakMap) return "a WeakMap";
  if (value instanceof WeakSet) return "a WeakSet";
  const t = typeof value;
  return t === "object" ? "an object" : t === "undefined" ? "undefined" : `a ${t}`;
}

/** `value` as a message shows it before "is": a string quoted (cut after 60 characters), a number or boolean as written, else (or secretive) nothing. */
function shown(value: unknown, secretive: boolean): string {
  if (!secretive && typeof value === "string") return `${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}...` : value)} `;
  if (!secretive && (typeof value === "number" || typeof value === "boolean")) return `${String(value)} `;
  return "";
}

/** True when `value` has the JSON type `type` (a map or object: no array; a map: no Map or Set either). */
function hasType(value: unknown, type: ArgType): boolean {
  // A Map's entries are no own props: every reader of the map (Object.entries, a spread) would drop them.
  if (type === "map") return typeof value === "object" && value !== null && !Array.isArray(value) && !isCollection(value);
  if (type === "object") return typeof value === "object" && value !== null && !Array.isArray(value);
  if (type === "number") return typeof value === "number" && Number.isFinite(value);
  return typeof value === type;
}

/** Why `value` does not have the rule's type (`"yes" is a string: write true or false`), or undefined when it has. */
export function argTypeProblem(value: unknown, rule: ArgTypeRule): string | undefined {
  if (value === undefined) return rule.required === true ? `must be set: write ${rule.write ?? "a value"}` : undefined;
  if (isDeferred(value)) return rule.plainOnly !== undefined ? `is a Pulumi Output: ${rule.plainOnly}` : undefined;
  if (hasType(value, rule.type)) return undefined;
  const what = `${shown(value, rule.secretive === true)}is ${typeof value === "number" && !Number.isFinite(value) ? "not a finite number" : jsonKind(value)}`;
  if (rule.type === "boolean") {
    const text = typeof value === "string" ? value.trim().toLowerCase() : undefined;
    return text === "true" || text === "false" ? `${what}: write ${text} (a boolean, without quotes)` : `${what}: write true or false`;
  }
  if (rule.type === "number" && typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value.trim()))) {
    return `${what}: write ${Number(value.trim())} (a number, without quotes)`;
  }
  return `${what}: write ${rule.write ?? `a ${rule.type}`}`;
}

/**
 * Checks each prop of `args` named in `table` against its rule and records an error at the prop's
 * path (relative to `diag`) for each that does not fit. Returns the names of the props that do not:
 * the target's other checks skip them, so each wrong prop is reported once.
 */
export function checkArgTypes(args: object, table: ArgTypeTable, diag: Diagnostics): ReadonlySet<string> {
  const wrong = new Set<string>();
  for (const [prop, rule] of Object.entries(table)) {
    const problem = argTypeProblem((args as Record<string, unknown>)[prop], rule);
    if (problem === undefined) continue;
    diag.error(prop, problem);
    wrong.add(prop);
  }
  return wrong;
}

/** `args` without the props in `wrong` (the same object when there are none), for the checks that read the values. */
export function withoutProps<T extends object>(args: T, wrong: ReadonlySet<string>): T {
  if (wrong.size === 0) return args;
  const copy = { ...args } as Record<string, unknown>;
  for (const prop of wrong) delete copy[prop];
  return copy as unknown as T;
}
