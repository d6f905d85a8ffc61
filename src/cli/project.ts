/**
 * Locates a Pulumi program and its configuration the way the Pulumi CLI does: a folder holds a
 * Pulumi.yaml (name, runtime, optional `main`, optional `config` defaults), its entry point is
 * `main` or index.ts / index.js, and Pulumi.<stack>.yaml holds the stack's config.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parse as parseYaml } from "yaml";

export interface ProgramProject {
  /** Project name (Pulumi.yaml `name`, else the folder name). */
  name: string;
  /**
   * Name of synth's default output folder: the project name for a project folder or its entry
   * (`index.ts` or Pulumi.yaml `main`); for any other file `<project or folder name>-<file name>`
   * (`jobs/orders.ts` → `jobs-orders`), so two programs never overwrite each other's output.
   */
  outName: string;
  /** Absolute path of the entry file. */
  entry: string;
  /** Project folder. */
  dir: string;
  /** Config with namespaced keys (`project:key`) → string value. */
  config: Record<string, string>;
  /** Keys whose values are secret (`secure:` values in the stack file). */
  secretKeys: string[];
}

function readYaml(file: string): Record<string, unknown> | undefined {
  if (!fs.existsSync(file)) return undefined;
  const doc = parseYaml(fs.readFileSync(file, "utf8")) as unknown;
  return typeof doc === "object" && doc !== null ? (doc as Record<string, unknown>) : undefined;
}

function namespaced(project: string, key: string): string {
  return key.includes(":") ? key : `${project}:${key}`;
}

function configValue(v: unknown): string {
  return typeof v === "string" ? v : JSON.stringify(v);
}

function projectFile(dir: string): Record<string, unknown> | undefined {
  return readYaml(path.join(dir, "Pulumi.yaml")) ?? readYaml(path.join(dir, "Pulumi.yml"));
}

/**
 * The folder of the project whose entry `file` is, looking upwards from the file's own folder as
 * the Pulumi CLI finds Pulumi.yaml: the file's folder when it holds one, else the nearest ancestor
 * whose Pulumi.yaml `main` is the file or its folder (e.g. `main: src/index.ts`); else the file's folder.
 */
function projectDirOf(file: string): string {
  const own = path.dirname(file);
  if (projectFile(own) !== undefined) return own;
  for (let dir = path.dirname(own); ; dir = path.dirname(dir)) {
    const main = projectFile(dir)?.main;
    if (typeof main === "string") {
      const m = path.resolve(dir, main);
      if (m === file || (m === own && path.basename(file, path.extname(file)) === "index")) return dir;
    }
    if (path.dirname(dir) === dir) return own;
  }
}

/** The stack files (`Pulumi.<stack>.yaml`, the name synth reads) in `dir`, sorted. */
export function stackFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^Pulumi\.[^.]+\.yaml$/.test(f) && f !== "Pulumi.yaml")
    .sort();
}

/** The keys a stack file of project `project` sets, namespaced (`project:key`) as the program reads them; none when it cannot be read. */
export function stackFileKeys(file: string, project: string): string[] {
  try {
    const config = readYaml(file)?.config;
    return typeof config === "object" && config !== null ? Object.keys(config).map((k) => namespaced(project, k)) : [];
  } catch {
    return [];
  }
}

/** Resolves the program; throws an Error with a clear message when it cannot be found. */
export function resolveProject(program: string, stack: string, overrides: Readonly<Record<string, string>>, stackGiven = false): ProgramProject {
  const target = path.resolve(program);
  if (!fs.existsSync(target)) throw new Error(`program ${JSON.stringify(program)} does not exist`);
  const isDir = fs.statSync(target).isDirectory();
  const dir = isDir ? target : projectDirOf(target);
  const pulumiYaml = projectFile(dir);
  if (isDir && !pulumiYaml) throw new Error(`${JSON.stringify(program)} is a folder without a Pulumi.yaml; give a .ts/.js file or a Pulumi project folder`);
  const name = typeof pulumiYaml?.name === "string" ? pulumiYaml.name : path.basename(dir);
  let entry = target;
  if (isDir) {
    const main = typeof pulumiYaml?.main === "string" ? path.resolve(dir, pulumiYaml.main) : dir;
    const candidates = fs.existsSync(main) && fs.statSync(main).isFile() ? [main] : ["index.ts", "index.js"].map((f) => path.join(main, f));
    const found = candidates.find((c) => fs.existsSync(c));
    if (!found) throw new Error(`no entry point in ${JSON.stringify(program)}: expected ${candidates.map((c) => path.relative(process.cwd(), c)).join(" or ")}`);
    entry = found;
  }
  const config: Record<string, string> = {};
  const secretKeys: string[] = [];
  // Project-level defaults: `config: { key: value }` or `config: { key: { default: value } }`.
  const defaults = pulumiYaml?.config;
  if (typeof defaults === "object" && defaults !== null) {
    for (const [k, v] of Object.entries(defaults as Record<string, unknown>)) {
      const value = typeof v === "object" && v !== null && "default" in v ? (v as { default: unknown }).default : typeof v === "object" ? undefined : v;
      if (value !== undefined) config[namespaced(name, k)] = configValue(value);
    }
  }
  const stackYaml = readYaml(path.join(dir, `Pulumi.${stack}.yaml`));
  if (stackYaml === undefined && stackGiven && pulumiYaml !== undefined) {
    // Another stack's file but not this one: most likely a misspelt --stack, which would run without the stack's config.
    const others = stackFiles(dir);
    if (others.length > 0) throw new Error(`--stack ${stack}: there is no Pulumi.${stack}.yaml in ${path.relative(process.cwd(), dir) || "."} (stack files: ${others.join(", ")}); name one of those stacks, or create the file`);
  }
  const stackConfig = stackYaml?.config;
  if (typeof stackConfig === "object" && stackConfig !== null) {
    for (const [k, v] of Object.entries(stackConfig as Record<string, unknown>)) {
      const key = namespaced(name, k);
      if (typeof v === "object" && v !== null && "secure" in v) {
        config[key] = "[secret]"; // encrypted values cannot be read offline
        secretKeys.push(key);
      } else config[key] = configValue(v);
    }
  }
  const given = new Map<string, string>();
  for (const [k, v] of Object.entries(overrides)) {
    const key = namespaced(name, k);
    // `key` and `project:key` are one value: two different ones would leave the program one at random.
    const other = given.get(key);
    if (other !== undefined && other !== k && overrides[other] !== v) throw new Error(`--config ${other} and --config ${k} set the same value (${key}) differently; give it once`);
    given.set(key, k);
    config[key] = v;
  }
  // A program other than the project's own entry gets a folder of its own (unique per folder and file).
  const base = path.basename(entry, path.extname(entry));
  const projectEntry = typeof pulumiYaml?.main === "string" ? path.resolve(dir, pulumiYaml.main) : undefined;
  const outName = isDir || base === "index" || entry === projectEntry ? name : `${name}-${base}`;
  return { name, outName, entry, dir, config, secretKeys };
}
