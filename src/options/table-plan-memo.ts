/**
 * IcebergSource and IcebergSink plans (iceberg-table.ts planIcebergTable) and their CREATE TABLE,
 * remembered across the tables of one program (issue 9): a stack builds its tables from one loop,
 * over one catalog, one column list and the same options, and its tables differ in their names
 * only (`table: \`events_${i}\``, resource `events-${i}-src`). Planning 20 columns and rendering
 * their CREATE TABLE was about 80 µs per table of the package's construction (BENCHMARKS.md,
 * session 28).
 *
 * The key: the kind and the whole args' content, each own prop in its order with its value's JSON
 * text where that text is faithful (validation/content-text.ts jsonText; a prop set to undefined
 * is kept as such), except the two names the plan only carries:
 * - `table` (the Iceberg table name), written as a marker when it is a plain name (ASCII letters,
 *   digits, `_`): planIcebergTable reads it only through its field check (a non-empty string
 *   without a line break, which a plain name is) and copies it into the plan (`table`, the WITH
 *   option `catalog-table`);
 * - the Flink table name: `tableName` when given, else derived from the resource name
 *   (deriveTableName), left out when plain and at most MAX_IDENTIFIER_LENGTH long (checkIdentifier
 *   then finds nothing); the plan copies it into `tableName` and the DDL's `CREATE TABLE`. Whether
 *   `tableName` was given stays in the key. The resource name itself only labels the plan.
 * Args with anything but plain data (an Output uri, a DataTypes column type, a class instance, an
 * undefined or -0 below the top level, a hidden prop) or a name that is not plain are planned
 * fresh each time and not remembered.
 *
 * What is kept: only a clean plan (no error, no warning, nothing acknowledged: its `warnings` and
 * `resourceWarnings` empty), so a hit reports what a fresh run would (nothing). Its name-free parts
 * are copied and deeply frozen (never the args' own arrays: a user's object is not frozen), and
 * every plan of that content, the first one too, shares them; each plan gets its own names, label
 * and `baseOptions`. Its CREATE TABLE is rendered once with marker names (renderedDdl) and
 * completed per table; the first completion is compared with a fresh rendering, and a template
 * that differs is dropped. Bounded (bounded-memo.ts).
 */
import type { IcebergTablePlan } from "./iceberg-table.js";
import type { TableKind } from "./extra-options.js";
import { BoundedMemo } from "../validation/bounded-memo.js";
import { jsonText } from "../validation/content-text.js";
import { MAX_IDENTIFIER_LENGTH } from "../types/data-type.js";
import { deriveTableName } from "./derived-table-name.js";

/**
 * A name the memo leaves out of its key (see the module doc): one the renderer quotes without an
 * escape (back-quotes and single quotes always wrap a name, so a leading digit is plain here;
 * insert-columns-memo.ts reads names in SQL text, where it is not).
 */
const PLAIN_NAME = /^[A-Za-z0-9_]+$/;

/** Markers for the names in a template's CREATE TABLE (a plain name holds no control character). */
const TABLE_NAME_MARK = "\u0000flink-table-name\u0000";
const TABLE_MARK = "\u0000iceberg-table\u0000";

/** A remembered clean plan: its name-free parts, and its CREATE TABLE once rendered. */
interface Template {
  /** The plan with every name-free part frozen (names: those of the table first planned). */
  readonly plan: IcebergTablePlan;
  /** The CREATE TABLE split at the two names (null: no template, render each fresh). */
  ddl?: DdlTemplate | null;
}

/** A CREATE TABLE as text pieces around the names, in their order. */
interface DdlTemplate {
  readonly pieces: readonly string[];
  /** For each gap between two pieces: the Flink table name ("n") or the Iceberg table ("t"). */
  readonly names: readonly ("n" | "t")[];
}

const memo = new BoundedMemo<string, Template>();
/** How many CREATE TABLEs came from a template (tests). */
let ddlHits = 0;
/** The template each plan made from it came from (for its CREATE TABLE). */
const templates = new WeakMap<IcebergTablePlan, Template>();

