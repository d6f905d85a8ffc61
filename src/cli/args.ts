/**
 * Command-line arguments of `flink-iceberg`:
 *   flink-iceberg synth <program> [--out dir] [--stack name] [--config key=value ...] [--show-secrets]
 */

export interface SynthOptions {
  command: "synth";
  /** A .ts/.js file, or a project folder with a Pulumi.yaml. */
  program: string;
  /** Output folder. Default `out/<project>` under the current directory. */
  out?: string;
  /** Stack name. Default "dev". */
  stack: string;
  /** --stack was given (a missing stack file is then an error when the project has others). */
  stackGiven?: boolean;
  /** Config values, `key=value` (the key without a namespace belongs to the project). */
  config: Record<string, string>;
  /** Write secret values instead of `[secret]`. */
  showSecrets: boolean;
}

export type CliCommand = SynthOptions | { command: "help" } | { command: "version" };

export const USAGE = `Usage: flink-iceberg synth <program> [options]

Runs a Pulumi program offline under Pulumi's mock runtime (no Pulumi CLI, no cloud) and writes,
for each FlinkSqlJob, <out>/<job>/job.sql, <out>/<job>/manifests.yaml (the Kubernetes target's
objects; for a job on another target or none, only a comment saying there are none),
<out>/<job>/sql-gateway.yaml (SQL Gateway target: what is submitted), <out>/<job>/iceberg-schemas.json
and <out>/<job>/iceberg-partition-specs.json (the Iceberg schema and partition spec of each table),
then prints a summary.

  <program>              a .ts or .js file, or a project folder with its Pulumi.yaml
  --out <dir>            output folder (default: out/<project name>)
  --stack <name>         stack name the program sees (default: dev; org/project/stack counts by its last part); Pulumi.<stack>.yaml config is read
  --config <key=value>   a config value (repeatable); 'key' belongs to the project, 'ns:key' to namespace ns
  --show-secrets         write secret values instead of [secret]
  -h, --help             this text
`;

/** Parses argv (without node and the script). Throws an Error with a usage message on bad input. */
export function parseArgs(argv: readonly string[]): CliCommand {
  if (argv.length === 0 || argv.includes("-h") || argv.includes("--help") || argv[0] === "help") return { command: "help" };
  if (argv[0] === "--version" || argv[0] === "version") return { command: "version" };
  const [command, ...rest] = argv;
  if (command !== "synth") throw new Error(`unknown command ${JSON.stringify(command)}; the command is 'synth'`);
  const opts: SynthOptions = { command: "synth", program: "", stack: "dev", config: {}, showSecrets: false };
  for (let i = 0; i < rest.length; i++) {
    // `--out=dir` is `--out dir` (the form most CLIs take); `--show-secrets=...` takes no value.
    const eq = /^(--[a-z][a-z-]*)=([\s\S]*)$/.exec(rest[i]!);
    const a = eq ? eq[1]! : rest[i]!;
    const value = (): string => {
      const v = eq ? eq[2]! : rest[++i];
      if (v === undefined || (!eq && v.startsWith("--"))) throw new Error(`${a} needs a value`);
      // An empty --out would write into the current folder, an empty --stack read Pulumi..yaml.
      if (v.trim() === "") throw new Error(`${a} needs a value, got an empty one`);
      return v;
    };
    if (a === "--out") opts.out = value();
    // A fully qualified org/project/stack names the stack file and getStack() by its last part, as Pulumi does.
    else if (a === "--stack") {
      const given = value();
      opts.stack = given.split("/").pop()!;
      if (opts.stack === "") throw new Error(`--stack ${JSON.stringify(given)} names no stack (it ends with /)`);
      opts.stackGiven = true;
    }
    else if (a === "--config") {
      const kv = value();
      const at = kv.indexOf("=");
      if (at <= 0) throw new Error(`--config takes key=value, got ${JSON.stringify(kv)}`);
      const key = kv.slice(0, at);
      const earlier = opts.config[key];
      if (earlier !== undefined && earlier !== kv.slice(at + 1)) throw new Error(`--config ${key} is given twice, with different values; give it once`);
      opts.config[key] = kv.slice(at + 1);
    } else if (a === "--show-secrets") {
      if (eq) throw new Error(`--show-secrets takes no value (got ${JSON.stringify(rest[i])}): give --show-secrets alone`);
      opts.showSecrets = true;
    }
    else if (a.startsWith("-")) throw new Error(`unknown option ${a}`);
    else if (opts.program === "") opts.program = a;
    else throw new Error(`unexpected argument ${JSON.stringify(a)}: give one program`);
  }
  if (opts.program === "") throw new Error("synth needs a program: a .ts/.js file or a folder with a Pulumi.yaml");
  return opts;
}
