/**
 * A FlinkSqlJob's script from its plan: as plain text when every DDL and statement is known at
 * construction, else once their Outputs resolve (an embedded secret Output fails it, with the
 * job's statement check: statement-secrets.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import type { JobPlan } from "../sql/job-plan.js";
import { renderResolvedStatement } from "../sql/resolved-statement.js";
import { renderScript } from "../sql/script.js";
import { FlinkIcebergValidationError, resourceLabel, type ValidationIssue } from "../validation/error.js";

/** The script from the DDL texts and the statements' rendered texts (views and functions first). */
function scriptText(name: string, plan: JobPlan, ddls: readonly string[], statementTexts: readonly string[]): string {
  return renderScript({
    jobName: name,
    runtimeMode: plan.runtimeMode,
    flinkConfiguration: plan.flinkConfiguration,
    ddls,
    definitions: statementTexts.slice(0, plan.definitions.length),
    inserts: statementTexts.slice(plan.definitions.length),
  });
}

/**
 * Renders the script once every DDL and embedded Output is known; it fails with the job's error
 * listing every statement that interpolates a secret (`secrets`, the job's check).
 */
export function renderJobScript(name: string, plan: JobPlan, secrets: Promise<readonly ValidationIssue[]> | undefined): pulumi.Output<string> {
  const label = resourceLabel("FlinkSqlJob", name);
  const ddls = plan.tables.map((t) => pulumi.output(t.ddl));
  const statements = [...plan.definitions, ...plan.inserts];
  // The values without their secrecy: the check below fails the script when any is secret.
  const values = statements.map((s) => pulumi.all(s.statement.segments.flatMap((seg) => (seg.kind === "output" ? [pulumi.unsecret(seg.output)] : []))));
  const guard = pulumi.output(secrets ?? []).apply((issues) => {
    if (issues.length > 0) throw new FlinkIcebergValidationError(issues, label);
    return true;
  });
  return pulumi
    .all([guard, pulumi.all(ddls), pulumi.all(values)])
    // An embedded Output's value may end the statement with a comment (`'a' -- c`), which would
    // swallow the `;` the script adds: each text ends at its last content (plain statements already do).
    // Each statement is checked with its values in place (resolved-statement.ts), as a plain one was at construction.
    .apply(([, ddlTexts, resolved]) =>
      scriptText(name, plan, ddlTexts, statements.map((s, i) => renderResolvedStatement(s.statement, resolved[i]!, `statements[${s.index}]`, label))),
    );
}

/**
 * The script when every DDL and statement is known at construction (the common case): the same
 * text renderJobScript's apply would produce, without its chain of Outputs (`pulumi preview` of
 * many jobs spends its time in Output plumbing; BENCHMARKS.md). Undefined when anything is an Output.
 */
export function renderPlainScript(name: string, plan: JobPlan): string | undefined {
  const ddls: string[] = [];
  for (const t of plan.tables) {
    if (typeof t.ddl !== "string") return undefined;
    ddls.push(t.ddl);
  }
  const statements = [...plan.definitions, ...plan.inserts];
  if (!statements.every((s) => s.statement.isPlain)) return undefined;
  return scriptText(name, plan, ddls, statements.map((s) => s.statement.render()));
}
