/**
 * The npm tarball (package.json `files`), as `npm pack --dry-run --json` lists it for a copy of the
 * repository with a fresh bundle in dist/ (tools/bundle.cjs): it holds what the package needs and
 * what its documents point at (src/, examples/, docs/), nothing of the repository's own tooling
 * (test/, bench/, tools/ ...); every relative link of a packed Markdown file resolves to a packed
 * file (its #fragment to a heading there); and the bundle's source map names only packed files, or
 * carries the text of a source it cannot ship (an inlined package).
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { headingAnchor } from "../tools/props-reference.js";
import { ROOT } from "./cli-helper.js";

const run = promisify(execFile);
const tools = require("../tools/bundle.cjs") as { bundle(outfile: string): Promise<unknown> };

/** What the repository holds that is no part of the package (git's and the build's own folders). */
const NOT_COPIED = new Set(["node_modules", ".git", "dist", "out", ".synth"]);

/** The text without its fenced code blocks (their lines are no headings, their brackets no links). */
function unfenced(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
}

/** The text without code: fenced blocks and inline code spans. */
function prose(markdown: string): string {
  return unfenced(markdown).replace(/`[^`\n]*`/g, "");
}

/** The link targets of a Markdown text: `[text](target)` and `![alt](target)`, a title after the target dropped. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

/** The anchors of a Markdown text's headings, as GitHub and npm make them (a repeated one gets -1, -2 ...). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  // A heading's code span keeps its text in the anchor ("## Deploying with `pulumi up`": #deploying-with-pulumi-up).
  for (const m of unfenced(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const base = headingAnchor(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

describe("the npm tarball", function () {
  // A copy of the repository, a bundle build and npm itself.
  this.timeout(120_000);
  let dir: string;
  let packed: Set<string>;

  before(async () => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-pack-")));
    for (const entry of fs.readdirSync(ROOT)) {
      if (!NOT_COPIED.has(entry)) fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
    }
    await tools.bundle(path.join(dir, "dist", "index.js"));
    // --ignore-scripts: `prepare` would build again; the bundle above is what a build writes to dist/index.js.
    const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    const [pack] = JSON.parse(stdout) as { files: { path: string }[] }[];
    packed = new Set(pack!.files.map((f) => f.path));
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("holds dist, bin, docs, examples, src, README.md and package.json, and nothing of the repository's tooling", () => {
    expect([...new Set([...packed].map((p) => p.split("/")[0]!))].sort()).to.deep.equal(["README.md", "bin", "dist", "docs", "examples", "package.json", "src"]);
    expect(packed.has("dist/index.js") && packed.has("dist/index.js.map") && packed.has("dist/index.js.LICENSES.txt") && packed.has("src/index.ts") && packed.has("examples/quickstart/index.ts")).to.equal(true);
    // No test or benchmark code slipped in under a packed folder.
    expect([...packed].filter((p) => /(^|\/)(test|bench|tools|node_modules)\//.test(p) || /\.test\.ts$/.test(p))).to.deep.equal([]);
  });

  it("every relative link of a packed Markdown file resolves to a packed file, its #fragment to a heading there", () => {
    const markdown = [...packed].filter((p) => p.endsWith(".md")).sort();
    expect(markdown).to.include.members(["README.md", "docs/statement-checks.md", "docs/job-configuration.md", "docs/flink-table-options.md", "docs/iceberg-source-watermark.md"]);
    const broken: string[] = [];
    let checked = 0;
    for (const file of markdown) {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      for (const target of linkTargets(text)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: ...
        checked++;
        const [rawPath, fragment] = target.split("#", 2) as [string, string | undefined];
        const to = rawPath === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURIComponent(rawPath))).replace(/\/$/, "");
        const isFile = packed.has(to);
        const isFolder = [...packed].some((p) => p.startsWith(`${to}/`));
        if (!isFile && !isFolder) broken.push(`${file}: ${target} (${to} is not packed)`);
        else if (fragment !== undefined && to.endsWith(".md") && !anchors(fs.readFileSync(path.join(dir, to), "utf8")).has(fragment)) broken.push(`${file}: ${target} (no heading #${fragment} in ${to})`);
      }
    }
    expect(broken).to.deep.equal([]);
    // README's links to the examples and the docs, and the docs' links to each other, were read.
    expect(checked).to.be.greaterThan(20);
  });

  it("the bundle's source map names packed files only, and carries the text of the inlined package it cannot ship", () => {
    expect(fs.readFileSync(path.join(dir, "dist", "index.js"), "utf8").trimEnd().endsWith("//# sourceMappingURL=index.js.map")).to.equal(true);
    const map = JSON.parse(fs.readFileSync(path.join(dir, "dist", "index.js.map"), "utf8")) as { sources: string[]; sourcesContent?: (string | null)[] };
    expect(map.sourcesContent?.length).to.equal(map.sources.length);
    const unresolved: string[] = [];
    const carried = new Set<string>();
    map.sources.forEach((source, i) => {
      const to = path.posix.normalize(path.posix.join("dist", source));
      const text = map.sourcesContent![i];
      if (typeof text === "string") {
        // Only an inlined package's file is carried, under the package's name.
        const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(to);
        if (m === null) unresolved.push(`${source} is carried but is no package's file`);
        else carried.add(m[1]!);
      } else if (!packed.has(to)) unresolved.push(`${source} (${to} is not packed)`);
    });
    expect(unresolved).to.deep.equal([]);
    expect([...carried]).to.deep.equal(["zod"]);
    expect(map.sources).to.include.members(["../src/bundle-entry.ts", "../src/index.ts", "../package.json"]);
  });
});
