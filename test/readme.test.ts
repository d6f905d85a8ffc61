import { expect } from "chai";
import * as fs from "node:fs";
import * as path from "node:path";
import * as os from "node:os";
import { END_MARKER, LONG_DOC, renderPropsReference, START_MARKER } from "../tools/props-reference.js";
import { runCli } from "./cli-helper.js";

const README = fs.readFileSync(path.resolve(__dirname, "..", "README.md"), "utf8");

describe("README", function () {
  this.timeout(60_000);

  it("opens with the two commands a newcomer needs", () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(README)?.[1] ?? "";
    expect(firstBlock).to.contain("npm ci && npm run flink-iceberg -- synth examples/quickstart");
    expect(firstBlock).to.contain("npm ci && npm test");
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, "..", "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts["flink-iceberg"]).to.equal("node bin/flink-iceberg.js");
  });

  it("its first program synths as written: both jobs, no warnings at all", async () => {
    const program = /```ts\n(import \{ FlinkSqlJob[\s\S]*?)```/.exec(README)?.[1];
    expect(program, "the README's first TypeScript block").to.be.a("string");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-readme-"));
    try {
      fs.writeFileSync(path.join(dir, "readme.ts"), program!);
      const r = await runCli(["synth", path.join(dir, "readme.ts"), "--out", path.join(dir, "out")]);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.match(/^clicks-to-lake\s.*\s0$/m);
      expect(r.stdout).to.match(/^clicks-per-minute\s.*\s0$/m);
      expect(r.stdout + r.stderr).to.not.match(/warning\(s\)|warning:/i);
      expect(fs.readFileSync(path.join(dir, "out", "clicks-per-minute", "job.sql"), "utf8")).to.contain("WATERMARK FOR `ts` AS SOURCE_WATERMARK()");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("holds the props reference as the code generates it (run `npm run docs` when this fails)", () => {
    const start = README.indexOf(START_MARKER) + START_MARKER.length;
    const end = README.indexOf(END_MARKER);
    expect(README.slice(start, end).trim()).to.equal(renderPropsReference().trim());
  });

  it("keeps its props table cells short: a long doc or one with a list is a section below the table", () => {
    const reference = README.slice(README.indexOf(START_MARKER), README.indexOf(END_MARKER));
    const longest = Math.max(...reference.split("\n").filter((l) => l.startsWith("| `")).map((l) => l.length));
    expect(longest, "the longest row (description, prop and type)").to.be.below(LONG_DOC + 300);
    expect(reference).to.contain("[Full description](#flinksqljob-statements)");
    expect(reference).to.contain("\n#### FlinkSqlJob `statements`\n");
    // The statements and configuration docs are short (the IDE hover); their full lists live in docs/ and are linked.
    expect(reference).to.not.contain("a ROW_NUMBER Top-N into a sink keyed by its partition columns");
    expect(reference).to.contain("[docs/statement-checks.md](docs/statement-checks.md)");
    expect(reference).to.contain("[docs/statement-checks.md#checks-at-a-glance](docs/statement-checks.md#checks-at-a-glance)");
    expect(reference).to.contain("[Full description](#flinksqljob-configuration)");
    expect(reference).to.contain("[docs/job-configuration.md](docs/job-configuration.md)");
    expect(fs.readFileSync(path.resolve(__dirname, "..", "docs", "statement-checks.md"), "utf8")).to.contain("\n- a ROW_NUMBER Top-N into a sink keyed by its partition columns");
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, "..", "package.json"), "utf8")) as { files: string[] };
    expect(pkg.files, "the docs the README links ship in the package").to.include("docs");
  });
});
