/**
 * Flink column list → Iceberg schema JSON, as Iceberg stores it when the Flink connector or an
 * Iceberg catalog creates the table: iceberg
 * `flink/v2.1/flink/src/main/java/org/apache/iceberg/flink/FlinkSchemaUtil.java` (`convert`: column
 * nullability → `required`, comment → `doc`, primary key → identifier fields),
 * `FlinkTypeToType.java` (types, convert.ts), `api/src/main/java/org/apache/iceberg/types/AssignFreshIds.java`
 * (ids, ids.ts), `api/src/main/java/org/apache/iceberg/Schema.java` `validateIdentifierField`
 * (key rules) and `core/src/main/java/org/apache/iceberg/SchemaParser.java` (JSON form).
 */
import { isDataType, type DataType } from "../types/data-type.js";
import { checkIdentifier } from "../types/datatypes.js";
import { parseDataType } from "../types/parser.js";
import { Diagnostics, joinPath } from "../validation/diagnostics.js";
import { isValidationError, type ValidationIssue } from "../validation/error.js";
import { convertType, newConvertContext } from "./convert.js";
import { resolveColumnRefs } from "./refs.js";
import { unknownArgMessage } from "../validation/known-keys.js";
import type { Column, ConvertedSchema, IcebergField, IcebergSchema, IcebergType, ParsedColumn } from "./types.js";

/**
 * The warning a caller gives when `needsFormatV3` is true: nanosecond timestamps need the Iceberg
 * 1.11+ Flink runtime in the image (SPEC decision 7; iceberg PR #15475). Older runtimes map every
 * TIMESTAMP to the microsecond type and silently truncate.
 */
export const FORMAT_V3_RUNTIME_WARNING =
  "TIMESTAMP(7..9) / TIMESTAMP_LTZ(7..9) columns map to Iceberg timestamp_ns / timestamptz_ns (format v3): the image needs the Iceberg 1.11+ Flink runtime; older runtimes silently truncate the values to microseconds";

/**
 * The warning an IcebergSink with a primary key on formatVersion 3 gives. Its writer (iceberg
 * `flink/.../sink/BaseDeltaTaskWriter.java`, core `BaseEqualityDeltaWriter`) writes a position
 * delete whenever a key it wrote in the same checkpoint comes again (an update, a delete, or a
 * second insert of the key), and a v3 table takes position deletes only as deletion vectors (core
 * `MergingSnapshotProducer.validateNewDeleteFile`: "Must use DVs for position deletes in V3"). The
 * Flink sink writes deletion vectors from Iceberg 1.11 (apache/iceberg #14197); older runtimes,
 * every one for Flink 1.19 included, fail that checkpoint's commit.
 */
export const FORMAT_V3_DELETES_WARNING =
  "a primary key on formatVersion 3 needs the Iceberg 1.11+ Flink runtime in the image (none exists for Flink 1.19): the keyed writer writes a position delete whenever a key comes again within a checkpoint, " +
  'a v3 table takes those only as deletion vectors, and older runtimes write position delete files, so the commit fails ("Must use DVs for position deletes in V3"); use formatVersion 2 unless the image has Iceberg 1.11+';

/** Reports the validation issues of `e` (rethrows anything else) under `path`, each message prefixed with `label`. */
function reportAs(diag: Diagnostics, e: unknown, path: string, label: string): void {
  if (!isValidationError(e)) throw e;
  for (const i of e.issues) diag.error(joinPath(path, i.path), `${label}: ${i.message}`);
}

/** `columns[i]`, for a problem's path. */
function columnPath(i: number): string {
  return `columns[${i}]`;
}

/**
 * Checks one column's shape and parses its type; problems under `columns[i]...`. Paths are built
 * only for a problem: this runs for every column of every table (BENCHMARKS.md).
 */
