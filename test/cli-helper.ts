/**
 * Runs the flink-iceberg CLI from source in a child process (tsx), as `npm run flink-iceberg -- ...`
 * runs the built one.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const ROOT = path.resolve(__dirname, "..");
const CLI = path.join(ROOT, "src", "cli", "main.ts");

export async function runCli(args: string[], cwd = ROOT, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, ["--import", "tsx", CLI, ...args], { cwd, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, ...env } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === "number" ? err.code : 1, stdout: err.stdout ?? "", stderr: err.stderr ?? "" };
  }
}

/** Writes a Pulumi program (index.ts with `body`, a Pulumi.yaml, and `files`) into `dir`; returns `dir`. */
export function program(dir: string, body: string, files: Record<string, string> = {}): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: prog\nruntime: nodejs\nconfig:\n  rows:\n    default: \"7\"\n");
  fs.writeFileSync(path.join(dir, "index.ts"), body);
  for (const [f, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, f), text);
  return dir;
}

/** The imports most test programs start with. */
export const HEADER = `import * as pulumi from "@pulumi/pulumi";\nimport { FlinkSqlJob, FlinkTable, IcebergSink, sql } from "pulumi-flink-iceberg";\n`;
