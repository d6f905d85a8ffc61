/**
 * How the Iceberg source finds its `watermark-column`: by name in the table schema's name index,
 * where a field of a struct (Flink ROW) is `parent.child`, a list element `list.element`, a map's
 * `map.key` / `map.value`, and the fields of a struct element or value also go without the
 * `element` / `value` step (`list.f`, `map.f`) unless that name is taken.
 *
 * Upstream: iceberg `flink/.../source/reader/ColumnStatsWatermarkExtractor.java` (constructor:
 * `schema.findField(name)`, "Cannot find watermark column", then a long, timestamp or timestamptz
 * field), api `Schema.java` `findField(String)` (case-sensitive, through `TypeUtil.indexByName`),
 * api `types/IndexByName.java` (the names above), parquet `ParquetUtil.java` `shouldStoreBounds`
 * ("we allow struct nesting, but not maps or arrays": a field inside a list or map keeps no lower
 * bound, so the extractor fails on the first file, "Missing statistics for column").
 */
import type { ParsedColumn } from "../iceberg/types.js";
import type { DataType } from "../types/data-type.js";

/** A field the runtime's name index resolves. */
export interface WatermarkField {
  /** Its Flink type. */
  readonly type: DataType;
  /** The top-level column it is in (itself for a top-level column). */
  readonly column: string;
  /** It is inside an ARRAY, MAP or MULTISET (no lower bounds are kept for it). */
  readonly inCollection: boolean;
}

/** The name index of a schema: canonical names, and short names (first one wins), as IndexByName keeps them. */
interface Index {
  readonly full: Map<string, WatermarkField>;
  readonly short: Map<string, WatermarkField>;
}

/** Adds the field `name` under the paths `full` / `short` (IndexByName.addField: a short name only below the top level). */
function addField(index: Index, full: readonly string[], short: readonly string[], name: string, field: WatermarkField): void {
  index.full.set([...full, name].join("."), field);
  const shortName = [...short, name].join(".");
  if (short.length > 0 && !index.short.has(shortName)) index.short.set(shortName, field);
}

/**
 * Indexes the fields under `type` at `full` / `short` (IndexByName: a struct element or value
 * adds no `element` / `value` step to the short name; children are added before their parent).
 */
function visit(index: Index, type: DataType, full: readonly string[], short: readonly string[], column: string, inCollection: boolean): void {
  const child = (t: DataType, step: string, skipShort: boolean, nested: boolean): void => {
    visit(index, t, [...full, step], skipShort && t.kind === "ROW" ? short : [...short, step], column, nested);
    addField(index, full, short, step, { type: t, column, inCollection: nested });
  };
  switch (type.kind) {
    case "ROW":
      for (const f of type.fields) child(f.type, f.name, false, inCollection);
      return;
    case "ARRAY":
      child(type.elementType, "element", true, true);
      return;
    case "MULTISET":
      // Iceberg stores a MULTISET as map<element, int>; the int count is no event time.
      child(type.elementType, "key", false, true);
      return;
    case "MAP":
      child(type.keyType, "key", false, true);
      child(type.valueType, "value", true, true);
      return;
    default:
      return;
  }
}

/**
 * The field `name` names in `columns` as the runtime's `Schema.findField(name)` finds it (exact
 * case): a top-level column, else a nested field by its dotted name. Undefined when none.
 */
export function findWatermarkField(columns: ReadonlyMap<string, ParsedColumn | null>, name: string): WatermarkField | undefined {
  const top = columns.get(name);
  if (top !== undefined && top !== null) return { type: top.type, column: name, inCollection: false };
  if (!name.includes(".")) return undefined;
  const index: Index = { full: new Map(), short: new Map() };
  for (const [column, c] of columns) if (c !== null) visit(index, c.type, [column], [column], column, false);
  return index.full.get(name) ?? index.short.get(name);
}