/** The memo's key for these args and the plan's Flink table name, or undefined when they are not remembered. */
export function tablePlanKey(kind: TableKind, resourceName: string, args: unknown): { key: string; tableName: string; table: string } | undefined {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return undefined;
  const proto = Object.getPrototypeOf(args) as unknown;
  if (proto !== Object.prototype && proto !== null) return undefined;
  const given = args as Record<string, unknown>;
  const table = given["table"];
  if (typeof table !== "string" || !PLAIN_NAME.test(table)) return undefined;
  const tableNameGiven = given["tableName"];
  const tableName = tableNameGiven === undefined ? deriveTableName(resourceName) : tableNameGiven;
  if (typeof tableName !== "string" || tableName.length > MAX_IDENTIFIER_LENGTH || !PLAIN_NAME.test(tableName)) return undefined;
  let key = `${kind}${proto === null ? "|0" : "|"}`;
  let count = 0;
  for (const k in given) {
    if (!Object.hasOwn(given, k)) return undefined;
    count++;
    const value = given[k];
    // An arg set to undefined is written as such (the unknown-arg check lists it as given).
    const text = k === "table" ? "t" : k === "tableName" && value !== undefined ? "n" : value === undefined ? "U" : jsonText(value, 1);
    if (text === undefined) return undefined;
    key += `${JSON.stringify(k)}:${text},`;
  }
  // A hidden own prop: read by name by the checks, unseen by the key.
  if (Object.getOwnPropertyNames(given).length !== count) return undefined;
  return { key, tableName, table };
}

/**
 * A plan of the template's parts with these names, label and WITH map, its keys in the order
 * planIcebergTable gives them (a literal: V8 keeps its properties fast, where Object.assign onto
 * `{}` turns an object of this many keys into a dictionary, about 4 µs a copy).
 */
function named(template: Template, kind: TableKind, resourceName: string, label: string, tableName: string, table: string): IcebergTablePlan {
  const t = template.plan;
  const baseOptions: Record<string, string> = { ...t.baseOptions };
  baseOptions["catalog-table"] = table;
  const plan: Mutable<IcebergTablePlan> = {
    kind,
    resourceName,
    label,
    tableName,
    columns: t.columns,
    primaryKey: t.primaryKey,
    partitionedBy: t.partitionedBy,
    baseOptions,
    schema: t.schema,
    partitionSpec: t.partitionSpec,
    formatVersion: t.formatVersion,
    needsFormatV3: t.needsFormatV3,
    database: t.database,
    table,
    catalogKey: t.catalogKey,
    upsert: t.upsert,
    uri: t.uri,
    warehouse: t.warehouse,
    warnings: t.warnings,
    resourceWarnings: t.resourceWarnings,
  };
  // The optional keys, present only when set, in planIcebergTable's order.
  for (const key of OPTIONAL_KEYS) if (t[key] !== undefined) (plan as Record<string, unknown>)[key] = t[key];
  templates.set(plan, template);
  return plan;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The keys a plan may lack. */
type OptionalKey = { [K in keyof IcebergTablePlan]-?: object extends Pick<IcebergTablePlan, K> ? K : never }[keyof IcebergTablePlan];

/** Every optional key of a plan, in the order planIcebergTable adds them (the compiler holds the list to IcebergTablePlan). */
const OPTIONAL_KEYS = ["read", "branch", "watermark", "hashDistributionProblem", "commitInterval"] as const satisfies readonly OptionalKey[];
const everyOptionalKeyListed: [Exclude<OptionalKey, (typeof OPTIONAL_KEYS)[number]>] extends [never] ? true : never = true;
void everyOptionalKeyListed;

/** A frozen copy of a plan part: plain arrays and objects copied, frozen parts (shared columns, schema) and other objects kept. */
function frozenCopy<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy)) as T;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = frozenCopy(v);
  return Object.freeze(out) as T;
}

/**
 * `plan(kind, resourceName, args)`, or the plan remembered for args of that content with this
 * table's names (see the module doc). `label` is the resource's label. Throws what `plan` throws.
 */
