/**
 * An Iceberg table's column checks for planIcebergTable (iceberg-table.ts): the conversion to the
 * Iceberg schema (iceberg/schema.ts convertColumns) and the case-collision warning, memoized by
 * the columns' content. Every IcebergSource and IcebergSink converts its columns, and a stack's
 * tables repeat a few column lists (one list built per table in a loop, or shared): the parse,
 * key checks and conversion of 20 columns were a third of a table's plan (BENCHMARKS.md).
 *
 * What is cached: the ConvertedSchema of a call that reported nothing (no error, no warning), so
 * a hit adds nothing to the diagnostics, as the fresh run would not; a call with any problem is
 * never cached, and runs again each time. The key is the content the two checks read: the format
 * version, the primary key's names, and each column's name, type text and comment, taken only
 * when every column is a plain object of string name and type text (comment a string or absent)
 * and no other key, and the key an array of strings (or absent); any other input (a DataTypes
 * value, an Output, a class instance) is checked fresh and not cached. The result is shared by
 * every table of that content, so it is deeply frozen when made (its DataTypes already are:
 * types/parser.ts). At most MEMO_ENTRIES entries; past that the cache starts over (bounded-memo.ts).
 */
import { convertColumns } from "../iceberg/schema.js";
import type { Column, ConvertedSchema } from "../iceberg/types.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { BoundedMemo, deepFreeze } from "../validation/bounded-memo.js";

const converted = new BoundedMemo<string, ConvertedSchema>();


/**
 * The content key of the columns, the primary key and the format version (see the module doc),
 * or undefined when an input is of a shape the key does not capture.
 */
function contentKey(columns: unknown, primaryKey: unknown, formatVersion: number): string | undefined {
  if (!Array.isArray(columns) || columns.length === 0) return undefined;
  let key = `${formatVersion}|`;
  if (primaryKey === undefined) key += "u|";
  else if (!Array.isArray(primaryKey)) return undefined;
  else {
    key += `${primaryKey.length}|`;
    for (const k of primaryKey as unknown[]) {
      if (typeof k !== "string") return undefined;
      key += `${k.length}:${k}`;
    }
  }
  for (const c of columns as unknown[]) {
    if (typeof c !== "object" || c === null || Object.getPrototypeOf(c) !== Object.prototype) return undefined;
    // The keys convertColumns' column check reads (for-in: inherited enumerable keys too).
    for (const k in c) if (k !== "name" && k !== "type" && k !== "comment") return undefined;
    const { name, type, comment } = c as Record<string, unknown>;
    if (typeof name !== "string" || typeof type !== "string") return undefined;
    // Each text length-prefixed (no two distinct contents give one key); "-" for no comment.
    if (comment === undefined) key += `${name.length}:${name}${type.length}:${type}-`;
    else if (typeof comment === "string") key += `${name.length}:${name}${type.length}:${type}${comment.length}:${comment}`;
    else return undefined;
  }
  return key;
}

/**
 * convertColumns(columns, { primaryKey, formatVersion }) followed by checkCaseCollisions(columns),
 * reporting into `diag` exactly as those two calls do; a clean result is shared by equal content
 * (see the module doc) and then deeply frozen. Returns convertColumns' result.
 */
export function convertTableColumns(columns: unknown, primaryKey: unknown, formatVersion: number, diag: Diagnostics): ConvertedSchema | undefined {
  const key = contentKey(columns, primaryKey, formatVersion);
  if (key !== undefined) {
    const hit = converted.get(key);
    if (hit !== undefined) return hit;
  }
  const issues = diag.issueCount;
  const result = convertColumns(columns as Column[], { primaryKey: primaryKey as string[] | undefined, formatVersion }, diag);
  checkCaseCollisions(columns, diag);
  if (key === undefined || result === undefined || diag.issueCount !== issues) return result;
  converted.remember(key, deepFreeze(result));
  return result;
}

/**
 * Column names that differ only in case: Flink and Iceberg's schema keep them apart, but Iceberg
 * also indexes names in lower case, keeping one of the two (iceberg api/.../types/TypeUtil.java
 * indexByLowerCaseName; later releases refuse such a schema there), and the Flink source resolves names case-insensitively by default
 * (FlinkReadOptions CASE_SENSITIVE, default false), as Spark does: a reader may get the other
 * column's values. A warning at the later column.
 */
function checkCaseCollisions(columns: unknown, diag: Diagnostics): void {
  if (!Array.isArray(columns)) return;
  // By lower-case name, the index of the first column (no object per column).
  let seen: Map<string, number> | undefined;
  for (let i = 0; i < columns.length; i++) {
    const raw: unknown = columns[i];
    const name = typeof raw === "object" && raw !== null ? (raw as { name?: unknown }).name : undefined;
    if (typeof name !== "string" || name === "") continue;
    const lower = name.toLowerCase();
    seen ??= new Map();
    const first = seen.get(lower);
    // The same name twice is convertColumns' duplicate error, not this warning.
    if (first === undefined) {
      seen.set(lower, i);
      continue;
    }
    const firstName = (columns[first] as { name: string }).name;
    if (firstName !== name) {
      diag.warn(
        `columns[${i}].name`,
        `${name}: differs from ${JSON.stringify(firstName)} (columns[${first}]) only in case; Iceberg's case-insensitive name index keeps one of the two (later releases refuse the lookup), ` +
          "and its Flink source (case-sensitive false by default) and Spark resolve names case-insensitively, so a reader may get the other column's values or fail; rename one of them",
      );
    }
  }
}
