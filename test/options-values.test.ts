import { expect } from "chai";
import { parseByteSize, readMemorySize } from "../src/options/byte-size.js";
import { formatFlinkDuration, parseFlinkDuration } from "../src/options/duration.js";
import { parseSnapshotId } from "../src/options/snapshot-id.js";
import { FlinkIcebergValidationError } from "../src/validation/error.js";

function expectInvalid(fn: () => unknown, ...fragments: string[]): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).to.be.instanceOf(FlinkIcebergValidationError);
  const msg = (caught as FlinkIcebergValidationError).issues.map((i) => i.message).join("\n");
  for (const f of fragments) expect(msg).to.contain(f);
}

describe("parseFlinkDuration (Flink TimeUtils syntax)", () => {
  const valid: [string, number][] = [
    ["30s", 30_000],
    ["5 min", 300_000],
    ["5min", 300_000],
    ["1min", 60_000],
    ["2m", 120_000],
    ["1h", 3_600_000],
    ["2 hours", 7_200_000],
    ["500ms", 500],
    ["1 d", 86_400_000],
    ["3 days", 259_200_000],
    ["250", 250],
    ["10 SEC", 10_000],
    ["1 second", 1_000],
    ["7 millis", 7],
    ["2000us", 2],
    ["3000µs", 3],
    ["4000 micros", 4],
    ["1000000ns", 1],
    ["5000000 nanoseconds", 5],
    ["  45 s  ", 45_000],
  ];
  for (const [text, ms] of valid) {
    it(`reads ${JSON.stringify(text)} as ${ms} ms`, () => expect(parseFlinkDuration(text)).to.equal(ms));
  }
  const invalid: [string, string][] = [
    ["0s", "zero"],
    ["0", "zero"],
    ["-5s", "sign"],
    ["1.5s", "whole numbers"],
    ["", "empty"],
    ["   ", "empty"],
    ["s", "does not start with a number"],
    ["5 fortnights", "unknown unit"],
    ["1500us", "whole number of milliseconds"],
    ["5 mins later", "unknown unit"],
    ["99999999999999999999 d", "too large"],
  ];
  for (const [text, why] of invalid) {
    it(`rejects ${JSON.stringify(text)} (${why})`, () => expectInvalid(() => parseFlinkDuration(text), why, JSON.stringify(text)));
  }
  it("a fraction gets the same time in a smaller unit; a suggested unit ends its own sentence", () => {
    const message = (text: string): string => {
      try {
        parseFlinkDuration(text);
      } catch (e) {
        return (e as { issues: { message: string }[] }).issues[0]!.message;
      }
      return "accepted";
    };
    // Read by this package (rendered as Flink reads it): m and us are units here too.
    const hint = 'write a positive whole number followed by a unit, e.g. "30s", "5 min", "1h", "500ms" (units: d, h, min or m, s, ms, µs or us, ns and their long forms)';
    // A message that says what to write says "write" once.
    expect(message("1.5min")).to.equal(`"1.5min" is not a valid Flink duration: Flink reads only whole numbers (no fraction); write the same time in a smaller unit: "90s"`);
    expect(message("PT10M")).to.equal(`"PT10M" is not a valid Flink duration: Flink does not read ISO-8601 durations; write "10min"`);
    expect(message("0.5 h")).to.contain('write the same time in a smaller unit: "30min"');
    expect(message("1.0001s")).to.contain('use a smaller unit, e.g. "1500ms" for 1.5s');
    expect(message("5 mins")).to.equal(`"5 mins" is not a valid Flink duration: unknown unit "mins"; did you mean "5min"? Otherwise ${hint}`);
    expect(message("1.0001s")).to.equal(`"1.0001s" is not a valid Flink duration: Flink reads only whole numbers (no fraction); use a smaller unit, e.g. "1500ms" for 1.5s; ${hint}`);
  });

  it("a compound of h, min, s (one number and one unit only) gets the same time in its smallest unit", () => {
    const message = (text: string, flinkReads = false): string => {
      try {
        parseFlinkDuration(text, false, flinkReads);
      } catch (e) {
        return (e as { issues: { message: string }[] }).issues[0]!.message;
      }
      return "accepted";
    };
    expect(message("1h30min")).to.equal('"1h30min" is not a valid Flink duration: Flink reads one number and one unit, not a sum of several; write "90min"');
    expect(message("2min 30s")).to.equal('"2min 30s" is not a valid Flink duration: Flink reads one number and one unit, not a sum of several; write "150s"');
    expect(message("1 h 30 m")).to.equal('"1 h 30 m" is not a valid Flink duration: Flink reads one number and one unit, not a sum of several; write "90min"');
    expect(message("1d2h")).to.equal('"1d2h" is not a valid Flink duration: Flink reads one number and one unit, not a sum of several; write "26h"');
    expect(message("1s500ms", true)).to.equal('"1s500ms" is not a valid Flink duration: Flink reads one number and one unit, not a sum of several; write "1500ms"');
    // Not a run of known units: the unknown-unit message, as before.
    expect(message("1h30x")).to.equal(
      '"1h30x" is not a valid Flink duration: unknown unit "h30x"; write a positive whole number followed by a unit, e.g. "30s", "5 min", "1h", "500ms" (units: d, h, min or m, s, ms, µs or us, ns and their long forms)',
    );
    // Where Flink reads the text as written, the units listed and suggested are TimeUtils' own (no "us").
    expect(message("5 mins", true)).to.equal(
      '"5 mins" is not a valid Flink duration: unknown unit "mins"; did you mean "5min"? Otherwise write a positive whole number followed by a unit, e.g. "30s", "5 min", "1h", "500ms" (units: d, h, min, s, ms, µs, ns and their long forms)',
    );
    expect(message("5 u", true)).to.equal(
      '"5 u" is not a valid Flink duration: unknown unit "u"; did you mean "5d"? Otherwise write a positive whole number followed by a unit, e.g. "30s", "5 min", "1h", "500ms" (units: d, h, min, s, ms, µs, ns and their long forms)',
    );
    // Valid neighbours stay quiet.
    expect(message("90min")).to.equal("accepted");
    expect(message("1 h")).to.equal("accepted");
    expect(message("150s", true)).to.equal("accepted");
  });

  it("formats with the largest whole unit and reads its own output back", () => {
    const cases: [number, string][] = [
      [60_000, "1 min"],
      [90_000, "90 s"],
      [1_500, "1500 ms"],
      [86_400_000, "1 d"],
      [7_200_000, "2 h"],
    ];
    for (const [ms, text] of cases) {
      expect(formatFlinkDuration(ms)).to.equal(text);
      expect(parseFlinkDuration(text)).to.equal(ms);
    }
    expectInvalid(() => formatFlinkDuration(0), "positive");
    expectInvalid(() => formatFlinkDuration(1.5), "positive");
  });
});

