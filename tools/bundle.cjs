"use strict";
/**
 * The build's second step, after `tsc -p tsconfig.build.json`: writes dist/index.js as one bundle
 * (esbuild) of src/bundle-entry.ts, replacing tsc's dist/index.js, with a linked source map
 * (dist/index.js.map) and the licenses of the packages inlined in it (dist/index.js.LICENSES.txt).
 *
 *   node tools/bundle.cjs            (npm run build runs it)
 *
 * Why: loading the package cost about 120 ms once @pulumi/pulumi was loaded, mostly Node's
 * per-file cost of tsc's ~200 modules and zod's ~95 CommonJS files (BENCHMARKS.md, session 19).
 * The bundle is one file; zod is inlined from its ES module build, where the locales the package
 * never uses are left out. @pulumi/*, yaml and tsx stay external: they are dependencies, and a
 * program shares @pulumi/pulumi's runtime with the package.
 *
 * What stays out of the bundle, required from tsc's files beside it (UNBUNDLED): the SQL Gateway
 * dynamic provider. Pulumi serializes a dynamic provider with the modules its methods capture,
 * as a `require` of their file when the package is installed (src/deploy/sql-gateway/provider.ts);
 * inside the bundle they would be plain objects, serialized by value with whatever they reach.
 * tsc's other files stay in dist/ too (deep imports, bench/pure-core.cjs), but the package entry
 * and the CLI (bin/flink-iceberg.js) load only the bundle.
 */
const fs = require("node:fs");
const path = require("node:path");
const esbuild = require("esbuild");

const ROOT = path.resolve(__dirname, "..");
const SRC = path.join(ROOT, "src");

/** Source files (relative to src/) that the bundle requires from tsc's output instead of inlining them. */
const UNBUNDLED = ["deploy/sql-gateway/provider.ts"];

/** Dependencies the bundle inlines; every other dependency in package.json it requires at run time. */
const INLINED = ["zod"];

/** Packages the bundle requires at run time (a package name covers its subpaths, e.g. @pulumi/pulumi/runtime/config). */
const EXTERNAL = Object.keys(require("../package.json").dependencies).filter((name) => !INLINED.includes(name));

/**
 * Marks imports of UNBUNDLED files external, as paths relative to the bundle: the bundle is
 * dist/index.js and tsc writes src/X.ts to dist/X.js, so src/ and the bundle's folder match.
 */
const unbundledFiles = {
  name: "unbundled-files",
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const file = path.resolve(args.resolveDir, args.path).replace(/\.js$/, ".ts");
      const rel = path.relative(SRC, file).split(path.sep).join("/");
      if (!UNBUNDLED.includes(rel)) return undefined;
      return { path: `./${rel.replace(/\.ts$/, ".js")}`, external: true };
    });
  },
};

/** The packages under node_modules whose files the bundle inlines (from esbuild's metafile). */
function inlinedPackages(metafile) {
  const names = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) names.add(m[1]);
  }
  return [...names].sort();
}

/** The license text of each inlined package, as shipped in its folder. */
function licenseNotice(packages) {
  const parts = packages.map((name) => {
    const dir = path.dirname(require.resolve(`${name}/package.json`, { paths: [ROOT] }));
    const file = fs.readdirSync(dir).find((f) => /^licen[cs]e(\.|$)/i.test(f));
    if (file === undefined) throw new Error(`no license file in ${dir}: the bundle inlines ${name}`);
    const { version } = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    return `${name}@${version}\n\n${fs.readFileSync(path.join(dir, file), "utf8").trim()}\n`;
  });
  return `The bundle index.js inlines these packages:\n\n${parts.join("\n---\n\n")}`;
}

/**
 * Makes the source map (`outfile`.map) resolve in the published package, wherever the bundle was
 * built: the package ships src/ beside dist/ (package.json `files`), so each project source is
 * named from dist/ as the package lays it out (`../src/<path>`, `../package.json`); an inlined package's source (zod) is not shipped and sits
 * wherever the installer puts that package, so it is named `../node_modules/<package>/<path>`
 * and its text is carried in the map (sourcesContent; null for the project's sources, which are packed).
 */
function packageSourceMap(outfile) {
  const file = `${outfile}.map`;
  const map = JSON.parse(fs.readFileSync(file, "utf8"));
  const dir = path.dirname(outfile);
  const content = [];
  map.sources = map.sources.map((source) => {
    const abs = path.resolve(dir, source);
    const parts = abs.split(path.sep);
    const at = parts.lastIndexOf("node_modules");
    if (at >= 0) {
      content.push(fs.readFileSync(abs, "utf8"));
      return `../node_modules/${parts.slice(at + 1).join("/")}`;
    }
    const own = path.relative(ROOT, abs);
    if (own.startsWith("..") || path.isAbsolute(own)) throw new Error(`bundle: source ${source} is neither the project's nor in a package`);
    content.push(null);
    return `../${own.split(path.sep).join("/")}`;
  });
  map.sourcesContent = content;
  fs.writeFileSync(file, JSON.stringify(map));
}

/**
 * Builds the bundle into `outfile` (default dist/index.js), with `outfile`.map (packageSourceMap)
 * and `outfile`.LICENSES.txt beside it. Resolves esbuild's result (its metafile included).
 */
async function bundle(outfile = path.join(ROOT, "dist", "index.js")) {
  const result = await esbuild.build({
    entryPoints: [path.join(SRC, "bundle-entry.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    external: EXTERNAL,
    plugins: [unbundledFiles],
    sourcemap: "linked",
    // The map names the project's sources by path (src/ is packed); packageSourceMap adds the inlined packages' text.
    sourcesContent: false,
    metafile: true,
    logLevel: "warning",
  });
  packageSourceMap(outfile);
  fs.writeFileSync(`${outfile}.LICENSES.txt`, licenseNotice(inlinedPackages(result.metafile)));
  return result;
}

module.exports = { bundle, UNBUNDLED, EXTERNAL };

if (require.main === module) {
  bundle().catch((e) => {
    process.stderr.write(`bundle: ${e && e.stack ? e.stack : String(e)}\n`);
    process.exit(1);
  });
}
