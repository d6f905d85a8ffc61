/**
 * The package as `npm run build` lays it out, built into a temp folder for the tests that load the
 * bundle (bundle.test.ts), never from a possibly stale dist/: dist/index.js by tools/bundle.cjs
 * (esbuild, in-process) and, beside it, tsc's output of the files the bundle requires at run time
 * (tools/bundle.cjs UNBUNDLED and what they import), emitted file by file by TypeScript's own
 * emitter with tsconfig.build.json's options, which gives tsc's text.
 *
 * The package sits at `<root>/node_modules/pulumi-flink-iceberg`, as an installed package, which
 * is what Pulumi's function serialization looks at. Its dependencies are links to this
 * repository's node_modules, so it shares the tests' @pulumi/pulumi; zod is not linked, as the
 * bundle inlines it.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import ts from "typescript";
import { ROOT } from "./cli-helper.js";

const SRC = path.join(ROOT, "src");

const tools = require("../tools/bundle.cjs") as { bundle(outfile: string): Promise<unknown>; UNBUNDLED: readonly string[]; EXTERNAL: readonly string[] };

/** A built copy of the package. */
export interface BuiltPackage {
  /** The temp folder (holds node_modules/). */
  readonly root: string;
  /** The package folder, `<root>/node_modules/pulumi-flink-iceberg` (real path). */
  readonly pkg: string;
  /** The bundle, `<pkg>/dist/index.js`. */
  readonly entry: string;
  /** The files of tsc's output written beside the bundle, relative to dist/. */
  readonly unbundled: readonly string[];
  /** Removes the temp folder. */
  dispose(): void;
}

/** tsc's output for `files` (relative to src/) and every project file they require, into `dist`; returns the files written (relative to dist/). */
function emitLikeTsc(files: readonly string[], dist: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, "tsconfig.build.json"), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  });
  if (parsed === undefined) throw new Error("tsconfig.build.json did not parse");
  const options = { ...parsed.options, declaration: false };
  const queue = files.map((f) => path.join(SRC, f));
  const written = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    const rel = path.relative(SRC, file).replace(/\.ts$/, ".js");
    if (written.has(rel)) continue;
    written.add(rel);
    const js = ts.transpileModule(fs.readFileSync(file, "utf8"), { compilerOptions: options, fileName: file }).outputText;
    fs.mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    fs.writeFileSync(path.join(dist, rel), js);
    for (const m of js.matchAll(/require\("(\.\.?\/[^"]+)\.js"\)/g)) queue.push(path.resolve(path.dirname(file), `${m[1]!}.ts`));
  }
  return [...written].sort();
}

/** Builds the package into a new temp folder. */
export async function buildPackage(): Promise<BuiltPackage> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-bundle-")));
  try {
    const pkg = path.join(root, "node_modules", "pulumi-flink-iceberg");
    const dist = path.join(pkg, "dist");
    fs.mkdirSync(dist, { recursive: true });
    fs.mkdirSync(path.join(pkg, "bin"));
    fs.copyFileSync(path.join(ROOT, "package.json"), path.join(pkg, "package.json"));
    fs.copyFileSync(path.join(ROOT, "bin", "flink-iceberg.js"), path.join(pkg, "bin", "flink-iceberg.js"));
    for (const dep of tools.EXTERNAL) {
      // A scoped package's folder goes under its scope's.
      fs.mkdirSync(path.dirname(path.join(root, "node_modules", dep)), { recursive: true });
      fs.symlinkSync(path.join(ROOT, "node_modules", dep), path.join(root, "node_modules", dep), "dir");
    }
    const unbundled = emitLikeTsc(tools.UNBUNDLED, dist);
    const entry = path.join(dist, "index.js");
    await tools.bundle(entry);
    return { root, pkg, entry, unbundled, dispose: () => fs.rmSync(root, { recursive: true, force: true }) };
  } catch (e) {
    fs.rmSync(root, { recursive: true, force: true });
    throw e;
  }
}
