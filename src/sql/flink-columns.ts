/**
 * The column declarations of a FlinkTable (physical, computed and metadata columns), read and
 * checked one by one, and the columns a job's checks read from them (TableColumn). Used by
 * planGenericTable, and for a FlinkTable that failed validation elsewhere (synth's collecting
 * mode: failed-table-facts.ts).
 */
import type { TableColumn } from "../components/table-definition.js";
import { checkIdentifier } from "../types/datatypes.js";
import { isDataType, type DataType } from "../types/data-type.js";
import { parseDataType } from "../types/parser.js";
import { timeAbovePlannerLimit, timePrecisionProblem, zonedTimestampProblem } from "../types/planner-limits.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { checkKnownKeys } from "../validation/known-keys.js";
import type { RenderColumn } from "./create-table.js";
import { sqlExpression } from "./expression.js";
import type { FlinkColumn } from "./generic-table.js";
import type { MetadataColumnDecl } from "./metadata-columns.js";
import { timeAttributeOf } from "./time-attributes.js";

/** The columns as read: in order for rendering, by name with their kind and parsed type, and the metadata columns for the connector checks. */
export interface ReadFlinkColumns {
  readonly columns: RenderColumn[];
  readonly kinds: Map<string, { kind: RenderColumn["kind"]; type?: DataType }>;
  readonly metadataColumns: MetadataColumnDecl[];
}

/**
 * Reads the `columns` arg (`given`; anything that is no array reads as none); problems go to
 * `diag` at `columns[i]...`. A column with a problem is left out. The primary key's columns (`pk`)
 * are NOT NULL, as Flink resolves them.
 */
export function readFlinkColumns(given: unknown, pk: ReadonlySet<string>, diag: Diagnostics): ReadFlinkColumns {
  const columns: RenderColumn[] = [];
  const kinds = new Map<string, { kind: RenderColumn["kind"]; type?: DataType }>();
  const names = new Set<string>();
  const metadataColumns: MetadataColumnDecl[] = [];
  (Array.isArray(given) ? (given as FlinkColumn[]) : []).forEach((c, i) => {
    const d = diag.at(`columns[${i}]`);
    if (typeof c !== "object" || c === null) return d.error("", "must be a column object { name, type } / { name, expression } / { name, type, metadata }");
    checkKnownKeys(c, "expression" in c ? ["name", "expression", "comment"] : "metadata" in c ? ["name", "type", "metadata", "comment"] : ["name", "type", "comment"], "", d);
    if ("metadata" in c) {
      const m: unknown = c.metadata;
      if (typeof m !== "object" || m === null || Array.isArray(m)) {
        const fix = typeof m === "string" ? `metadata: { from: ${JSON.stringify(m)} }` : "metadata: {} (the column name is the key) or metadata: { from: \"<key>\" }";
        return d.error("metadata", `must be an object { from?: string, virtual?: boolean } (got ${JSON.stringify(m)}); write ${fix}`);
      }
      checkKnownKeys(m, ["from", "virtual"], "metadata", d);
      const { from, virtual } = m as { from?: unknown; virtual?: unknown };
      if (from !== undefined && typeof from !== "string") d.error("metadata.from", `must be the connector's metadata key as a string, e.g. "timestamp" (got ${JSON.stringify(from)})`);
      if (virtual !== undefined && typeof virtual !== "boolean") d.error("metadata.virtual", `must be true or false (got ${JSON.stringify(virtual)})`);
    }
    if (d.capture("name", () => checkIdentifier("the column name", c.name)) === undefined) return;
    if (names.has(c.name)) d.error("name", `the column ${JSON.stringify(c.name)} is declared twice`);
    names.add(c.name);
    const comment = c.comment === undefined ? {} : { comment: c.comment };
    if ("expression" in c) {
      const expression = sqlExpression(c.expression, d.at("expression"));
      if (expression === undefined) return;
      kinds.set(c.name, { kind: "computed" });
      columns.push({ kind: "computed", name: c.name, expression, ...comment });
      return;
    }
    if (typeof c.type !== "string" && !isDataType(c.type)) return d.error("type", "must be Flink type text such as \"BIGINT\" or a DataTypes value (a computed column has an expression instead)");
    const type = d.capture("type", () => (typeof c.type === "string" ? parseDataType(c.type) : c.type));
    if (type === undefined) return;
    const time = timeAbovePlannerLimit(type, c.name);
    if (time !== undefined) return d.error("type", timePrecisionProblem(time.path, time.type));
    const zoned = zonedTimestampProblem(type, c.name);
    if (zoned !== undefined) return d.error("type", zoned);
    const rendered = pk.has(c.name) ? type.notNull() : type;
    if ("metadata" in c) {
      kinds.set(c.name, { kind: "metadata", type });
      columns.push({ kind: "metadata", name: c.name, type: rendered.toString(), from: c.metadata?.from, virtual: c.metadata?.virtual, ...comment });
      const from: unknown = c.metadata?.from;
      if (from === undefined || typeof from === "string") metadataColumns.push({ index: i, name: c.name, ...(from === undefined ? {} : { from }), virtual: c.metadata?.virtual === true, type });
    } else {
      // As Flink resolves it: primary-key columns are NOT NULL (the INSERT checks read this type).
      kinds.set(c.name, { kind: "physical", type: rendered });
      columns.push({ kind: "physical", name: c.name, type: rendered.toString(), ...comment });
    }
  });
  return { columns, kinds, metadataColumns };
}

