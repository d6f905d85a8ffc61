/**
 * Two texts of one Flink option compared as Flink reads them (src/options/same-option-value.ts):
 * durations by TimeUtils' reading, memory sizes by MemorySize's, booleans in any case; other options
 * as trimmed text; unreadable text equal to nothing else.
 */
import { expect } from "chai";
import { sameFlinkOptionValue } from "../src/options/same-option-value.js";

describe("sameFlinkOptionValue", () => {
  it("durations, memory sizes and booleans compare by value; other options by text", () => {
    const cases: [string, string, string, boolean][] = [
      ["table.exec.state.ttl", "1 h", "60 min", true],
      ["table.exec.state.ttl", "1 h", "61 min", false],
      ["table.exec.state.ttl", "1 h", "1 hx", false],
      ["table.exec.spill-compression.block-size", "64kb", "65536", true],
      ["table.exec.spill-compression.block-size", "64kb", "64mb", false],
      ["table.exec.emit.early-fire.enabled", "TRUE", "true", true],
      ["table.exec.emit.early-fire.enabled", "true", "false", false],
      ["pipeline.name", "orders", " orders ", true],
      ["pipeline.name", "orders", "Orders", false],
    ];
    expect(cases.map(([k, a, b]) => sameFlinkOptionValue(k, a, b))).to.deep.equal(cases.map((c) => c[3]));
  });
});
