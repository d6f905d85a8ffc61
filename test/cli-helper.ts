/**
 * Runs the flink-iceberg CLI from source in a child process (tsx), as `npm run flink-iceberg -- ...`
 * runs the built one.
 */
import { execFile } from "node:child_process";
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
