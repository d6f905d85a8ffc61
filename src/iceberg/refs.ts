/**
 * Column references in `primaryKey` and `partitionedBy`: the checks both lists share (a non-empty
 * string, listed once, naming a top-level column). Flink `PRIMARY KEY (...)` and
 * `PARTITIONED BY (...)` name top-level columns only (flink `docs/content/docs/dev/table/sql/create.md`).
 */
import { didYouMean } from "../validation/known-keys.js";
import { nameList } from "../validation/name-list.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { partitionTransformProblem } from "./transforms.js";

/**
 * Walks `list` (the prop `prop`, e.g. `primaryKey`) and calls `accept(name, column, path)` for each
 * entry that names a column of `columns`, once. Reported at `prop[i]` with messages starting with
 * the name: an entry that is not a non-empty string, a name listed twice, a dotted name whose head
 * is a column (a nested field: `clause` cannot name it), an Iceberg partition transform such as
 * `days(ts)` in PARTITIONED BY (transforms.ts; `transformNote` is appended to its advice), a name that is no column (the message lists the columns). A `list` that is not an array is an error at `prop`.
 */
export function resolveColumnRefs<T>(
  list: unknown,
  prop: string,
  clause: string,
  columns: ReadonlyMap<string, T>,
  diag: Diagnostics,
  accept: (name: string, column: T, path: string) => void,
  transformNote = "",
): void {
  if (!Array.isArray(list)) {
    diag.error(prop, `${prop}: must be an array of column names`);
    return;
  }
  const seen = new Set<string>();
  list.forEach((name: unknown, i) => {
    const at = `${prop}[${i}]`;
    if (typeof name !== "string" || name === "") {
      diag.error(at, `${at}: must be a column name (a non-empty string)`);
      return;
    }
    if (seen.has(name)) {
      diag.error(at, `${name}: listed twice in ${prop}; name each column once`);
      return;
    }
    seen.add(name);
    const column = columns.get(name);
    if (column !== undefined) {
      accept(name, column, at);
      return;
    }
    const head = name.includes(".") ? name.slice(0, name.indexOf(".")) : undefined;
    const transform = clause === "PARTITIONED BY" ? partitionTransformProblem(name, [...columns.keys()]) : undefined;
    diag.error(
      at,
      transform !== undefined
        ? transform + transformNote
        : head !== undefined && columns.has(head)
        ? `${name}: a nested field cannot be named in ${clause}, which takes top-level columns; copy the field into a top-level column`
        : `${name}: no such column${didYouMean(name, [...columns.keys()])}${columns.size > 0 ? `; the columns are ${nameList([...columns.keys()])}` : ""}`,
    );
  });
}
