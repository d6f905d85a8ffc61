/**
 * The README's unit-test example (Your own program → Unit tests of your program with Pulumi's
 * mocks): the block is test/readme-mocks-program.ts word for word, which `npm test`'s tsc step
 * type-checks; here it is compared with the README and run as the README says, with Node's test
 * runner under tsx (the package resolved by name through tsconfig.json's paths, as in a clone).
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { ROOT } from "./cli-helper.js";

const README = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
const PROGRAM = path.join(ROOT, "test", "readme-mocks-program.ts");

describe("README: the unit-test example with Pulumi's mocks", function () {
  this.timeout(120_000);

  it("is test/readme-mocks-program.ts, which tsc type-checks", () => {
    const block = /```ts\n(import \* as assert from "node:assert\/strict";[\s\S]*?)```/.exec(README)?.[1];
    expect(block, "the unit-test section's TypeScript block").to.be.a("string");
    expect(block).to.equal(fs.readFileSync(PROGRAM, "utf8"));
    expect(README).to.contain("node --import tsx --test jobs.test.ts");
  });

  it("passes its five tests under `node --import tsx --test`", async () => {
    const out = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(process.execPath, ["--import", "tsx", "--test", "--test-reporter=tap", PROGRAM], { cwd: ROOT, encoding: "utf8" }, (error, stdout) =>
        resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout }),
      );
    });
    expect(out.code, out.stdout).to.equal(0);
    expect(out.stdout).to.contain("ok 1 - the job renders its script").and.contain("ok 2 - a wrong prop throws from the constructor, with every problem");
    expect(out.stdout).to.contain("ok 3 - a warning is readable, and one the team checked is acknowledged");
    expect(out.stdout).to.contain("ok 4 - a value a statement interpolates is no secret (a secret fails the job's outputs, not its constructor)");
    expect(out.stdout).to.contain("ok 5 - valueOf rejects, rather than hang, for an Output that never has a value");
    expect(out.stdout).to.match(/^# pass 5$/m).and.match(/^# fail 0$/m);
  });
});
