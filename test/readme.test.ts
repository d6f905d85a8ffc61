import { expect } from "chai";
import * as fs from "node:fs";
import * as path from "node:path";
import { END_MARKER, renderPropsReference, START_MARKER } from "../tools/props-reference.js";

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

  it("holds the props reference as the code generates it (run `npm run docs` when this fails)", () => {
    const start = README.indexOf(START_MARKER) + START_MARKER.length;
    const end = README.indexOf(END_MARKER);
    expect(README.slice(start, end).trim()).to.equal(renderPropsReference().trim());
  });
});
