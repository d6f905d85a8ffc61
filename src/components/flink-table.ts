/**
 * FlinkTable: a Flink table of any other connector (kafka, upsert-kafka, datagen, filesystem,
 * jdbc, print, blackhole ...) to read from or write to in a FlinkSqlJob. Validated at
 * construction like the Iceberg tables; rendered with the same quoting and determinism.
 */
import * as pulumi from "@pulumi/pulumi";
import { writtenExpressions } from "../sql/flink-columns.js";
import { planGenericTable, type FlinkTableArgs, type GenericTablePlan } from "../sql/generic-table.js";
import { acknowledgedCount, acknowledgeWarnings, type ReportsWarnings, type ResourceWarning } from "../validation/acknowledged-warnings.js";
import { Diagnostics } from "../validation/diagnostics.js";
import { FlinkIcebergValidationError, resourceLabel } from "../validation/error.js";
import { deferredInPlainProps, plainOnlyIssues, reportDeferredInPlainProps, FLINK_TABLE_DEFERRED } from "../validation/plain-only.js";
import { passedOrCollected } from "./collect.js";
import { failedTableSecrets } from "./failed-table-secrets.js";
import { secretOptionMessage } from "./secret-guard.js";
import { registerFailedTable, registerTableDefinition } from "./table-definition.js";
import { awaitReferences } from "./unreferenced-tables.js";

export type { FlinkTableArgs, FlinkColumn, FlinkPhysicalColumn, FlinkComputedColumn, FlinkMetadataColumn } from "../sql/generic-table.js";

/**
 * A Flink table of any connector. Interpolate it in `sql` statements of a FlinkSqlJob; the job
 * renders its CREATE TABLE.
 * @throws FlinkIcebergValidationError listing every problem of the args.
 */
export class FlinkTable extends pulumi.ComponentResource implements ReportsWarnings {
  /** The Flink table name (plain). */
  readonly tableName: string;
  // Documented on ReportsWarnings (src/validation/acknowledged-warnings.ts), which an IDE shows here.
  readonly warnings: readonly ResourceWarning[];
  /** undefined for a table that failed validation in synth's collecting mode (collect.ts). */
  private readonly plan: GenericTablePlan | undefined;
  private ddlOutput?: pulumi.Output<string>;
  private optionsOutput?: pulumi.Output<Record<string, string>>;
  /** The rendering when an option is an Output (undefined when all are plain). */
  private readonly rendered?: pulumi.Output<{ ddl: string; options: Record<string, string> }>;

