/**
 * The `sql` tagged template: `sql\`INSERT INTO ${daily} SELECT * FROM ${orders}\``.
 *
 * A table component interpolated with `${table}` renders as its back-quoted Flink name and is
 * recorded as a reference, so the job declares exactly the tables its statements use. Strings
 * and numbers are inserted as text (they are SQL, not literals: quote values yourself, or use
 * `sqlLiteral`). A Pulumi Output is carried through and resolved when the script renders; an
 * Output that turns out to be secret fails rendering (a secret may not enter the script, SPEC
 * decision 8). Anything else is rejected with FlinkIcebergValidationError.
 */
import * as pulumi from "@pulumi/pulumi";
import { getTableDefinition, type TableDefinition } from "../components/table-definition.js";
import { quoteIdentifier, quoteLiteral } from "../types/data-type.js";
import { FlinkIcebergValidationError } from "../validation/error.js";

/** One piece of a statement. */
export type SqlSegment =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "table"; readonly table: TableDefinition }
  | { readonly kind: "output"; readonly output: pulumi.Output<unknown>; readonly index: number };

/** Where a string interpolated with `${...}` lies in the statement's text (toString), and what it was. */
export interface InterpolatedText {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A SQL statement built with `sql`; FlinkSqlJob takes a list of them. */
export class SqlStatement {
  /** The pieces in order; adjacent text is merged. */
  readonly segments: readonly SqlSegment[];
  /** The strings interpolated into the text (merged into its text segments), by their place in toString(): interpolated-operands.ts reads them. */
  readonly interpolated: readonly InterpolatedText[];

  /** @internal use the `sql` tag. */
  constructor(segments: readonly SqlSegment[], interpolated: readonly InterpolatedText[] = []) {
    this.segments = Object.freeze([...segments]);
    this.interpolated = Object.freeze([...interpolated]);
  }

  /** The tables referenced, in order of first reference. */
  get tables(): TableDefinition[] {
    const seen: TableDefinition[] = [];
    for (const s of this.segments) if (s.kind === "table" && !seen.includes(s.table)) seen.push(s.table);
    return seen;
  }

  /** True when no Output is embedded (the text is known at construction). */
  get isPlain(): boolean {
    return this.segments.every((s) => s.kind !== "output");
  }

  /** Renders the text with Output values given by segment index (`values[i]` for the i-th Output). */
  render(values: readonly unknown[] = []): string {
    return this.segments
      .map((s) => {
        switch (s.kind) {
          case "text":
            return s.text;
          case "table":
            return quoteIdentifier(s.table.tableName);
          case "output":
            return String(values[s.index]);
        }
      })
      .join("");
  }

  /** The text with `${...}` in place of unknown Outputs, for messages and preview checks. */
  toString(): string {
    return this.render(this.segments.filter((s) => s.kind === "output").map(() => "${…}"));
  }
}

/**
 * Renders a string value as a Flink SQL string literal ('' doubles a quote), for use inside `sql`:
 * ``sql`... WHERE status = ${sqlLiteral(status)}` ``. An Output of a string gives an Output of the
 * literal (a secret stays secret, and a secret may not enter the script: the job rejects it).
 * @throws FlinkIcebergValidationError for anything but a string or an Output (a number is SQL
 * text already: interpolate it as it is).
 */
export function sqlLiteral(value: string): string;
export function sqlLiteral(value: pulumi.Output<string>): pulumi.Output<string>;
export function sqlLiteral(value: string | pulumi.Output<string>): string | pulumi.Output<string> {
  if (typeof value === "string") return quoteLiteral(value);
  if (pulumi.Output.isInstance(value)) {
    const quoted = (value as pulumi.Output<unknown>).apply((v) => {
      if (typeof v !== "string") throw new FlinkIcebergValidationError([{ path: "", message: `the Output resolved to ${describeValue(v)}; sqlLiteral quotes strings` }], "sqlLiteral(...)");
      return quoteLiteral(v);
    });
    LITERAL_OUTPUTS.add(quoted);
    return quoted;
  }
  const hint = typeof value === "number" || typeof value === "bigint" ? `: a number is SQL text already, interpolate it as it is (\${${String(value)}})` : "";
  throw new FlinkIcebergValidationError([{ path: "", message: `takes a string or a Pulumi Output<string>, got ${describeValue(value)}${hint}` }], "sqlLiteral(...)");
}

/** The Outputs sqlLiteral made: a quoted value, wherever it is interpolated. */
const LITERAL_OUTPUTS = new WeakSet<object>();

/** True for an Output sqlLiteral made (its value renders as a quoted literal). */
export function isLiteralOutput(o: object): boolean {
  return LITERAL_OUTPUTS.has(o);
}

/** A value as a message names it: its type, and short strings or numbers as written. */
function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "number" || typeof v === "bigint" || typeof v === "boolean") return `${typeof v} ${String(v)}`;
  return typeof v === "object" ? `an object (${v.constructor?.name ?? "Object"})` : typeof v;
}

/**
 * Tagged template that builds a SqlStatement. Interpolations: a table component (IcebergSource,
 * IcebergSink, FlinkTable) → its quoted identifier; string, number or bigint → text; a Pulumi
 * Output → its value when known (it must not be secret); another `sql` fragment → its pieces, in
 * place (its tables are referenced as if written here).
 * @throws FlinkIcebergValidationError for any other value (objects, undefined, functions ...).
 */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlStatement {
  const segments: SqlSegment[] = [];
  const issues: { path: string; message: string }[] = [];
  const interpolated: InterpolatedText[] = [];
  let outputs = 0;
  /** The length of toString() so far. */
  const rendered = (): number => new SqlStatement(segments).toString().length;
  const pushText = (text: string): void => {
    const last = segments[segments.length - 1];
    if (last?.kind === "text") segments[segments.length - 1] = { kind: "text", text: last.text + text };
    else if (text !== "") segments.push({ kind: "text", text });
  };
  strings.forEach((text, i) => {
    pushText(text);
    if (i >= values.length) return;
    const v = values[i];
    const table = getTableDefinition(v);
    if (table) segments.push({ kind: "table", table });
    else if (v instanceof SqlStatement) {
      const at = rendered();
      for (const t of v.interpolated) interpolated.push({ start: at + t.start, end: at + t.end, text: t.text });
      for (const s of v.segments) {
        if (s.kind === "text") pushText(s.text);
        else if (s.kind === "table") segments.push(s);
        else segments.push({ kind: "output", output: s.output, index: outputs++ });
      }
    } else if (typeof v === "string") {
      const at = rendered();
      interpolated.push({ start: at, end: at + v.length, text: v });
      pushText(v);
    } else if (typeof v === "number" || typeof v === "bigint") pushText(String(v));
    else if (pulumi.Output.isInstance(v)) segments.push({ kind: "output", output: v, index: outputs++ });
    else {
      issues.push({
        path: `interpolation ${i + 1}`,
        message: `is ${describeValue(v)}; a sql\`...\` statement takes a table component (IcebergSource, IcebergSink, FlinkTable), another sql\`...\` fragment, a string, a number or a Pulumi Output<string>`,
      });
    }
  });
  if (issues.length > 0) throw new FlinkIcebergValidationError(issues, "sql`...`");
  return new SqlStatement(segments, interpolated);
}