/**
 * The columns a job's checks read (TableColumn), in declaration order: computed ones without a
 * type, the insertable ones (physical, non-VIRTUAL metadata), 'datagen' columns that never read
 * NULL, and the time attributes (`rowtime`: the watermark's column; PROCTIME() columns).
 */
export function flinkTableColumns(read: Pick<ReadFlinkColumns, "columns" | "kinds">, options: Readonly<Record<string, string>>, rowtime: string | undefined): TableColumn[] {
  return read.columns.map((c) => ({
    name: c.name,
    ...(c.kind === "computed" ? {} : { type: read.kinds.get(c.name)!.type! }),
    insertable: c.kind === "physical" || (c.kind === "metadata" && !c.virtual),
    ...(c.kind === "physical" && datagenNeverNull(options, c.name) ? { neverNull: true as const } : {}),
    ...(c.kind === "metadata" ? { metadata: true as const } : {}),
    ...timeAttributeOf(c, rowtime),
  }));
}

/**
 * True when the 'datagen' connector never generates NULL for column `name`: its
 * `fields.<name>.null-rate` is unset or 0 (flink DataGenConnectorOptions NULL_RATE, default 0).
 */
function datagenNeverNull(options: Readonly<Record<string, string>>, name: string): boolean {
  if (options["connector"]?.trim() !== "datagen") return false;
  const rate = options[`fields.${name}.null-rate`];
  return rate === undefined || Number(rate) === 0;
}

/**
 * The SQL expressions a table's args write, with their prop paths (TableDefinition `expressions`):
 * its computed columns' (`columns[i].expression`, when `columns`: a FlinkTable's) and its
 * watermark's (`watermark.expression`), each a string as written. Read from `args` as given, so a
 * table that failed validation (synth's collecting mode: failed-table-facts.ts) gives them too.
 */
export function writtenExpressions(args: unknown, columns: boolean): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const a = typeof args === "object" && args !== null ? (args as { columns?: unknown; watermark?: unknown }) : {};
  if (columns && Array.isArray(a.columns)) {
    (a.columns as unknown[]).forEach((c, i) => {
      const expression = typeof c === "object" && c !== null ? (c as { expression?: unknown }).expression : undefined;
      if (typeof expression === "string") out.push({ path: `columns[${i}].expression`, text: expression });
    });
  }
  const watermark = typeof a.watermark === "object" && a.watermark !== null ? (a.watermark as { expression?: unknown }).expression : undefined;
  if (typeof watermark === "string") out.push({ path: "watermark.expression", text: watermark });
  return out;
}
