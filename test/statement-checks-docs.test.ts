/**
 * Drift guard for the statement checks' documentation: the files that the statements TSDoc
 * (src/components/flink-sql-job.ts) and docs/statement-checks.md name exist, each file the TSDoc
 * lists is named in the docs and each section it links exists, and every check module that src/sql/job-plan.ts runs (the
 * `check*` functions it imports) is named in the docs, so a new check without docs fails here.
 */
import { expect } from "chai";
import * as fs from "node:fs";
import * as path from "node:path";
import { headingAnchor } from "../tools/props-reference.js";

const ROOT = path.resolve(__dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const DOCS = read("docs/statement-checks.md");

/** The TSDoc comment right before `statements:` in FlinkSqlJobArgs. */
function statementsTsdoc(): string {
  const source = read("src/components/flink-sql-job.ts");
  const end = source.indexOf("\n  statements:");
  const start = source.lastIndexOf("/**", end);
  expect(start, "the statements TSDoc").to.be.greaterThan(-1);
  return source.slice(start, end);
}

/** The bare `name.ts` file names a text mentions (not a path's last part). */
function bareFileNames(text: string): string[] {
  return [...new Set([...text.matchAll(/(?<![\w/.-])([a-z0-9-]+)\.ts\b/g)].map((m) => m[1]!))];
}

/** A bare module name as the repository holds it: under src/sql, else src/components. */
function exists(name: string): boolean {
  return ["src/sql", "src/components"].some((dir) => fs.existsSync(path.join(ROOT, dir, `${name}.ts`)));
}

describe("statement checks documentation (docs/statement-checks.md)", () => {
  it("names only files that exist, in the statements TSDoc and in the docs", () => {
    const missing = [...bareFileNames(statementsTsdoc()), ...bareFileNames(DOCS)].filter((n) => !exists(n));
    const paths = [...DOCS.matchAll(/`(src\/[\w/.-]+\.ts)`/g)].map((m) => m[1]!);
    expect(paths, "the docs' src/... paths").to.not.be.empty;
    expect([...missing, ...paths.filter((p) => !fs.existsSync(path.join(ROOT, p)))]).to.deep.equal([]);
  });

  it("names each check file the statements TSDoc lists, and has the sections it links", () => {
    const doc = statementsTsdoc();
    const listed = bareFileNames(doc);
    expect(listed).to.include("aggregate-sink-keys");
    expect(listed.filter((n) => !["sql", "components"].some((dir) => DOCS.includes(`\`src/${dir}/${n}.ts\``)))).to.deep.equal([]);
    const anchors = new Set([...DOCS.matchAll(/^## (.+)$/gm)].map((m) => headingAnchor(m[1]!)));
    const links = [...doc.matchAll(/docs\/statement-checks\.md#([\w-]+)/g)].map((m) => m[1]!);
    expect(links, "the TSDoc's links into the docs").to.not.be.empty;
    expect(links.filter((a) => !anchors.has(a))).to.deep.equal([]);
  });

  it("names every check module that src/sql/job-plan.ts runs", () => {
    const imports = [...read("src/sql/job-plan.ts").matchAll(/^import \{([^}]*)\} from "\.\/([\w-]+)\.js";$/gm)];
    const checkModules = imports.filter((m) => /\bcheck\w+/.test(m[1]!)).map((m) => `src/sql/${m[2]}.ts`);
    expect(checkModules, "job-plan.ts's check imports").to.include("src/sql/aggregate-sink-keys.ts");
    expect(checkModules.filter((file) => !DOCS.includes(`\`${file}\``))).to.deep.equal([]);
  });
});