/** An arg of column `i` other than name, type and comment: a typo, or nullability written as a flag. */
function unknownColumnKey(key: string, i: number, diag: Diagnostics): void {
  const flag = /^(nullable|required|notnull|not_null|optional)$/i.test(key);
  diag.error(
    `${columnPath(i)}.${key}`,
    flag ? `unknown arg ${JSON.stringify(key)}: nullability is part of the type; write it in the type, e.g. "BIGINT NOT NULL" (nullable when NOT NULL is absent)` : unknownArgMessage(key, ["name", "type", "comment"]),
  );
}

function parseColumn(c: unknown, i: number, diag: Diagnostics): ParsedColumn | undefined {
  if (typeof c !== "object" || c === null || Array.isArray(c)) {
    diag.error(columnPath(i), `${columnPath(i)}: a column must be an object { name, type, comment? }`);
    return undefined;
  }
  const { name, type, comment } = c as Record<string, unknown>;
  for (const key in c) if (key !== "name" && key !== "type" && key !== "comment") unknownColumnKey(key, i, diag);
  let ok = true;
  let label: string;
  if (typeof name !== "string" || name === "") {
    label = columnPath(i);
    diag.error(`${label}.name`, `${label}: the column name must be a non-empty string`);
    ok = false;
  } else {
    label = name;
    try {
      checkIdentifier("the column name", name);
    } catch (e) {
      reportAs(diag, e, `${columnPath(i)}.name`, name);
      ok = false;
    }
  }
  let parsed: DataType | undefined;
  if (typeof type === "string") {
    try {
      parsed = parseDataType(type);
    } catch (e) {
      reportAs(diag, e, `${columnPath(i)}.type`, label);
    }
  } else if (isDataType(type)) {
    parsed = type;
  } else {
    diag.error(`${columnPath(i)}.type`, `${label}: the type must be Flink SQL type text (e.g. "DECIMAL(10, 2)") or a DataTypes value`);
  }
  if (comment !== undefined && typeof comment !== "string") {
    diag.error(`${columnPath(i)}.comment`, `${label}: the comment must be a string`);
    ok = false;
  }
  if (!ok || parsed === undefined) return undefined;
  return typeof comment === "string" ? { name: name as string, type: parsed, comment } : { name: name as string, type: parsed };
}

const NOT_PRIMITIVE = new Set(["ARRAY", "MULTISET", "MAP", "ROW"]);

/**
 * Checks the primary key against Iceberg's identifier-field rules (`Schema.validateIdentifierField`):
 * each key column exists, is listed once, is top-level (refs.ts), primitive, and not FLOAT or
 * DOUBLE (Iceberg then makes it required). Returns the indexes of the valid key columns.
 */
function checkPrimaryKey(
  primaryKey: readonly string[] | undefined,
  parsed: readonly (ParsedColumn | undefined)[],
  indexByName: ReadonlyMap<string, number>,
  diag: Diagnostics,
): number[] {
  if (primaryKey === undefined) return [];
  const keys: number[] = [];
  resolveColumnRefs(primaryKey, "primaryKey", "PRIMARY KEY", indexByName, diag, (name, index, at) => {
    const column = parsed[index];
    if (column === undefined) return; // its own problem is already reported
    const kind = column.type.kind;
    if (kind === "NULL") return; // cannot be NOT NULL; the conversion reports the type
    if (NOT_PRIMITIVE.has(kind)) {
      diag.error(at, `${name}: a primary key column must have a primitive type, not ${kind} (Iceberg identifier fields are primitive)`);
    } else if (kind === "FLOAT" || kind === "DOUBLE") {
      diag.error(at, `${name}: a primary key column cannot be ${kind}: Iceberg identifier fields cannot be float or double (equality on floating point is unreliable); use DECIMAL(p, s) or BIGINT`);
    } else {
      keys.push(index);
    }
  });
  return keys;
}

