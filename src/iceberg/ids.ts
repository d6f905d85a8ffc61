/**
 * Field ids as Iceberg assigns them when it creates a table.
 *
 * `TableMetadata.newTableMetadata` renumbers the schema it is given with
 * `TypeUtil.assignFreshIds(0, schema, counter)`, the counter starting at 1 (iceberg
 * `core/src/main/java/org/apache/iceberg/TableMetadata.java`,
 * `api/src/main/java/org/apache/iceberg/types/AssignFreshIds.java`). The order:
 * - a struct gives ids to all of its fields first, in declaration order, then visits each field's
 *   type in order, depth-first;
 * - a list gives its element id, then visits the element type;
 * - a map gives its key id, then its value id, then visits the key type, then the value type.
 * The converter in convert.ts takes ids from a `FieldIdCounter` in exactly this order, so its output
 * needs no second pass; `assignFreshIds` here renumbers any Iceberg type JSON the same way (used to
 * cross-check, and for schemas built elsewhere).
 */
import type { IcebergField, IcebergSchema, IcebergType } from "./types.js";

/** Hands out consecutive field ids, from `start` (Iceberg's counter starts at 1). */
export class FieldIdCounter {
  private nextId: number;

  constructor(start = 1) {
    this.nextId = start;
  }

  /** The next id; each call returns a new one. */
  take(): number {
    const id = this.nextId;
    this.nextId += 1;
    return id;
  }

  /** The last id handed out (`last-column-id` once a schema is done); start - 1 when none was taken. */
  get last(): number {
    return this.nextId - 1;
  }
}

/**
 * Renumbers struct `fields` the way Iceberg's AssignFreshIds does (order in the module doc), taking
 * ids from `counter` (a new counter from 1 by default). Old ids are ignored; only the structure
 * matters. Returns new objects; the input is not changed. Never throws.
 */
export function assignFreshIds(fields: readonly IcebergField[], counter: FieldIdCounter = new FieldIdCounter()): IcebergField[] {
  const ids = fields.map(() => counter.take());
  return fields.map((f, i) => {
    const type = freshType(f.type, counter);
    const out: IcebergField = { id: ids[i]!, name: f.name, required: f.required, type };
    if (f.doc !== undefined) out.doc = f.doc;
    return out;
  });
}

function freshType(t: IcebergType, counter: FieldIdCounter): IcebergType {
  if (typeof t === "string") return t;
  switch (t.type) {
    case "struct":
      return { type: "struct", fields: assignFreshIds(t.fields, counter) };
    case "list": {
      const elementId = counter.take();
      return { type: "list", "element-id": elementId, element: freshType(t.element, counter), "element-required": t["element-required"] };
    }
    case "map": {
      const keyId = counter.take();
      const valueId = counter.take();
      const key = freshType(t.key, counter);
      const value = freshType(t.value, counter);
      return { type: "map", "key-id": keyId, key, "value-id": valueId, value, "value-required": t["value-required"] };
    }
  }
}

/**
 * Every field id in `fields` (struct field ids, list element ids, map key and value ids, at any
 * depth), in the order Iceberg assigns them. For a schema built here this is 1, 2, ..., n.
 */
export function collectFieldIds(fields: readonly IcebergField[]): number[] {
  const out: number[] = [];
  const visitFields = (fs: readonly IcebergField[]): void => {
    for (const f of fs) out.push(f.id);
    for (const f of fs) visitType(f.type);
  };
  const visitType = (t: IcebergType): void => {
    if (typeof t === "string") return;
    if (t.type === "struct") visitFields(t.fields);
    else if (t.type === "list") {
      out.push(t["element-id"]);
      visitType(t.element);
    } else {
      out.push(t["key-id"], t["value-id"]);
      visitType(t.key);
      visitType(t.value);
    }
  };
  visitFields(fields);
  return out;
}

/** The schema's `last-column-id`: the highest field id at any depth (0 for no fields). */
export function lastColumnId(schema: Pick<IcebergSchema, "fields">): number {
  return collectFieldIds(schema.fields).reduce((max, id) => Math.max(max, id), 0);
}
