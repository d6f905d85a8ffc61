/**
 * A value's content as one text, for the memos keyed by content (bounded-memo.ts): two values any
 * check reads alike get one text, and values a check could tell apart get different texts. Two
 * writers, for two kinds of args:
 * - jsonText: JSON.stringify's text (native, a few times faster than a text built in script),
 *   given only where that text is faithful: plain data without undefined (JSON drops the prop or
 *   writes null), NaN and the infinities (null), -0 (0) or holes (null). For args that are large
 *   and plain, such as a table's (options/table-plan-memo.ts).
 * - contentText: a text built value by value that also tells those apart (an undefined value, a
 *   hole, -0 and NaN each have their own), for args that hold them, such as the `kubernetes` arg
 *   (deploy/kubernetes/validation-memo.ts).
 * Both write plain data only: arrays (not subclasses) and objects whose prototype is
 * Object.prototype or null, with their own enumerable props in their order (the order Object.keys,
 * a spread and a zod parse see). Anything else has no text (undefined; the memo then checks that
 * value fresh): an Output or Promise, a class instance such as a DataType, a function, a symbol, a
 * bigint, an object with a non-enumerable own prop (a check may read it by name where a listing
 * skips it) or, for jsonText, an inherited enumerable one, a nesting deeper than MAX_DEPTH or a cycle.
 */

/** Deeper than this, a value has no text (a cycle never ends; real args are a few levels deep). */
export const MAX_DEPTH = 40;

/** JSON.stringify(value) when it is faithful (see the module doc), else undefined. `depth`: how deep `value` sits. */
export function jsonText(value: unknown, depth: number): string | undefined {
  return faithful(value, depth) ? JSON.stringify(value) : undefined;
}

/** Whether JSON.stringify writes `value` so that no other value a check tells apart gets its text. */
function faithful(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    case "object":
      break;
    default:
      return false; // undefined, function, symbol, bigint
  }
  if (value === null) return true;
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return false;
    for (let i = 0; i < value.length; i++) if (!(i in value) || !faithful(value[i], depth + 1)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  // for-in lists own and inherited enumerable keys: an inherited one has no text; fewer own
  // enumerable keys than own names means a hidden one.
  let count = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key) || !faithful((value as Record<string, unknown>)[key], depth + 1)) return false;
    count++;
  }
  return Object.getOwnPropertyNames(value).length === count;
}


/** `value` written out so that two values read alike by any check have one text and others differ; undefined for what is not plain data. */
export function contentText(value: unknown, depth: number): string | undefined {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Object.is(value, -0) ? "-0" : String(value);
    case "boolean":
      return value ? "T" : "F";
    case "undefined":
      return "U";
    case "object":
      break;
    default:
      return undefined; // function, symbol, bigint
  }
  if (value === null) return "N";
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return undefined;
    let out = "[";
    for (let i = 0; i < value.length; i++) {
      const item = i in value ? contentText(value[i], depth + 1) : "H";
      if (item === undefined) return undefined;
      out += i === 0 ? item : `,${item}`;
    }
    return `${out}]`;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return undefined;
  const keys = visibleKeys(value);
  if (keys === undefined) return undefined;
  let out = proto === null ? "{0" : "{";
  for (const key of keys) {
    const item = contentText((value as Record<string, unknown>)[key], depth + 1);
    if (item === undefined) return undefined;
    out += `${JSON.stringify(key)}:${item},`;
  }
  return `${out}}`;
}

/**
 * The own enumerable keys of `value`, or undefined when it also has a non-enumerable own property:
 * the checks read some props by name (hidden ones too) and list others with Object.keys/entries or
 * a spread (hidden ones skipped), so a key could not tell a hidden prop from a visible one of the
 * same value; such a value has no text.
 */
export function visibleKeys(value: object): string[] | undefined {
  const keys = Object.keys(value);
  return Object.getOwnPropertyNames(value).length === keys.length ? keys : undefined;
}