/**
 * Internal API for the table components: parses and converts `columns` into the Iceberg schema a
 * new table gets, reporting every problem into `diag` (errors and warnings; it never throws a
 * validation error). Paths: `columns` (empty or not an array), `columns[i]`, `columns[i].name`,
 * `columns[i].type`, `columns[i].comment`, `primaryKey`, `primaryKey[k]`; messages start with the
 * column path (convert.ts). Rules: at least one column; unique names (case-sensitive, as Flink and
 * Iceberg compare them); types as in `convertType`; primary-key columns as in `checkPrimaryKey`, made
 * NOT NULL (`required: true`) and listed in `identifier-field-ids` (ascending, only when non-empty).
 * `formatVersion` 3 or more allows `timestamp_ns` / `timestamptz_ns` and sets `needsFormatV3`;
 * the caller warns (FORMAT_V3_RUNTIME_WARNING). A MAP key or MULTISET element becomes a required
 * Iceberg map key whether it is declared NOT NULL or not, without a warning (convertType).
 * Returns undefined when any error was reported by this call.
 */
export function convertColumns(
  columns: readonly Column[],
  options: { primaryKey?: readonly string[] | undefined; formatVersion?: number | undefined },
  diag: Diagnostics,
): ConvertedSchema | undefined {
  const errorsBefore = diag.errors.length;
  if (!Array.isArray(columns)) {
    diag.error("columns", "must be an array of { name, type, comment? }");
    return undefined;
  }
  if (columns.length === 0) {
    diag.error("columns", "at least one column is required (an Iceberg table needs a schema)");
    return undefined;
  }
  const parsed = columns.map((c: unknown, i) => parseColumn(c, i, diag));
  const indexByName = new Map<string, number>();
  parsed.forEach((c, i) => {
    if (c === undefined) {
      // A column whose type failed still exists for primaryKey/partitionedBy (its error is reported once, at its type).
      const raw = columns[i] as { name?: unknown } | null | undefined;
      if (typeof raw?.name === "string" && raw.name !== "" && !indexByName.has(raw.name)) indexByName.set(raw.name, i);
      return;
    }
    const first = indexByName.get(c.name);
    if (first === undefined) indexByName.set(c.name, i);
    else diag.error(`columns[${i}].name`, `${c.name}: duplicate column name (also columns[${first}]); column names must be unique`);
  });
  const keys = checkPrimaryKey(options.primaryKey, parsed, indexByName, diag);
  const keySet = new Set(keys);
  const out: ParsedColumn[] = parsed.map((c, i) => (c !== undefined && keySet.has(i) ? { ...c, type: c.type.notNull() } : c)).filter((c) => c !== undefined);

  const ctx = newConvertContext(diag, options.formatVersion ?? 2);
  const ids = columns.map(() => ctx.ids.take());
  const fields: IcebergField[] = [];
  let column = 0;
  ctx.diag = diag.at(() => `columns[${column}].type`); // one view for every column: no path string per column
  parsed.forEach((c, i) => {
    if (c === undefined) return;
    column = i;
    const type = convertType(c.type, c.name, ctx);
    if (type === undefined) return;
    const field: IcebergField = { id: ids[i]!, name: c.name, required: keySet.has(i) || !c.type.isNullable, type };
    if (c.comment !== undefined) field.doc = c.comment;
    fields.push(field);
  });
  if (diag.errors.length > errorsBefore) {
    inColumnOrder(diag.errors, errorsBefore);
    return undefined;
  }
  const schema: IcebergSchema = { type: "struct", "schema-id": 0, fields };
  if (keys.length > 0) {
    const identifierIds = keys.map((i) => ids[i]!).sort((a, b) => a - b);
    return { schema: { type: "struct", "schema-id": 0, "identifier-field-ids": identifierIds, fields }, columns: out, needsFormatV3: ctx.needsFormatV3 };
  }
  return { schema, columns: out, needsFormatV3: ctx.needsFormatV3 };
}

/** Options of `toIcebergSchema`. */
export interface ToIcebergSchemaOptions {
  /** Primary-key column names (top-level, primitive, not FLOAT/DOUBLE); become `identifier-field-ids` and required. */
  primaryKey?: string[];
  /** Table format version 1, 2 or 3 (default 2); 3 allows TIMESTAMP(7..9) / TIMESTAMP_LTZ(7..9). */
  formatVersion?: 1 | 2 | 3;
  /** Receives each warning (e.g. TIME with fractional seconds; FORMAT_V3_RUNTIME_WARNING under `formatVersion`). */
  onWarning?: (warning: ValidationIssue) => void;
}

