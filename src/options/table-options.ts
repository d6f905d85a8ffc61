/**
 * The table args shared by IcebergSource and IcebergSink (DESIGN.md) as zod schemas.
 * `columns` and `primaryKey` are validated by `convertColumns` (src/iceberg/schema.ts), which owns
 * the column and key rules; their schemas here document the shape.
 */
import * as z from "zod";
import { plainStringValueProblem } from "../validation/secrets.js";
import { isDataType } from "../types/data-type.js";
import { IcebergCatalogSchema } from "./catalog.js";
import { quickCatalog } from "./catalog-quick.js";
import { numberChoiceField, withQuickRead } from "./fields.js";
import { quickLiteralOrDefault, quickName } from "./quick-fields.js";
import { IcebergSinkOptionsShape } from "./sink-options.js";
import { IcebergSourceOptionsShape } from "./source-options.js";

const nameList = (what: string) =>
  z.array(z.string({ error: `${what} entries are column names (non-empty strings)` }).min(1, `${what} entries must not be empty: write a column name of the table, or remove the entry`), { error: `${what} must be an array of column names` });

/** `write`: what the arg names, with an example, for the messages' what-to-write. */
const icebergName = (arg: string, write: string) =>
  z
    .string({ error: `${arg} is required: a non-empty string, ${write}` })
    .min(1, `${arg} must not be empty: write ${write}`)
    .refine((s) => !/[\r\n]/.test(s), `${arg} must not contain a line break`);


/** formatVersion when unset. */
const DEFAULT_FORMAT_VERSION = 2;

/** Shared table fields, each with its description. */
export const IcebergTableShape = {
  catalog: withQuickRead(
    IcebergCatalogSchema.meta({
      description: "The Iceberg catalog that holds the table: name, type (hive | hadoop | rest, hive when unset) or catalogImpl, uri, warehouse, properties. Rendered as the catalog-* keys, uri, warehouse and the properties.",
    }),
    quickCatalog,
  ),
  database: withQuickRead(
    icebergName("database", `the Iceberg namespace (database) that holds the table, e.g. "db"`).meta({
      description: "The Iceberg namespace (database) of the table; always rendered as `catalog-database` (the runtime would otherwise use the Flink database name, e.g. default_database).",
    }),
    quickName,
  ),
  table: withQuickRead(
    icebergName("table", `the Iceberg table name, e.g. "orders"`).meta({
      description: "The Iceberg table name; always rendered as `catalog-table` (the runtime would otherwise use the Flink table name).",
    }),
    quickName,
  ),
  tableName: z
    .string({ error: "tableName must be a string" })
    .min(1, "tableName must not be empty: write the Flink table name, e.g. \"orders\", or leave it unset (default: the resource name, each character other than an ASCII letter, digit or _ replaced by _)")
    .optional()
    .meta({
      description:
        "The Flink table name used in CREATE TABLE and in SQL statements (always back-quoted when rendered). Default: the resource name with every character other than ASCII letters, digits and _ replaced by _ (\"orders-daily\" → \"orders_daily\"). 1 to 256 characters, no line breaks.",
    }),
  columns: z
    .array(
      z.strictObject({
        name: z.string().meta({ description: "Column name (1 to 256 characters, case preserved, always back-quoted)." }),
        type: z.union([z.string(), z.custom((v) => isDataType(v))]).meta({ description: "Flink SQL type text (e.g. \"DECIMAL(10, 2)\") or a DataTypes value." }),
        comment: z.string().optional().meta({ description: "Column comment; becomes the Iceberg field doc." }),
      }),
    )
    .min(1)
    .meta({ description: "The columns in order (at least one). Types must map to Iceberg (SPEC type table); primary-key columns render NOT NULL." }),
  primaryKey: nameList("primaryKey").optional().meta({
    description: "Primary-key columns, rendered PRIMARY KEY (...) NOT ENFORCED and NOT NULL; top-level, primitive, not FLOAT/DOUBLE (Iceberg identifier-field rules). Required by upsertEnabled.",
  }),
  partitionedBy: nameList("partitionedBy").optional().meta({
    description: "Identity partition columns, rendered PARTITIONED BY (...); top-level primitive columns, each once. With upsertEnabled each must be a primary-key column.",
  }),
  formatVersion: withQuickRead(
    numberChoiceField("formatVersion", [1, 2, 3])
      .optional()
      .default(DEFAULT_FORMAT_VERSION)
      .meta({
        description:
          "Iceberg table format version 1, 2 or 3, default 2, always rendered as 'format-version' (it decides the version only when the connector creates the table). Upsert needs 2 or 3; TIMESTAMP(7..9) / TIMESTAMP_LTZ(7..9) columns need 3 and the Iceberg 1.11+ runtime.",
      }),
    quickLiteralOrDefault([1, 2, 3], DEFAULT_FORMAT_VERSION),
  ),
  extraOptions: z.record(z.string(), z.string({ error: (iss) => plainStringValueProblem(iss.input, String(iss.path?.[iss.path.length - 1] ?? ""), "extraOptions") })).optional().meta({
    description:
      "Other upstream read/write options or table properties, rendered into WITH as-is. Keys the product renders or a modeled arg covers (incl. aliases such as write.upsert.enabled, write.format.default, read.split.target-size, catalog-*), streaming-incompatible read options on a streaming source, and credential keys are preview errors.",
  }),
  acknowledgedWarnings: z
    .array(z.strictObject({ path: z.string(), contains: z.string().min(1).optional(), reason: z.string().regex(/\S/, "a reason that is not blank") }))
    .optional()
    .meta({
      description:
        "Warnings of this table that the team has checked and accepts, each { path, contains?, reason }: a warning an entry names is not logged (it stays in the resource's warnings, acknowledged). The reason is required; an entry that names no warning is a warning itself; errors cannot be acknowledged (validation/acknowledged-warnings.ts).",
    }),
} as const;

/** IcebergSource args as one strict schema (docs / JSON Schema). */
export const IcebergSourceArgsSchema = z.strictObject({ ...IcebergTableShape, ...IcebergSourceOptionsShape });
/** IcebergSink args as one strict schema (docs / JSON Schema). */
export const IcebergSinkArgsSchema = z.strictObject({ ...IcebergTableShape, ...IcebergSinkOptionsShape });