export function memoizedTablePlan(kind: TableKind, resourceName: string, label: string, args: unknown, plan: (kind: TableKind, resourceName: string, args: unknown) => IcebergTablePlan): IcebergTablePlan {
  const k = tablePlanKey(kind, resourceName, args);
  if (k === undefined) return plan(kind, resourceName, args);
  const kept = memo.get(k.key);
  if (kept !== undefined) return named(kept, kind, resourceName, label, k.tableName, k.table);
  const fresh = plan(kind, resourceName, args);
  if (fresh.warnings.length > 0 || fresh.resourceWarnings.length > 0 || fresh.tableName !== k.tableName || fresh.table !== k.table) return fresh;
  // Every part frozen (a copy where it is not yet: never the args' own arrays), so that the plans of this content can share it.
  const parts = {} as Record<string, unknown>;
  for (const key of Object.keys(fresh)) parts[key] = frozenCopy((fresh as unknown as Record<string, unknown>)[key]);
  const template: Template = { plan: parts as unknown as IcebergTablePlan };
  memo.remember(k.key, template);
  return named(template, kind, resourceName, label, k.tableName, k.table);
}

/**
 * The CREATE TABLE of a plan made by memoizedTablePlan, from its template; undefined for another
 * plan (the caller renders it). Only for a plan rendered with its own uri and warehouse (`options`:
 * its baseOptions with them), as every plan of one template is. `render` renders a plan with a WITH map.
 */
export function templateDdl(plan: IcebergTablePlan, options: Readonly<Record<string, string>>, render: (plan: IcebergTablePlan, options: Readonly<Record<string, string>>) => string): string | undefined {
  const template = templates.get(plan);
  if (template === undefined || template.ddl === null) return undefined;
  if (template.ddl === undefined) {
    const fresh = render(plan, options);
    const made = ddlTemplate(template, options, render);
    template.ddl = made !== undefined && completed(made, plan) === fresh ? made : null;
    return fresh;
  }
  ddlHits++;
  return completed(template.ddl, plan);
}

/** The template's CREATE TABLE rendered with marker names and split at them; undefined when a marker is not where a name goes. */
function ddlTemplate(template: Template, options: Readonly<Record<string, string>>, render: (plan: IcebergTablePlan, options: Readonly<Record<string, string>>) => string): DdlTemplate | undefined {
  const marked = Object.assign({}, template.plan, { tableName: TABLE_NAME_MARK, table: TABLE_MARK });
  const text = render(marked, Object.assign({}, options, { "catalog-table": TABLE_MARK }));
  const pieces: string[] = [];
  const names: ("n" | "t")[] = [];
  let at = 0;
  for (;;) {
    const n = text.indexOf(TABLE_NAME_MARK, at);
    const t = text.indexOf(TABLE_MARK, at);
    if (n < 0 && t < 0) break;
    const isName = n >= 0 && (t < 0 || n < t);
    const start = isName ? n : t;
    pieces.push(text.slice(at, start));
    names.push(isName ? "n" : "t");
    at = start + (isName ? TABLE_NAME_MARK : TABLE_MARK).length;
  }
  pieces.push(text.slice(at));
  // One CREATE TABLE name and one catalog-table option: anything else is not this renderer's shape.
  return names.length === 2 && names.includes("n") && names.includes("t") ? { pieces, names } : undefined;
}

/** The template's text with the plan's names (plain names are quoted without escapes). */
function completed(ddl: DdlTemplate, plan: IcebergTablePlan): string {
  let out = ddl.pieces[0]!;
  for (let i = 0; i < ddl.names.length; i++) out += (ddl.names[i] === "n" ? plan.tableName : plan.table) + ddl.pieces[i + 1]!;
  return out;
}

/** Empties the memo (tests); clearAllMemos does it too. */
export function clearTablePlanMemo(): void {
  memo.clear();
}

/** How many CREATE TABLEs were completed from a template (tests). */
export function tableDdlTemplateHits(): number {
  return ddlHits;
}

/** The number of plans remembered (tests). */
export function tablePlanMemoSize(): number {
  return memo.size;
}
