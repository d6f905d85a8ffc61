/**
 * Entry of the `flink-iceberg` command (the package bin calls `main` in the bundle, through
 * bundle-entry.ts; tests run this file from the sources). Exit codes: 0 success, 1 invalid props or
 * a failed program (every issue printed, nothing written), 2 bad command-line usage.
 */
import { parseArgs, USAGE } from "./args.js";
import { formatSummary } from "./summary.js";
import { synth, SynthError } from "./synth.js";

/** Runs the command; resolves the exit code. Output goes to the given streams. */
export async function main(argv: readonly string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Promise<number> {
  let cmd;
  try {
    cmd = parseArgs(argv);
  } catch (e) {
    err.write(`flink-iceberg: ${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (cmd.command === "help") {
    out.write(USAGE);
    return 0;
  }
  if (cmd.command === "version") {
    out.write(`${(require("../../package.json") as { version: string }).version}\n`);
    return 0;
  }
  // `npm run flink-iceberg` (also `npm --prefix <clone> run ...`) runs the script in the package's
  // folder; relative paths mean the folder the command was typed in (npm's INIT_CWD).
  const typedIn = process.env.npm_lifecycle_event === "flink-iceberg" ? process.env.INIT_CWD : undefined;
  if (typedIn !== undefined && typedIn !== "" && typedIn !== process.cwd()) process.chdir(typedIn);
  try {
    const result = await synth(cmd);
    out.write(formatSummary(result) + "\n");
    return 0;
  } catch (e) {
    if (e instanceof SynthError) {
      err.write(`flink-iceberg synth: ${e.lines.join("\n")}\n`);
      return 1;
    }
    throw e;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`flink-iceberg: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exit(1);
    },
  );
}
