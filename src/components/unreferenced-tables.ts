/**
 * A FlinkTable whose WITH lacks a required connector option ('topic', 'properties.bootstrap.servers',
 * a format ...) is not refused at construction: each statement that reads or writes it may give
 * the option in an OPTIONS hint, which Flink merges into the options before the factory checks
 * them (src/sql/required-options.ts; flink-table-planner CatalogSourceTable, PlannerBase.getTableSink).
 * The jobs judge every reference. A table that no job of the program mentions keeps the error:
 * it is reported once the program has run, when every job is known:
 * - `flink-iceberg synth` lists it with the other resources' errors (unreferencedTableErrors);
 * - `pulumi preview` / `up` log it on the table (pulumi.log.error, which fails the run) when Node
 *   is about to exit, before Pulumi's own shutdown (its `beforeExit` handler runs last:
 *   @pulumi/pulumi cmd/run). Not under Pulumi's mocks, whose process is a test runner.
 */
import * as pulumi from "@pulumi/pulumi";
import { requiredOptionIssue } from "../sql/required-options.js";
import { FlinkIcebergValidationError } from "../validation/error.js";
import { registry } from "./job-registry.js";
import type { TableDefinition } from "./table-definition.js";

/** Records a table whose required options wait on the jobs' hints; schedules the end-of-program report outside synth and mocks. */
export function awaitReferences(def: TableDefinition, resource: pulumi.Resource): void {
  const r = registry();
  r.awaitingReference.push({ def, resource });
  if (r.endReport === true || r.collecting === true) return;
  r.endReport = true;
  const monitor: unknown = pulumi.runtime.getMonitor();
  const mocked = typeof monitor === "object" && monitor !== null && monitor.constructor.name === "MockMonitor";
  if (!mocked) process.once("beforeExit", () => void logUnreferencedTables(r));
}

/** Records the tables a job mentions (the job judges their references). */
export function markReferenced(tables: Iterable<TableDefinition>, r: ReturnType<typeof registry> = registry()): void {
  for (const t of tables) r.referenced.add(t);
}

/** A table's error for its missing required options. */
function tableError(def: TableDefinition): FlinkIcebergValidationError {
  return new FlinkIcebergValidationError((def.requiredOptions ?? []).map(requiredOptionIssue), def.label);
}

/** The errors of the tables no job mentions, in the order they were created: each table's missing required options. */
export function unreferencedTableErrors(r: ReturnType<typeof registry> = registry()): FlinkIcebergValidationError[] {
  return r.awaitingReference.filter((a) => !r.referenced.has(a.def)).map((a) => tableError(a.def));
}

/** Logs each unreferenced table's error on the table (the program's end: see above); exported for tests. */
export async function logUnreferencedTables(r: ReturnType<typeof registry> = registry()): Promise<void> {
  for (const a of r.awaitingReference) {
    if (!r.referenced.has(a.def)) await pulumi.log.error(tableError(a.def).message, a.resource);
  }
}
