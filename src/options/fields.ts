/**
 * zod field schemas shared by the option tables, and the bridge from zod issues to Diagnostics.
 * Schemas describe resolved (plain) values; conversions run in `transform`s that report through
 * the same messages as the pure parsers (duration.ts, byte-size.ts, snapshot-id.ts).
 */
import { unknownArgMessage } from "../validation/known-keys.js";
import * as z from "zod";
import type { Diagnostics } from "../validation/diagnostics.js";
import { joinPath } from "../validation/diagnostics.js";
import { isValidationError } from "../validation/error.js";
import { parseByteSize } from "./byte-size.js";
import { parseFlinkDuration } from "./duration.js";
import { parseSnapshotId } from "./snapshot-id.js";

/** Wraps a throwing parser as a zod transform whose failure becomes one issue with the parser's message. */
function viaParser<I, O>(parse: (v: I) => O) {
  return (value: I, ctx: z.RefinementCtx): O => {
    try {
      return parse(value);
    } catch (e) {
      if (!isValidationError(e)) throw e;
      for (const i of e.issues) ctx.addIssue({ code: "custom", message: i.message });
      return z.NEVER;
    }
  };
}

/** A snapshot id: decimal string, bigint, or safe-integer number → exact digits (string). */
export const snapshotIdField = z
  .union([z.string(), z.bigint(), z.number()], { error: "a snapshot id is a string of decimal digits, a bigint, or a safe-integer number" })
  .transform(viaParser(parseSnapshotId));

/** A byte size: positive safe integer, or size text ("128MB") → bytes (number). */
export const byteSizeField = z
  .union([z.number(), z.string()], { error: 'a byte size is a positive whole number of bytes or a size text such as "128MB"' })
  .transform(viaParser(parseByteSize));

/** A Flink duration text ("30s", "5 min") → kept as written; checked with parseFlinkDuration. */
export const durationField = z
  .string({
    error: (iss) =>
      typeof iss.input === "number" && Number.isSafeInteger(iss.input) && iss.input > 0
        ? `a duration is Flink duration text, not a number (got ${iss.input}): write it with a unit, e.g. ${iss.input >= 1000 ? `"${iss.input}ms" (${iss.input} milliseconds)` : iss.input >= 10 ? `"${iss.input}ms" or "${iss.input}s"` : `"${iss.input}s"`}`
        : `a duration is Flink duration text such as "30s", "5 min", "1h" (got ${typeof iss.input === "number" ? String(iss.input) : describe(iss.input)})`,
  })
  .check((ctx) => {
    try {
      parseFlinkDuration(ctx.value);
    } catch (e) {
      if (!isValidationError(e)) throw e;
      for (const i of e.issues) ctx.issues.push({ code: "custom", message: i.message, input: ctx.value });
    }
  });

/**
 * The fix for a quoted value that reads as one of `accepted` (a boolean or number field given "true"
 * or "2", e.g. from stack config read with Config.get): ": write 2 without quotes (...)", else "".
 * `reader` names the Pulumi Config method that reads the value as its type.
 */
export function quotedValueFix(input: unknown, accepted: readonly (boolean | number)[], reader: string): string {
  if (typeof input !== "string") return "";
  const match = accepted.find((v) => String(v) === input.trim().toLowerCase());
  return match === undefined ? "" : `: write ${String(match)} without quotes (${reader} reads a ${typeof match} from stack config)`;
}

/** A boolean with a message that names the accepted values (and the fix for a quoted "true" / "false"). */
export const booleanField = z.boolean({ error: (iss) => `expected true or false, got ${describe(iss.input)}${quotedValueFix(iss.input, [true, false], "Config.getBoolean")}` });

/**
 * One of the numbers `values`, with a message that names the field, the accepted values and the fix
 * for a quoted one ("2": write 2 without quotes).
 */
export function numberChoiceField<const T extends number>(name: string, values: readonly [T, T, ...T[]]) {
  const accepted = `${values.slice(0, -1).join(", ")} or ${values[values.length - 1]}`;
  return z.union(
    values.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<T>, z.ZodLiteral<T>, ...z.ZodLiteral<T>[]],
    { error: (iss) => `${name} must be ${accepted}, got ${describe(iss.input)}${quotedValueFix(iss.input, values, "Config.getNumber")}` },
  );
}

/** Renders a value for a message: strings quoted, others as JSON or their type. */
export function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "bigint") return `${value}n`;
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The zod type inside its optional / default / nullable / pipe wrappers (a few levels at most). */
function zodInner(n: unknown): unknown {
  for (let k = 0; k < 8; k++) {
    const def = (n as { _zod?: { def?: { type?: string; innerType?: unknown; in?: unknown } } } | undefined)?._zod?.def;
    if (def === undefined) break;
    if (def.innerType !== undefined) n = def.innerType;
    else if (def.type === "pipe" && def.in !== undefined) n = def.in;
    else break;
  }
  return n;
}