describe("parseByteSize (Flink MemorySize units)", () => {
  const valid: [number | string, number][] = [
    [134217728, 134217728],
    [1, 1],
    ["128MB", 134217728],
    ["64 mb", 67108864],
    ["1gb", 1073741824],
    ["512kb", 524288],
    ["100b", 100],
    ["100", 100],
    ["2 bytes", 2],
    ["1k", 1024],
    ["3m", 3145728],
    ["1t", 1099511627776],
    ["2 mebibytes", 2097152],
    ["1 GiBiBytes", 1073741824],
    // IEC units: the package renders the byte count, so no Flink parser reads the text.
    ["1GiB", 1073741824],
    ["512MiB", 536870912],
    ["128 mib", 134217728],
    ["4KIB", 4096],
    ["2TiB", 2199023255552],
  ];
  for (const [value, bytes] of valid) {
    it(`reads ${JSON.stringify(value)} as ${bytes} bytes`, () => expect(parseByteSize(value)).to.equal(bytes));
  }
  const invalid: [number | string, string][] = [
    [0, "positive"],
    [-1, "positive"],
    [1.5, "whole number"],
    [Number.NaN, "whole number"],
    [2 ** 60, "MAX_SAFE_INTEGER"],
    ["0mb", "zero"],
    ["1.5gb", "whole numbers"],
    ["-1mb", "sign"],
    ["128 Mi", "unknown unit \"mi\"; Flink's units are 1024-based already: write \"128mb\""],
    ["1.5GiB", "whole numbers"],
    ["0MiB", "zero"],
    ["lots", "does not start with a number"],
    ["", "empty"],
    ["99999999 tb", "MAX_SAFE_INTEGER"],
  ];
  for (const [value, why] of invalid) {
    it(`rejects ${JSON.stringify(value)} (${why})`, () => expectInvalid(() => parseByteSize(value), why));
  }
});

