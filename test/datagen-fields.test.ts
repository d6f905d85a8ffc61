/**
 * 'datagen' column options by type and generator kind (src/sql/datagen-fields.ts; flink
 * DataGenTableSourceFactory, RandomGeneratorVisitor, SequenceGeneratorVisitor): an option the
 * column's generator does not read fails the job with "Unsupported options", a sequence needs start
 * and end, and nested types take their parts' options under `.element`, `.key`, `.value`, `.<field>`.
 */
import { expect } from "chai";
import { errorOf, issuesOrNone, mockedApi, type Api } from "./api.js";

const UNSUPPORTED = `"Unsupported options found for 'datagen'" (flink FactoryUtil.validateUnconsumedKeys)`;

describe("FlinkTable: datagen column options by type and kind", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const columns = [
    { name: "id", type: "BIGINT" },
    { name: "name", type: "STRING" },
    { name: "ts", type: "TIMESTAMP(3)" },
    { name: "flag", type: "BOOLEAN" },
    { name: "tags", type: "ARRAY<INT>" },
    { name: "attrs", type: "MAP<STRING, DOUBLE>" },
    { name: "r", type: "ROW<a INT, b STRING>" },
    { name: "d", type: "DATE" },
  ];
  let n = 0;
  const issues = (options: Record<string, string>): [string, string][] =>
    issuesOrNone(() => new api.FlinkTable(`dgf${++n}`, { columns, options: { connector: "datagen", ...options } })).map((i) => [i.path, i.message]);

  it("the options each type takes pass, nested parts included, for both kinds", () => {
    expect(
      issues({
        "fields.id.min": "1", "fields.id.max": "100", "fields.id.null-rate": "0.1",
        "fields.name.length": "10", "fields.name.var-len": "true",
        "fields.ts.max-past": "1h",
        "fields.flag.null-rate": "0.5",
        "fields.tags.length": "4", "fields.tags.element.min": "0", "fields.tags.element.max": "9",
        "fields.attrs.length": "2", "fields.attrs.key.length": "5", "fields.attrs.value.min": "0",
        "fields.r.null-rate": "0.2", "fields.r.a.min": "1", "fields.r.b.length": "3",
      }),
    ).to.deep.equal([]);
    expect(issues({ "fields.id.kind": "sequence", "fields.id.start": "1", "fields.id.end": "1000", "fields.name.kind": "sequence", "fields.name.start": "1", "fields.name.end": "50" })).to.deep.equal([]);
  });

  it("an option a random column does not read is an error at its key, saying what to write", () => {
    const random = (what: string, takes: string, fix: string): string =>
      `does not apply to ${what}, which 'datagen' generates at random and which takes ${takes} (flink RandomGeneratorVisitor), so Flink fails with ${UNSUPPORTED}; ${fix}`;
    expect(
      issues({
        "fields.id.length": "5",
        "fields.name.min": "1",
        "fields.ts.max": "10",
        "fields.id.start": "1",
        "fields.flag.var-len": "true",
        "fields.d.null-rate": "0.1",
        "fields.tags.element.length": "3",
        "fields.tags.element.kind": "random",
      }),
    ).to.deep.equal([
      ['options["fields.id.length"]', random('column "id" (BIGINT)', "only kind, min, max, null-rate", 'for a range of values write "fields.id.min" / "fields.id.max", or remove it')],
      ['options["fields.id.start"]', random('column "id" (BIGINT)', "only kind, min, max, null-rate", `for a sequence from start to end set "fields.id.kind" to 'sequence', or write "fields.id.min" / "fields.id.max" for a random range`)],
      ['options["fields.name.min"]', random('column "name" (STRING)', "only kind, length, null-rate, var-len", 'for the generated length write "fields.name.length", or remove it')],
      ['options["fields.ts.max"]', random('column "ts" (TIMESTAMP(3))', "only kind, max-past, null-rate", `for how far back the random timestamps go write "fields.ts.max-past" (e.g. '1h'), or remove it`)],
      ['options["fields.flag.var-len"]', random('column "flag" (BOOLEAN)', "only kind, null-rate", "remove it")],
      ['options["fields.tags.element.length"]', random('"tags.element" (INT, part of column "tags")', "only min, max, null-rate", 'for a range of values write "fields.tags.element.min" / "fields.tags.element.max", or remove it')],
      ['options["fields.tags.element.kind"]', `${random('"tags.element" (INT, part of column "tags")', "only min, max, null-rate", "remove it").replace("; remove it", "; a generator kind is set per top-level column; remove it")}`],
      ['options["fields.d.null-rate"]', random('column "d" (DATE)', "only kind", "remove it")],
    ]);
  });

  it("a sequence needs start and end, takes nothing else, and exists only for strings, binaries and numbers", () => {
    expect(issues({ "fields.id.kind": "sequence", "fields.id.end": "10", "fields.id.max": "10", "fields.name.kind": "sequence", "fields.name.start": "1", "fields.name.end": "9", "fields.name.length": "4" })).to.deep.equal([
      [
        'options["fields.id.kind"]',
        `is 'sequence', which needs "fields.id.start" (Flink: "Could not find required property 'fields.id.start' for sequence generator."); set the first and last value of the sequence, e.g. "fields.id.start": "1" and "fields.id.end": "1000"`,
      ],
      [
        'options["fields.id.max"]',
        `does not apply to column "id", which kind 'sequence' generates from start to end and which takes only kind, start, end (flink SequenceGeneratorVisitor), so Flink fails with ${UNSUPPORTED}; remove it, or write "fields.id.end"`,
      ],
      [
        'options["fields.name.length"]',
        `does not apply to column "name", which kind 'sequence' generates from start to end and which takes only kind, start, end (flink SequenceGeneratorVisitor), so Flink fails with ${UNSUPPORTED}; remove it`,
      ],
    ]);
    expect(issues({ "fields.ts.kind": "sequence", "fields.ts.start": "1", "fields.ts.end": "2", "fields.flag.kind": "sequence" })).to.deep.equal([
      [
        'options["fields.ts.kind"]',
        `is 'sequence', which 'datagen' cannot generate for column "ts" (TIMESTAMP(3)): a sequence is for CHAR, VARCHAR, BINARY, VARBINARY and the numeric types, and Flink fails on any other (flink SequenceGeneratorVisitor); use kind 'random' (the default)`,
      ],
      [
        'options["fields.flag.kind"]',
        `is 'sequence', which 'datagen' cannot generate for column "flag" (BOOLEAN): a sequence is for CHAR, VARCHAR, BINARY, VARBINARY and the numeric types, and Flink fails on any other (flink SequenceGeneratorVisitor); use kind 'random' (the default)`,
      ],
    ]);
    expect(issues({ "fields.id.kind": "Sequence" })).to.deep.equal([
      ['options["fields.id.kind"]', `"Sequence" is no generator kind (Flink: "Unsupported generator kind: Sequence"); write 'random' (the default) or 'sequence'`],
    ]);
  });

  it("a start or end given as an Output counts as set; a kind given as an Output is judged when it resolves (not at preview)", () => {
    const make = (options: Record<string, unknown>) => issuesOrNone(() => new api.FlinkTable(`dgf${++n}`, { columns, options: { connector: "datagen", ...options } as Record<string, string> }));
    expect(make({ "fields.id.kind": "sequence", "fields.id.start": Promise.resolve("1"), "fields.id.end": "9" })).to.deep.equal([]);
    expect(make({ "fields.id.kind": Promise.resolve("sequence"), "fields.id.start": "1", "fields.id.end": "9" })).to.deep.equal([]);
  });

  it("misspelt option names are still reported by the key check", () => {
    expect(errorOf(() => new api.FlinkTable(`dgf${++n}`, { columns, options: { connector: "datagen", "fields.id.mn": "1" } })).issues.map((i) => i.path)).to.deep.equal(['options["fields.id.mn"]']);
  });
});
