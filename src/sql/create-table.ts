/**
 * CREATE TABLE rendering shared by every table kind (Iceberg connector tables and FlinkTable).
 * Layout (DESIGN.md rendering rules): every identifier back-quoted, every literal single-quoted,
 * one column per line, `PRIMARY KEY (...) NOT ENFORCED`, `PARTITIONED BY (...)`, and WITH entries
 * `'key' = 'value'` one per line with `connector` first and the other keys sorted.
 * Shape: flink `docs/content/docs/dev/table/sql/create.md`.
 */
import { quoteIdentifier, quoteLiteral } from "../types/data-type.js";

/** A column as it is rendered. */
export type RenderColumn =
  | { kind: "physical"; name: string; type: string; comment?: string }
  | { kind: "computed"; name: string; expression: string; comment?: string }
  | { kind: "metadata"; name: string; type: string; from?: string; virtual?: boolean; comment?: string };

export interface CreateTableSpec {
  /** Flink table name (one identifier, or `catalog.db.table` parts). */
  name: string | readonly string[];
  columns: readonly RenderColumn[];
  primaryKey?: readonly string[];
  partitionedBy?: readonly string[];
  /** `WATERMARK FOR <column> AS <expression>`. */
  watermark?: { column: string; expression: string };
  comment?: string;
  /** WITH options; `connector` first, the rest sorted by key (UTF-16 code unit order). */
  options: Readonly<Record<string, string>>;
}

/** Orders option keys: `connector` first, then sorted. */
export function orderedOptionKeys(options: Readonly<Record<string, string>>): string[] {
  const keys = Object.keys(options).sort();
  const at = keys.indexOf("connector");
  if (at > 0) keys.unshift(...keys.splice(at, 1));
  return keys;
}

/** Renders `WITH (...)` entries, one `'key' = 'value'` per line, indented by two spaces. */
export function renderWithClause(options: Readonly<Record<string, string>>): string {
  const keys = orderedOptionKeys(options);
  for (let i = 0; i < keys.length; i++) keys[i] = `  ${quoteLiteral(keys[i]!)} = ${quoteLiteral(options[keys[i]!]!)}`;
  return `WITH (\n${keys.join(",\n")}\n)`;
}

/** Renders a (possibly qualified) table name. */
export function renderTableName(name: string | readonly string[]): string {
  return typeof name === "string" ? quoteIdentifier(name) : name.map(quoteIdentifier).join(".");
}

function renderColumn(c: RenderColumn): string {
  let text: string;
  switch (c.kind) {
    case "physical":
      text = `${quoteIdentifier(c.name)} ${c.type}`;
      break;
    case "computed":
      text = `${quoteIdentifier(c.name)} AS ${c.expression}`;
      break;
    case "metadata":
      text = `${quoteIdentifier(c.name)} ${c.type} METADATA`;
      if (c.from !== undefined) text += ` FROM ${quoteLiteral(c.from)}`;
      if (c.virtual) text += " VIRTUAL";
      break;
  }
  return c.comment === undefined ? text : `${text} COMMENT ${quoteLiteral(c.comment)}`;
}

/**
 * The column lines of a frozen list of frozen columns, rendered once (iceberg-table.ts renderColumns
 * shares one list among the tables of one column list; it cannot change); a copy, since the
 * caller appends to it.
 */
const renderedLines = new WeakMap<readonly RenderColumn[], readonly string[]>();

function columnLines(columns: readonly RenderColumn[]): string[] {
  const kept = renderedLines.get(columns);
  if (kept !== undefined) return kept.slice();
  const lines = columns.map(renderColumn);
  if (Object.isFrozen(columns) && columns.every((c) => Object.isFrozen(c))) renderedLines.set(columns, Object.freeze(lines.slice()));
  return lines;
}

/** Renders the whole statement, ending with `;` (no trailing newline). */
export function renderCreateTable(spec: CreateTableSpec): string {
  const body: string[] = columnLines(spec.columns);
  if (spec.watermark) body.push(`WATERMARK FOR ${quoteIdentifier(spec.watermark.column)} AS ${spec.watermark.expression}`);
  if (spec.primaryKey && spec.primaryKey.length > 0) {
    body.push(`PRIMARY KEY (${spec.primaryKey.map(quoteIdentifier).join(", ")}) NOT ENFORCED`);
  }
  const lines = [`CREATE TABLE ${renderTableName(spec.name)} (`, body.length > 0 ? "  " + body.join(",\n  ") : "", ")"];
  if (spec.comment !== undefined) lines.push(`COMMENT ${quoteLiteral(spec.comment)}`);
  if (spec.partitionedBy && spec.partitionedBy.length > 0) {
    lines.push(`PARTITIONED BY (${spec.partitionedBy.map(quoteIdentifier).join(", ")})`);
  }
  lines.push(renderWithClause(spec.options));
  return lines.join("\n") + ";";
}