  constructor(name: string, args: FlinkTableArgs, opts?: pulumi.ComponentResourceOptions) {
    // Validate before registering, so invalid args create nothing.
    const label = resourceLabel("FlinkTable", name);
    const diag = new Diagnostics();
    // An Output where a plain value is required: reported once at its path, checked as unset (plain-only.ts).
    const deferred = deferredInPlainProps(args ?? ({} as FlinkTableArgs), FLINK_TABLE_DEFERRED);
    const plan = planGenericTable(name, deferred.args, diag);
    // After every check: what the args acknowledge is not logged (diag keeps the open warnings).
    const warnings = acknowledgeWarnings(deferred.args.acknowledgedWarnings, diag, plainOnlyIssues(deferred.paths));
    reportDeferredInPlainProps(diag, deferred.paths);
    const valid = passedOrCollected(diag, label);
    super("flink-iceberg:index:FlinkTable", name, {}, opts);
    if (!valid || plan === undefined) {
      // synth's collecting mode: the errors are recorded; a failed table the program can still use.
      this.tableName = registerFailedTable(this, "FlinkTable", name, args, diag.errors, failedTableSecrets("FlinkTable", args, label, diag.errors));
      this.plan = undefined;
      this.warnings = [];
      return;
    }
    const p = plan;
    this.tableName = p.tableName;
    this.warnings = warnings;
    this.plan = p;
    if (p.ddl === undefined) this.rendered = renderDeferredOptions(p, label, name, deferred.args);
    const def = registerTableDefinition(this, {
      resourceType: "FlinkTable",
      resourceName: name,
      label,
      tableName: p.tableName,
      ddl: p.ddl ?? this.rendered!.apply((r) => r.ddl),
      ...(p.ddl !== undefined ? { ddlPlain: p.ddl } : {}),
      writable: true,
      ...p.facts,
      connectorOptions: { ...p.options },
      ...(p.readFailures.length > 0 ? { readFailures: p.readFailures } : {}),
      hintedRead: p.hintedRead,
      ...(p.requiredOptions.length > 0 ? { requiredOptions: p.requiredOptions } : {}),
      hintIssues: p.hintIssues,
      ...(p.writeFailures.length > 0 ? { writeFailures: p.writeFailures } : {}),
      ...(p.writeWarnings.length > 0 ? { writeWarnings: p.writeWarnings } : {}),
      hintedWrite: p.hintedWrite,
      ...(p.kafkaTransaction !== undefined ? { kafkaTransaction: p.kafkaTransaction } : {}),
      columns: p.tableColumns,
      expressions: writtenExpressions(deferred.args, true),
      ...(p.primaryKey.length > 0 ? { primaryKey: p.primaryKey } : {}),
      ...(p.partitionedBy.length > 0 ? { partitionKeys: p.partitionedBy } : {}),
      warnings: diag.warnings.map((w) => ({ path: w.path, message: w.message })),
      ...acknowledgedCount(warnings),
    });
    // Required options an OPTIONS hint on every reference may supply: the jobs judge them, else the table at the program's end.
    if (p.requiredOptions.length > 0) awaitReferences(def, this);
    for (const w of diag.warnings) pulumi.log.warn(`${label}: ${w.path === "" ? "" : `${w.path}: `}${w.message}`, this);
    this.registerOutputs({ tableName: this.tableName, ddl: p.ddl ?? this.ddl, options: p.ddl !== undefined ? { ...p.options } : this.options });
  }

  /** The CREATE TABLE statement (created on first access). Rejects when an option Output is a Pulumi secret. */
  get ddl(): pulumi.Output<string> {
    return (this.ddlOutput ??= this.rendered ? this.rendered.apply((r) => r.ddl) : pulumi.output(this.plan?.ddl as string));
  }

  /** The rendered WITH map (created on first access). Rejects when an option Output is a Pulumi secret. */
  get options(): pulumi.Output<Record<string, string>> {
    return (this.optionsOutput ??= this.rendered
      ? this.rendered.apply((r) => ({ ...r.options }))
      : (pulumi.output(this.plan && { ...this.plan.options }) as pulumi.Output<Record<string, string>>));
  }
}

/**
 * The table rendered once its Output options are known. A Pulumi secret among them fails the
 * render with FlinkIcebergValidationError at `options["key"]`: a WITH clause is plain text in the
 * script, which the runners log and the Kubernetes target stores in a ConfigMap (SPEC decision 8).
 * The table is then planned again with every value known (`name` and `args` as constructed), so a
 * value that the option's own checks refuse (a misspelt scan.startup.mode, a bad duration) fails
 * the render at its path as a plain value fails the preview.
 */
function renderDeferredOptions(plan: GenericTablePlan, label: string, name: string, args: FlinkTableArgs): pulumi.Output<{ ddl: string; options: Record<string, string> }> {
  const keys = Object.keys(plan.deferred);
  const outputs = keys.map((k) => pulumi.output(plan.deferred[k]!));
  const secretFlags = pulumi.output(Promise.all(outputs.map((o) => pulumi.isSecret(o))));
  return pulumi.all([pulumi.all(outputs.map((o) => pulumi.unsecret(o))), secretFlags]).apply(([values, secret]) => {
    const issues = keys.flatMap((k, i) =>
      secret[i]
        ? [{ path: `options[${JSON.stringify(k)}]`, message: secretOptionMessage(k) }]
        : [],
    );
    if (issues.length > 0) throw new FlinkIcebergValidationError(issues, label);
    const rendered = plan.renderDdl(Object.fromEntries(keys.map((k, i) => [k, values[i]])), label);
    const known = new Diagnostics();
    planGenericTable(name, { ...args, options: rendered.options }, known);
    if (known.hasErrors) throw new FlinkIcebergValidationError(known.errors, label);
    return rendered;
  });
}