describe("byte size messages (IEC units where the package renders the count, Flink's units where Flink reads the text)", () => {
  const messageOf = (fn: () => unknown): string => {
    try {
      fn();
    } catch (e) {
      if (e instanceof FlinkIcebergValidationError) return e.issues[0]!.message;
      throw e;
    }
    throw new Error("expected a FlinkIcebergValidationError");
  };
  it("parseByteSize refuses a bare IEC prefix with the unit to write", () => {
    expect(messageOf(() => parseByteSize("128 Mi"))).to.equal(
      '"128 Mi" is not a valid byte size: unknown unit "mi"; Flink\'s units are 1024-based already: write "128mb"; pass a positive whole number of bytes (e.g. 134217728) or a size text such as "128MB", "64 mb", "1gb", "512MiB" (binary units: 1 KB = 1 KiB = 1024 bytes)',
    );
  });
  it("readMemorySize (text Flink's MemorySize.parse reads) still refuses an IEC unit", () => {
    expect(messageOf(() => readMemorySize("1GiB"))).to.equal(
      '"1GiB" is not a valid byte size: unknown unit "gib"; Flink\'s units are 1024-based already: write "1gb"; pass a positive whole number of bytes (e.g. 134217728) or a size text such as "128MB", "64 mb", "1gb", "512kb" (binary units: 1 KB = 1024 bytes)',
    );
    expect(readMemorySize("1GiB", true)).to.equal(1073741824n);
  });
});

describe("parseSnapshotId", () => {
  const valid: [bigint | string | number, string][] = [
    ["3821550127947089987", "3821550127947089987"],
    [3821550127947089987n, "3821550127947089987"],
    [" 42 ", "42"],
    ["0042", "42"],
    [1, "1"],
    [Number.MAX_SAFE_INTEGER, "9007199254740991"],
    ["9223372036854775807", "9223372036854775807"],
  ];
  for (const [value, digits] of valid) {
    it(`normalises ${typeof value} ${String(value)} to ${digits}`, () => {
      const out = parseSnapshotId(value);
      expect(out).to.equal(digits);
      expect(typeof out).to.equal("string");
    });
  }
  const invalid: [bigint | string | number, string][] = [
    [9007199254740993, "pass the id as a string"],
    [2 ** 62, "pass the id as a string"],
    [1.5, "whole number"],
    [0, "positive"],
    [0n, "positive"],
    ["0", "positive"],
    [-5n, "positive"],
    ["-5", "decimal digits only"],
    ["9223372036854775808", "2^63-1"],
    [2n ** 63n, "2^63-1"],
    ["0x10", "decimal digits only"],
    ["1e5", "decimal digits only"],
    ["", "decimal digits only"],
  ];
  for (const [value, why] of invalid) {
    it(`rejects ${typeof value} ${String(value)} (${why})`, () => expectInvalid(() => parseSnapshotId(value), why));
  }
});
