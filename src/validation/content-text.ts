/**
 * A value's content as one text, for the memos keyed by content (bounded-memo.ts): JSON.stringify's
 * text (native, a few times faster than a text built in script), given only where that text tells
 * apart every two values a check could tell apart. It does for plain data: strings, finite numbers
 * other than -0, booleans, null, arrays without holes, and objects whose prototype is
 * Object.prototype or null, with their own enumerable props in their order (the order Object.keys,
 * a spread and a zod parse see). Anything else has no text (undefined; the memo then checks that
 * value fresh): undefined (JSON drops the prop or writes null), NaN and the infinities (null), -0
 * (0), a hole (null), an Output or Promise, a class instance such as a DataType, a function, a
 * symbol, a bigint, an array subclass, an object with a non-enumerable own prop or an inherited
 * enumerable one (a check may read it by name where JSON skips it), a nesting deeper than MAX_DEPTH
 * or a cycle.
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
