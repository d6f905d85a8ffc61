/**
 * Which `fields.<column>.<option>` keys a 'datagen' column consumes, by its type and generator
 * kind. Flink's DataGenTableSourceFactory builds each physical column's generator with
 * RandomGeneratorVisitor (kind 'random', the default) or SequenceGeneratorVisitor (kind
 * 'sequence'), collects the options each generator reads, and fails on every other key
 * ("Unsupported options found for 'datagen'", FactoryUtil.validateUnconsumedKeys); a sequence
 * needs both start and end ("Could not find required property ... for sequence generator.") and
 * exists only for the string, binary and numeric types (the others fail: "Unsupported type", or
 * their start and end are unconsumed). Upstream: flink-table-api-java-bridge
 * `org/apache/flink/connector/datagen/table/` DataGenTableSourceFactory.java,
 * RandomGeneratorVisitor.java, SequenceGeneratorVisitor.java, DataGenVisitorBase.java (Flink 1.19–2.1).
 *
 * Random: numbers and intervals take min, max, null-rate; VARCHAR/STRING length, var-len,
 * null-rate; VARBINARY/BYTES length, var-len; timestamps max-past, null-rate; BOOLEAN and CHAR
 * null-rate; DATE and TIME nothing; ARRAY, MULTISET and MAP length and null-rate, with their
 * element (`.element`), key (`.key`) and value (`.value`) options below them; ROW null-rate and its
 * fields' options (`.<field>`). Only a top-level column takes `kind`. A null-rate on BINARY or
 * VARBINARY is not judged (the versions differ on it). Sequence: start and end, nothing else.
 */
import type { DataType } from "../types/data-type.js";
import type { Diagnostics } from "../validation/diagnostics.js";

const NUMERIC = new Set(["TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE", "DECIMAL", "INTERVAL"]);
const SEQUENCE_TYPES = new Set(["CHAR", "VARCHAR", "BINARY", "VARBINARY", "TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE", "DECIMAL"]);
/** Option names a generator may read (DataGenConnectorOptions FIELD_*). */
const FIELD_OPTIONS = new Set(["kind", "min", "max", "max-past", "length", "var-len", "start", "end", "null-rate"]);

/** One generated value: a column or a part of one (Flink names it `<column>.element` ...), its type, and the options it takes. */
interface Node {
  readonly name: string;
  readonly type: DataType;
  readonly takes: readonly string[];
}

/** The options the random generator of `type` reads at its own level, then the parts below it, into `out` (nothing for a type it does not generate). */
function randomNodes(name: string, type: DataType, top: boolean, out: Node[]): void {
  const kind: string = type.kind;
  const own = top ? ["kind"] : [];
  const add = (takes: string[]): number => out.push({ name, type, takes: [...own, ...takes] });
  if (NUMERIC.has(kind)) add(["min", "max", "null-rate"]);
  else if (kind === "VARCHAR") add(["length", "null-rate", "var-len"]);
  else if (kind === "VARBINARY") add(["length", "var-len", "null-rate?"]);
  else if (kind === "BINARY") add(["null-rate?"]);
  else if (kind === "BOOLEAN" || kind === "CHAR") add(["null-rate"]);
  else if (kind === "TIMESTAMP" || kind === "TIMESTAMP_LTZ" || kind === "TIMESTAMP_TZ") add(["max-past", "null-rate"]);
  else if (kind === "DATE" || kind === "TIME") add([]);
  else if (type.kind === "ARRAY" || type.kind === "MULTISET") {
    add(["length", "null-rate"]);
    randomNodes(`${name}.element`, type.elementType, false, out);
  } else if (type.kind === "MAP") {
    add(["length", "null-rate"]);
    randomNodes(`${name}.key`, type.keyType, false, out);
    randomNodes(`${name}.value`, type.valueType, false, out);
  } else if (type.kind === "ROW") {
    add(["null-rate"]);
    for (const f of type.fields) randomNodes(`${name}.${f.name}`, f.type, false, out);
  }
}

const unsupported = `"Unsupported options found for 'datagen'" (flink FactoryUtil.validateUnconsumedKeys)`;

function opt(key: string): string {
  return `options[${JSON.stringify(key)}]`;
}

/** What to write instead of `option` on `node` (random kind). */
function randomFix(column: string, node: Node, option: string): string {
  const at = (o: string): string => JSON.stringify(`fields.${node.name}.${o}`);
  if ((option === "start" || option === "end") && node.name === column && SEQUENCE_TYPES.has(node.type.kind)) {
    return `for a sequence from start to end set ${JSON.stringify(`fields.${column}.kind`)} to 'sequence'${node.takes.includes("min") ? `, or write ${at("min")} / ${at("max")} for a random range` : ""}`;
  }
  if ((option === "min" || option === "max") && node.takes.includes("length")) return `for the generated length write ${at("length")}, or remove it`;
  if ((option === "min" || option === "max") && node.takes.includes("max-past")) return `for how far back the random timestamps go write ${at("max-past")} (e.g. '1h'), or remove it`;
  if (option === "length" && node.takes.includes("min")) return `for a range of values write ${at("min")} / ${at("max")}, or remove it`;
  return "remove it";
}

