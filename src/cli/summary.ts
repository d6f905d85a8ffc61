/**
 * The summary `flink-iceberg synth` prints after a successful run: one row per job (tables, sinks,
 * mode, checkpoint interval, target, open warnings), each warning once, the warnings of resources
 * no job uses, how many acknowledged warnings were left out, and the files written.
 */
import * as path from "node:path";
import type { SynthResult } from "./synth.js";

/** The summary table printed after a successful synth. */
export function formatSummary(result: SynthResult): string {
  const header = ["job", "tables", "sinks", "mode", "checkpoint", "target", "warnings"];
  const rows = result.jobs.map((j) => [j.name, String(j.tables.length), j.sinks.join(", "), j.runtimeMode, j.checkpointInterval, j.target, String(j.warnings.length)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd();
  const out = [...result.notes.map((n) => `note: ${n}`), line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)];
  // A table two jobs use has its warnings in both: each is printed once.
  const ofJobs = new Set(result.jobs.flatMap((j) => j.warnings));
  for (const w of ofJobs) out.push(`warning: ${w}`);
  // The warnings of resources no job uses are counted in no row: said so before them.
  const others = [...new Set(result.warnings)].filter((w) => !ofJobs.has(w));
  if (others.length > 0) out.push(`${others.length} warning(s) of resources outside the jobs above:`, ...others.map((w) => `warning: ${w}`));
  const acknowledged = result.acknowledged ?? [];
  if (acknowledged.length > 0) {
    const total = acknowledged.reduce((n, a) => n + a.count, 0);
    out.push(`${total} acknowledged warning(s) not listed (acknowledgedWarnings; each resource's warnings lists them): ${acknowledged.map((a) => `${a.resource} ${a.count}`).join(", ")}`);
  }
  out.push("", `wrote ${result.jobs.length} job(s) to ${path.relative(process.cwd(), result.outDir) || "."}:`);
  for (const j of result.jobs) {
    const rel = path.relative(process.cwd(), j.dir);
    out.push(`  ${rel}/job.sql`, `  ${rel}/manifests.yaml`, `  ${rel}/iceberg-schemas.json`, `  ${rel}/iceberg-partition-specs.json`, ...(j.target === "sql-gateway" ? [`  ${rel}/sql-gateway.yaml`] : []));
  }
  return out.join("\n");
}