/**
 * Joins a zod issue path into the prop path syntax of Diagnostics (`a.b[1].c`); a key of a
 * free-form map (a zod record of `schema`, e.g. `catalog.properties`, `extraOptions`) is written
 * `["key"]` whatever it holds (`catalog.properties["credential"]`, `catalog.properties["s3.endpoint"]`),
 * as the map checks and acknowledgedWarnings paths write it, and so is any other key that is no plain
 * name; without `schema` only the latter.
 */
export function zodPath(base: string, path: readonly PropertyKey[], schema?: z.ZodType): string {
  let node: unknown = schema;
  return path.reduce<string>((p, k) => {
    const def = (zodInner(node) as { _zod?: { def?: { type?: string; valueType?: unknown; element?: unknown; shape?: Record<string, unknown> } } } | undefined)?._zod?.def;
    const inMap = def?.type === "record";
    node = def === undefined ? undefined : inMap ? def.valueType : def.type === "array" ? def.element : def.shape?.[String(k)];
    if (typeof k === "number") return joinPath(p, k);
    return joinPath(p, !inMap && /^[A-Za-z_$][\w$]*$/.test(String(k)) ? String(k) : `[${JSON.stringify(String(k))}]`);
  }, base);
}

/** The keys the (strict) object schema at `path` inside `schema` accepts; [] when unknown. */
function knownKeysAt(schema: z.ZodType | undefined, path: readonly PropertyKey[]): string[] {
  let node: unknown = schema;
  for (const seg of path) {
    const shape = (zodInner(node) as { shape?: Record<string, unknown> } | undefined)?.shape;
    node = shape?.[String(seg)];
  }
  const shape = (zodInner(node) as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** Reports every issue of a failed zod parse under `base`. */
export function reportZodIssues(diag: Diagnostics, base: string, error: z.ZodError, schema?: z.ZodType): void {
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      const known = knownKeysAt(schema, issue.path);
      for (const key of issue.keys) diag.error(zodPath(base, [...issue.path, key], schema), unknownArgMessage(key, known));
    } else {
      diag.error(zodPath(base, issue.path, schema), issue.message);
    }
  }
}

/** Whether `schema` is `.optional()` with nothing around it: it parses undefined to undefined. */
function isPlainOptional(schema: z.ZodType): boolean {
  return (schema as unknown as { _zod: { def: { type: string } } })._zod.def.type === "optional";
}

/** Quick reads by schema (withQuickRead). */
const quickReads = new WeakMap<z.ZodType, (value: unknown) => unknown>();

/**
 * Gives `schema` a quick read for parseFields: the value its parse returns for a plainly valid
 * input, without zod, or undefined, and zod parses (and words every problem) as before
 * (catalog-quick.ts). Returns `schema`.
 */
export function withQuickRead<T extends z.ZodType>(schema: T, read: (value: unknown) => z.output<T> | undefined): T {
  quickReads.set(schema, read);
  return schema;
}

/**
 * Parses each field of `schema` separately, so one bad field never hides another field's or a
 * cross-field rule's problem. With `known`, keys of `input` outside `shape` and `known` are
 * reported as unknown args, with `advice`'s words when it has some for the key (what to write
 * instead), else the closest known key. Returns the fields that parsed.
 */
export function parseFields<S extends z.ZodRawShape>(
  shape: S,
  input: Record<string, unknown>,
  diag: Diagnostics,
  known?: ReadonlySet<string>,
  advice?: (key: string, value: unknown) => string | undefined,
): Partial<{ [K in keyof S]: z.output<S[K]> }> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) {
    const value = input[key];
    // An absent optional field parses to undefined: skip zod (most fields are absent; BENCHMARKS.md).
    if (value === undefined && isPlainOptional(shape[key] as z.ZodType)) continue;
    const quick = quickReads.get(shape[key] as z.ZodType)?.(value);
    if (quick !== undefined) {
      out[key] = quick;
      continue;
    }
    const result = (shape[key] as z.ZodType).safeParse(value);
    if (result.success) out[key] = result.data;
    else reportZodIssues(diag, key, result.error, shape[key] as z.ZodType);
  }
  for (const key of known === undefined ? [] : Object.keys(input)) {
    if (Object.hasOwn(shape, key) || known!.has(key)) continue;
    const instead = advice?.(key, input[key]);
    diag.error(key, instead !== undefined ? `unknown arg ${JSON.stringify(key)}: ${instead}` : unknownArgMessage(key, [...new Set([...Object.keys(shape), ...known!])]));
  }
  return out as Partial<{ [K in keyof S]: z.output<S[K]> }>;
}