function takesText(node: Node): string {
  const list = node.takes.filter((t) => !t.endsWith("?"));
  return list.length === 0 ? "no option" : `only ${list.join(", ")}`;
}

/**
 * Checks the `fields.<column>.*` keys of a 'datagen' table against its physical columns' types and
 * generator kinds (see above); errors at `options["fields..."]`. Returns the keys it judged (valid
 * or reported), which the key-name check (connector-options.ts) then leaves alone. A column whose
 * type is not known, or whose kind is an Output, is not judged.
 */
export function checkDatagenFieldTypes(options: Readonly<Record<string, string>>, deferredKeys: readonly string[], columns: readonly { readonly name: string; readonly type?: DataType }[], diag: Diagnostics): Set<string> {
  const judged = new Set<string>();
  const keys = [...Object.keys(options), ...deferredKeys].filter((k) => k.startsWith("fields."));
  if (keys.length === 0) return judged;
  // Each key belongs to the physical column with the longest name it starts with (names may hold dots).
  const byColumn = new Map<string, string[]>();
  for (const key of keys) {
    const rest = key.slice("fields.".length);
    let best: string | undefined;
    for (const c of columns) if (rest.startsWith(`${c.name}.`) && (best === undefined || c.name.length > best.length)) best = c.name;
    if (best !== undefined) byColumn.set(best, [...(byColumn.get(best) ?? []), key]);
  }
  for (const c of columns) {
    const own = byColumn.get(c.name);
    if (own === undefined || c.type === undefined) continue;
    const kindKey = `fields.${c.name}.kind`;
    if (deferredKeys.includes(kindKey)) continue;
    const kind = options[kindKey] ?? "random";
    const has = (k: string): boolean => options[k] !== undefined || deferredKeys.includes(k);
    if (kind !== "random" && kind !== "sequence") {
      diag.error(opt(kindKey), `${JSON.stringify(kind)} is no generator kind (Flink: "Unsupported generator kind: ${kind}"); write 'random' (the default) or 'sequence'`);
      own.forEach((k) => judged.add(k));
      continue;
    }
    if (kind === "sequence") {
      own.forEach((k) => judged.add(k));
      if (!SEQUENCE_TYPES.has(c.type.kind)) {
        diag.error(
          opt(kindKey),
          `is 'sequence', which 'datagen' cannot generate for column ${JSON.stringify(c.name)} (${c.type.toString()}): a sequence is for CHAR, VARCHAR, BINARY, VARBINARY and the numeric types, and Flink fails on any other ` +
            `(flink SequenceGeneratorVisitor); use kind 'random' (the default)`,
        );
        continue;
      }
      const missing = ["start", "end"].filter((o) => !has(`fields.${c.name}.${o}`));
      if (missing.length > 0) {
        diag.error(
          opt(kindKey),
          `is 'sequence', which needs ${missing.map((o) => JSON.stringify(`fields.${c.name}.${o}`)).join(" and ")} (Flink: "Could not find required property 'fields.${c.name}.${missing[0]}' for sequence generator."); ` +
            `set the first and last value of the sequence, e.g. "fields.${c.name}.start": "1" and "fields.${c.name}.end": "1000"`,
        );
      }
      for (const key of own) {
        const option = key.slice(`fields.${c.name}.`.length);
        if (option === "kind" || option === "start" || option === "end") continue;
        diag.error(
          opt(key),
          `does not apply to column ${JSON.stringify(c.name)}, which kind 'sequence' generates from start to end and which takes only kind, start, end (flink SequenceGeneratorVisitor), so Flink fails with ${unsupported}; ` +
            `remove it${option === "min" || option === "max" ? `, or write ${JSON.stringify(`fields.${c.name}.${option === "min" ? "start" : "end"}`)}` : ""}`,
        );
      }
      continue;
    }
    const nodes: Node[] = [];
    randomNodes(c.name, c.type, true, nodes);
    if (nodes.length === 0) continue;
    for (const key of own) {
      const rest = key.slice("fields.".length);
      // The deepest part the key names, and the option after it.
      let node: Node | undefined;
      for (const n of nodes) if (rest.startsWith(`${n.name}.`) && FIELD_OPTIONS.has(rest.slice(n.name.length + 1)) && (node === undefined || n.name.length > node.name.length)) node = n;
      if (node === undefined) continue;
      judged.add(key);
      const option = rest.slice(node.name.length + 1);
      if (node.takes.includes(option) || node.takes.includes(`${option}?`)) continue;
      const what = node.name === c.name ? `column ${JSON.stringify(c.name)} (${c.type.toString()})` : `${JSON.stringify(node.name)} (${node.type.toString()}, part of column ${JSON.stringify(c.name)})`;
      const kindNote = option === "kind" ? "; a generator kind is set per top-level column" : "";
      diag.error(
        opt(key),
        `does not apply to ${what}, which 'datagen' generates at random and which takes ${takesText(node)} (flink RandomGeneratorVisitor), so Flink fails with ${unsupported}${kindNote}; ${randomFix(c.name, node, option)}`,
      );
    }
  }
  return judged;
}
