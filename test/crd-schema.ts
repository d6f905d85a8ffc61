/**
 * Validates FlinkDeployment manifests against the operator's CRD schema (release 1.15.0, the
 * latest released operator), kept in ../shared/conformance/crds/release-1.15.0 next to the repo.
 *
 * The schema is made stricter than the API server in one way: an object with `properties` and
 * neither `additionalProperties` nor `x-kubernetes-preserve-unknown-fields` rejects unknown
 * fields (the API server would silently prune them, which hides typos such as `resources`
 * instead of `resource`). The folder is absent on a user's machine: callers then skip with
 * `CRD_SCHEMA_SKIP_REASON`.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import { parse } from "yaml";

/** Absolute path of the CRD file used. */
export const FLINK_DEPLOYMENT_CRD = resolve(__dirname, "../../shared/conformance/crds/release-1.15.0/flinkdeployments.flink.apache.org-v1.yml");

/** True when the CRD file is present (CI); false on a user's machine. */
export const crdSchemaAvailable = existsSync(FLINK_DEPLOYMENT_CRD);

/** Why CRD tests are skipped when the file is absent. */
export const CRD_SCHEMA_SKIP_REASON = `CRD schema not found at ${FLINK_DEPLOYMENT_CRD} (../shared/conformance is only present in CI): skipping FlinkDeployment schema validation`;

type Schema = Record<string, unknown>;

function strict(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strict);
  if (typeof node !== "object" || node === null) return node;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === "properties" ? Object.fromEntries(Object.entries(v as Schema).map(([p, s]) => [p, strict(s)])) : strict(v);
  if (out.properties !== undefined && out.additionalProperties === undefined && out["x-kubernetes-preserve-unknown-fields"] !== true) out.additionalProperties = false;
  return out;
}

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (compiled !== undefined) return compiled;
  const crd = parse(readFileSync(FLINK_DEPLOYMENT_CRD, "utf8")) as { spec: { versions: { name: string; schema: { openAPIV3Schema: Schema } }[] } };
  const version = crd.spec.versions.find((v) => v.name === "v1beta1");
  if (version === undefined) throw new Error(`${FLINK_DEPLOYMENT_CRD} has no v1beta1 version`);
  const root = strict(version.schema.openAPIV3Schema) as Schema;
  // apiVersion, kind and metadata are implicit in every CRD schema.
  root.properties = {
    ...(root.properties as Schema),
    apiVersion: { type: "string", const: "flink.apache.org/v1beta1" },
    kind: { type: "string", const: "FlinkDeployment" },
    metadata: { type: "object" },
  };
  root.required = ["apiVersion", "kind", "metadata", "spec"];
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addVocabulary(["x-kubernetes-preserve-unknown-fields", "x-kubernetes-int-or-string"]);
  compiled = ajv.compile(root);
  return compiled;
}

/** The schema errors of `obj` as `instancePath message` lines; empty when valid. Throws when the CRD file is absent. */
export function validateFlinkDeployment(obj: unknown): string[] {
  const validate = validator();
  if (validate(obj)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || "/"} ${e.message ?? ""}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`);
}
