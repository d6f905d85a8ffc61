/**
 * Drift guard for the job configuration's documentation: the `configuration` TSDoc of
 * FlinkSqlJobArgs (src/components/flink-sql-job.ts) is the IDE hover, short and linking to
 * docs/job-configuration.md, and every source file that document names exists.
 */
import { expect } from "chai";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

/** The TSDoc comment right before `configuration?:` in FlinkSqlJobArgs. */
function configurationTsdoc(): string {
  const source = read("src/components/flink-sql-job.ts");
  const end = source.indexOf("\n  configuration?:");
  const start = source.lastIndexOf("/**", end);
  expect(start, "the configuration TSDoc").to.be.greaterThan(-1);
  return source.slice(start, end);
}

describe("job configuration documentation (docs/job-configuration.md)", () => {
  it("the configuration TSDoc is a short hover that names no internal file and links to the docs", () => {
    const doc = configurationTsdoc();
    expect(doc.split("\n").length - 1, "lines of the configuration hover").to.be.within(10, 30);
    expect([...doc.matchAll(/[\w/-]+\.ts\b/g)].map((m) => m[0]), "file names in the hover").to.deep.equal([]);
    expect(doc).to.contain("docs/job-configuration.md");
  });

  it("names only source files that exist", () => {
    const paths = [...read("docs/job-configuration.md").matchAll(/`(src\/[\w/.-]+\.ts)`/g)].map((m) => m[1]!);
    expect(paths, "the docs' src/... paths").to.include("src/sql/job-config.ts");
    expect(paths.filter((p) => !fs.existsSync(path.join(ROOT, p)))).to.deep.equal([]);
  });
});
