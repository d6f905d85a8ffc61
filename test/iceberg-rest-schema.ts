/**
 * Validates Iceberg schema and partition spec JSON against the Iceberg REST catalog OpenAPI spec
 * (apache/iceberg open-api/rest-catalog-open-api.yaml), kept in ../shared/conformance/iceberg-rest
 * next to the repo: the `Schema` and `PartitionSpec` components, i.e. what a REST catalog accepts in
 * a CreateTableRequest and returns in table metadata.
 *
 * Made stricter than the spec in three ways, each a rule of Iceberg itself: objects reject keys the
 * spec does not name (a misspelt `element-requried` would pass the spec, which leaves objects open);
 * `Schema`'s `allOf` is merged into one object for that; primitive type strings must be one of the
 * Iceberg table spec's primitive types as `Types.fromPrimitiveString` parses them (iceberg
 * api/src/main/java/org/apache/iceberg/types/Types.java: `fixed[L]`, `decimal(P, S)` with optional
 * blanks); transforms must be one of the spec's (Transforms.fromString). The folder is absent on a
 * user's machine: callers then skip with `ICEBERG_REST_SKIP_REASON`.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import { parse } from "yaml";

/** Absolute path of the spec file used. */
export const ICEBERG_REST_SPEC = resolve(__dirname, "../../shared/conformance/iceberg-rest/rest-catalog-open-api.yaml");

/** True when the spec is present (CI); false on a user's machine. */
export const icebergRestSpecAvailable = existsSync(ICEBERG_REST_SPEC);

/** Why these checks are skipped when the file is absent. */
export const ICEBERG_REST_SKIP_REASON = `Iceberg REST spec not found at ${ICEBERG_REST_SPEC} (../shared/conformance is only present in CI): skipping schema JSON validation`;

type Schema = Record<string, unknown>;

/** Iceberg primitive type strings (Types.fromPrimitiveString; `decimal(P, S)` and `fixed[L]` with optional blanks). */
const PRIMITIVE_TYPE = String.raw`^(boolean|int|long|float|double|date|time|timestamp|timestamptz|timestamp_ns|timestamptz_ns|string|uuid|binary|unknown|fixed\[\s*\d+\s*\]|decimal\(\s*\d+\s*,\s*\d+\s*\))$`;
/** Partition transforms (iceberg api/.../transforms/Transforms.java fromString). */
const TRANSFORM = String.raw`^(identity|year|month|day|hour|void|bucket\[\d+\]|truncate\[\d+\])$`;

/** Closes every object schema that names its properties (OpenAPI leaves them open). */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (typeof node !== "object" || node === null) return node;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === "properties" ? Object.fromEntries(Object.entries(v as Schema).map(([p, s]) => [p, closeObjects(s)])) : closeObjects(v);
  if (out.properties !== undefined && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

const compiled = new Map<string, ValidateFunction>();

function validator(component: "Schema" | "PartitionSpec"): ValidateFunction {
  const cached = compiled.get(component);
  if (cached !== undefined) return cached;
  const doc = parse(readFileSync(ICEBERG_REST_SPEC, "utf8")) as { components: { schemas: Record<string, Schema> } };
  const schemas = doc.components.schemas;
  // Schema = allOf [StructType, { schema-id, identifier-field-ids }]: one object, so it can be closed.
  const [struct, extra] = (schemas["Schema"]!.allOf as Schema[]).map((s) => ("$ref" in s ? schemas[String(s.$ref).split("/").pop()!]! : s));
  const merged = { type: "object", required: struct!.required, properties: { ...(struct!.properties as Schema), ...(extra!.properties as Schema) } };
  const components = closeObjects({ ...schemas, Schema: merged }) as Record<string, Schema>;
  components["PrimitiveType"] = { type: "string", pattern: PRIMITIVE_TYPE };
  components["Transform"] = { type: "string", pattern: TRANSFORM };
  // Formats (int64, uuid, date) appear only in the spec's default-value types, which nothing here uses.
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
  ajv.addSchema({ $id: "iceberg-rest", components: { schemas: components } });
  const fn = ajv.compile({ $ref: `iceberg-rest#/components/schemas/${component}` });
  compiled.set(component, fn);
  return fn;
}

function problems(component: "Schema" | "PartitionSpec", value: unknown): string[] {
  const validate = validator(component);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || "/"} ${e.message ?? ""}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`);
}

/** The problems of an Iceberg schema JSON against the REST spec's `Schema`; empty when valid. Throws when the spec is absent. */
export function icebergSchemaProblems(schema: unknown): string[] {
  return problems("Schema", schema);
}

/** The problems of a partition spec JSON against the REST spec's `PartitionSpec`; empty when valid. Throws when the spec is absent. */
export function partitionSpecProblems(spec: unknown): string[] {
  return problems("PartitionSpec", spec);
}
