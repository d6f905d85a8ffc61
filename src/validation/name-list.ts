/**
 * Lists of names (a table's columns, the tables of a job, the places a name is read) in messages.
 * A list is capped: its first {@link LISTED_NAMES} names, then how many more there are, so that a
 * message stays readable and its size does not grow with a table's width (2000 misspelt names over
 * a table of 2000 columns would otherwise print every column 2000 times). Shorter lists are verbatim.
 */

/** How many names a message lists before "... and N more". */
export const LISTED_NAMES = 20;

/** `a, b, c`; past {@link LISTED_NAMES} names: `a, b, ..., t, ... and 5 more`. */
export function nameList(names: readonly string[]): string {
  if (names.length <= LISTED_NAMES) return names.join(", ");
  return `${names.slice(0, LISTED_NAMES).join(", ")}, ... and ${names.length - LISTED_NAMES} more`;
}

/**
 * `a`, `a and b`, `a, b and c` ("" for none); `conjunction` "or": `a, b or c`. Past
 * {@link LISTED_NAMES} items: `a, b, ..., t and 5 more` (`or 5 more`).
 */
export function listed(items: readonly string[], conjunction: "and" | "or" = "and"): string {
  if (items.length > LISTED_NAMES) return `${items.slice(0, LISTED_NAMES).join(", ")} ${conjunction} ${items.length - LISTED_NAMES} more`;
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} ${conjunction} ${items[items.length - 1]}`;
}

/** Names quoted as JSON strings, comma-separated: `"a", "b"` (a key's columns in messages). */
export function quotedNames(names: readonly string[]): string {
  return names.map((n) => JSON.stringify(n)).join(", ");
}

/** Names as a JSON array, as a primaryKey prop is written: `["a", "b"]`. */
export function jsonNames(names: readonly string[]): string {
  return `[${quotedNames(names)}]`;
}
