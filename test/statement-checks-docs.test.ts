/**
 * Drift guard for the statement checks' documentation. The statements TSDoc
 * (src/components/flink-sql-job.ts) is the IDE hover: short, no internal file names, linking to
 * docs/statement-checks.md. That document's "Checks at a glance" lists every check in one line with
 * the files that implement it and a link to its section: each file it names exists and is named in
 * the section it links, every section is linked from it, and every check module that
 * src/sql/job-plan.ts runs (the `check*` functions it imports) is in it, so a new check without a
 * line there fails here.
 */
import { expect } from "chai";
import * as fs from "node:fs";
import * as path from "node:path";
import { headingAnchor } from "../tools/props-reference.js";

const ROOT = path.resolve(__dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const DOCS = read("docs/statement-checks.md");
const OVERVIEW_HEADING = "## Checks at a glance\n";

/** The TSDoc comment right before `statements:` in FlinkSqlJobArgs. */
function statementsTsdoc(): string {
  const source = read("src/components/flink-sql-job.ts");
  const end = source.indexOf("\n  statements:");
  const start = source.lastIndexOf("/**", end);
  expect(start, "the statements TSDoc").to.be.greaterThan(-1);
  return source.slice(start, end);
}

/** The docs' sections by anchor: heading and text up to the next `## `. */
function sections(): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of DOCS.split(/^(?=## )/m).slice(1)) out.set(headingAnchor(part.slice(3, part.indexOf("\n"))), part);
  return out;
}

/** The overview's one-line checks, each with the `src/...ts` files it names and the sections it links. */
function overviewLines(): { text: string; files: string[]; anchors: string[] }[] {
  const start = DOCS.indexOf(OVERVIEW_HEADING);
  expect(start, "the docs' Checks at a glance").to.be.greaterThan(-1);
  const body = DOCS.slice(start + OVERVIEW_HEADING.length, DOCS.indexOf("\n## ", start));
  return body
    .split(/\n(?=- )/)
    .filter((b) => b.startsWith("- "))
    .map((b) => b.split(/\n\s*\n/)[0]!)
    .map((text) => ({
      text,
      files: [...text.matchAll(/`(src\/[\w/.-]+\.ts)`/g)].map((m) => m[1]!),
      anchors: [...text.matchAll(/\]\(#([\w-]+)\)/g)].map((m) => m[1]!),
    }));
}

describe("statement checks documentation (docs/statement-checks.md)", () => {
  it("the statements TSDoc is a short hover that names no internal file and links to the docs", () => {
    const doc = statementsTsdoc();
    const lines = doc.split("\n").length - 1; // without the closing `*/` line
    expect(lines, "lines of the statements hover").to.be.within(10, 27);
    expect([...doc.matchAll(/[\w/-]+\.ts\b/g)].map((m) => m[0]), "file names in the hover").to.deep.equal([]);
    expect(doc).to.contain("docs/statement-checks.md");
    const links = [...doc.matchAll(/docs\/statement-checks\.md#([\w-]+)/g)].map((m) => m[1]!);
    expect(links.filter((a) => !sections().has(a)), "the hover's links into the docs").to.deep.equal([]);
  });

  it("names only files that exist", () => {
    const paths = [...DOCS.matchAll(/`(src\/[\w/.-]+\.ts)`/g)].map((m) => m[1]!);
    expect(paths, "the docs' src/... paths").to.not.be.empty;
    const bare = [...new Set([...DOCS.matchAll(/(?<![\w/.-])([a-z0-9-]+)\.ts\b/g)].map((m) => m[1]!))];
    const bareMissing = bare.filter((n) => !["src/sql", "src/components"].some((dir) => fs.existsSync(path.join(ROOT, dir, `${n}.ts`))));
    expect([...bareMissing, ...paths.filter((p) => !fs.existsSync(path.join(ROOT, p)))]).to.deep.equal([]);
  });

  it("lists each check at a glance with its files and a link to the section that names them; every section is linked", () => {
    const bySection = sections();
    const lines = overviewLines();
    expect(lines.length, "one-line checks").to.be.greaterThan(40);
    const problems: string[] = [];
    for (const { text, files, anchors } of lines) {
      const head = text.slice(0, 60);
      if (files.length === 0) problems.push(`${head}: names no implementing file`);
      if (anchors.length === 0) problems.push(`${head}: links no section`);
      for (const anchor of anchors) {
        const section = bySection.get(anchor);
        if (section === undefined) problems.push(`${head}: no section #${anchor}`);
        else for (const file of files) if (!section.includes(path.basename(file))) problems.push(`${head}: #${anchor} does not name ${file}`);
      }
    }
    const linked = new Set([...DOCS.slice(DOCS.indexOf(OVERVIEW_HEADING)).split("\n## ")[0]!.matchAll(/\]\(#([\w-]+)\)/g)].map((m) => m[1]!));
    for (const anchor of bySection.keys()) if (anchor !== headingAnchor(OVERVIEW_HEADING.slice(3).trim()) && !linked.has(anchor)) problems.push(`section #${anchor} is not linked at a glance`);
    expect(problems).to.deep.equal([]);
  });

  it("lists at a glance every check module that src/sql/job-plan.ts runs", () => {
    const imports = [...read("src/sql/job-plan.ts").matchAll(/^import \{([^}]*)\} from "\.\/([\w-]+)\.js";$/gm)];
    const checkModules = imports.filter((m) => /\bcheck\w+/.test(m[1]!)).map((m) => `src/sql/${m[2]}.ts`);
    expect(checkModules, "job-plan.ts's check imports").to.include("src/sql/aggregate-sink-keys.ts");
    const listed = new Set(overviewLines().flatMap((l) => l.files));
    expect(checkModules.filter((file) => !listed.has(file))).to.deep.equal([]);
  });
});