/**
 * The Iceberg schema JSON (`{ type: "struct", "schema-id": 0, fields, "identifier-field-ids"? }`)
 * that Iceberg stores when it creates a table from these Flink `columns`: ids as AssignFreshIds
 * gives them (every field of a struct first, then depth-first; list element id then element type;
 * map key id, value id, key type, value type), `required` from nullability (and the primary key),
 * `doc` from column comments and ROW field descriptions, type strings as Iceberg writes them.
 * Rules and paths as in `convertColumns`; `formatVersion` other than 1, 2, 3 is an error at
 * `formatVersion`. Throws one FlinkIcebergValidationError listing every problem.
 */
export function toIcebergSchema(columns: Column[], options: ToIcebergSchemaOptions = {}): IcebergSchema {
  const diag = new Diagnostics();
  const v: unknown = options.formatVersion;
  if (v !== undefined && v !== 1 && v !== 2 && v !== 3) {
    diag.error("formatVersion", `formatVersion: ${String(v)} is not a table format version; use 1, 2 or 3 (2 when omitted)`);
  }
  const converted = convertColumns(columns, { primaryKey: options.primaryKey, formatVersion: typeof v === "number" ? v : 2 }, diag);
  if (options.onWarning !== undefined) {
    for (const w of diag.warnings) options.onWarning(w);
    if (converted?.needsFormatV3 === true) options.onWarning({ path: "formatVersion", message: FORMAT_V3_RUNTIME_WARNING });
  }
  diag.throwIfErrors();
  return converted!.schema;
}

/**
 * The Iceberg type of one Flink type (text is parsed with `parseDataType`), as it appears in a
 * one-column schema: the column takes id 1, so nested ids start at 2 (`ARRAY<INT>` →
 * `{ type: "list", "element-id": 2, element: "int", "element-required": false }`). A primitive
 * gives its type string (`decimal(10, 2)`, `fixed[16]`, `timestamptz`, ...). The type's own
 * nullability is not part of an Iceberg type (it is the field's `required`). Messages name
 * `options.name` (default `type`) as the column path. Throws FlinkIcebergValidationError (path "")
 * for types Iceberg cannot hold, as `toIcebergSchema` does. Warnings (e.g. TIME with fractional
 * seconds) are not reported here: `toIcebergSchema` with `onWarning` gives them. Mapping: iceberg
 * `flink/v2.1/flink/src/main/java/org/apache/iceberg/flink/FlinkTypeToType.java` (details at
 * `convertType`, convert.ts).
 */
export function toIcebergType(t: DataType | string, options: { formatVersion?: 1 | 2 | 3; name?: string } = {}): IcebergType {
  const diag = new Diagnostics();
  const name = options.name ?? "type";
  let parsed: DataType | undefined;
  try {
    parsed = typeof t === "string" ? parseDataType(t) : t;
  } catch (e) {
    reportAs(diag, e, "", name);
  }
  let result: IcebergType | undefined;
  if (parsed !== undefined) {
    const ctx = newConvertContext(diag, options.formatVersion ?? 2, 2);
    result = convertType(parsed, name, ctx);
  }
  diag.throwIfErrors();
  return result!;
}

/**
 * Puts the problems from `from` on into reading order: the columns' own problems first, in column
 * order, then the rest (primaryKey) as found. Each column's checks run in passes (name and type
 * text, then the key, then the Iceberg type), so a later column's type text error would otherwise
 * come before an earlier column's Iceberg type error.
 */
function inColumnOrder(errors: ValidationIssue[], from: number): void {
  const index = (e: ValidationIssue): number => {
    const m = /columns\[(\d+)\]/.exec(e.path);
    return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
  };
  const tail = errors.splice(from).sort((a, b) => (index(a) === index(b) ? 0 : index(a) < index(b) ? -1 : 1));
  errors.push(...tail);
}
