/**
 * Unknown option keys of the connectors whose whole option set Flink fixes (src/sql/connector-options.ts):
 * 'datagen' (with its per-column fields.<column>.<option> keys), 'print' and 'blackhole'.
 */
import { expect } from "chai";
import { errorOf, mockedApi, type Api } from "./api.js";

const UNSUPPORTED = (c: string): string => `"Unsupported options found for '${c}'" (flink FactoryUtil.validateUnconsumedKeys)`;

describe("FlinkTable: unknown keys of datagen, print and blackhole", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const columns = [
    { name: "id", type: "BIGINT" },
    { name: "name", type: "STRING" },
    { name: "a.b", type: "INT" },
    { name: "up", expression: "UPPER(`name`)" },
  ];
  const issues = (name: string, options: Record<string, string>): [string, string][] =>
    errorOf(() => new api.FlinkTable(name, { columns, options })).issues.map((i) => [i.path, i.message]);

  it("a misspelt datagen key is an error naming the known key (new-user trial: 'rows-per-sec')", () => {
    expect(issues("dg_typo", { connector: "datagen", "rows-per-sec": "10", "number-of-row": "5" })).to.deep.equal([
      ['options["rows-per-sec"]', `is no option of the 'datagen' connector, which fails with ${UNSUPPORTED("datagen")}; did you mean "rows-per-second"?`],
      ['options["number-of-row"]', `is no option of the 'datagen' connector, which fails with ${UNSUPPORTED("datagen")}; did you mean "number-of-rows"?`],
    ]);
    expect(issues("dg_other", { connector: "datagen", "sink.parallelism": "2" })).to.deep.equal([
      [
        'options["sink.parallelism"]',
        `is no option of the 'datagen' connector, which fails with ${UNSUPPORTED("datagen")}; did you mean "scan.parallelism"?`,
      ],
    ]);
    expect(issues("dg_far", { connector: "datagen", "path": "/tmp" })).to.deep.equal([
      [
        'options["path"]',
        `is no option of the 'datagen' connector, which fails with ${UNSUPPORTED("datagen")}; its options: rows-per-second, number-of-rows, scan.parallelism, waveform-function-enabled, period, floating-gap, fields.<column>.<option>`,
      ],
    ]);
  });

  it("datagen column keys: the option must be a column option, the column a physical column (dots in names read)", () => {
    expect(
      issues("dg_fields", { connector: "datagen", "fields.id.knid": "sequence", "fields.nmae.length": "5", "fields.up.length": "3", "fields.a.b.lenght": "3", "fields.ghost.kind": "random" }),
    ).to.deep.equal([
      ['options["fields.id.knid"]', `is no option of the 'datagen' connector ("knid" is no column option), which fails with ${UNSUPPORTED("datagen")}; did you mean "fields.id.kind"?`],
      [
        'options["fields.nmae.length"]',
        `names "nmae", which is no physical column of the table: the 'datagen' connector takes 'fields.<column>.*' keys of its physical columns only and fails with ${UNSUPPORTED("datagen")}; did you mean "fields.name.length"?`,
      ],
      [
        'options["fields.up.length"]',
        `names "up", a computed or metadata column, which 'datagen' does not generate: it takes 'fields.<column>.*' keys of its physical columns only and fails with ${UNSUPPORTED("datagen")}; remove it`,
      ],
      ['options["fields.a.b.lenght"]', `is no option of the 'datagen' connector ("lenght" is no column option), which fails with ${UNSUPPORTED("datagen")}; did you mean "fields.a.b.length"?`],
      [
        'options["fields.ghost.kind"]',
        `names "ghost", which is no physical column of the table: the 'datagen' connector takes 'fields.<column>.*' keys of its physical columns only and fails with ${UNSUPPORTED("datagen")}; the physical columns: id, name, a.b`,
      ],
    ]);
  });

  it("print and blackhole: their own keys only", () => {
    expect(issues("pr", { connector: "print", "print.identifier": "x", "standard-error": "true" })).to.deep.equal([
      ['options["print.identifier"]', `is no option of the 'print' connector, which fails with ${UNSUPPORTED("print")}; did you mean "print-identifier"?`],
    ]);
    expect(issues("bh", { connector: "blackhole", "sink.parallelism": "2" })).to.deep.equal([
      ['options["sink.parallelism"]', `is no option of the 'blackhole' connector, which fails with ${UNSUPPORTED("blackhole")}; it takes no option but 'connector': remove it`],
    ]);
  });

  it("valid tables pass: every documented key, column keys of physical columns, Output values; other connectors are not judged", () => {
    const valid: Record<string, string>[] = [
      {
        connector: "datagen", "rows-per-second": "5", "number-of-rows": "10", "scan.parallelism": "2", "property-version": "1",
        "fields.id.kind": "sequence", "fields.id.start": "1", "fields.id.end": "100", "fields.name.null-rate": "0",
        "fields.name.length": "5", "fields.name.var-len": "true", "fields.a.b.min": "1", "fields.a.b.max": "9",
      },
      { connector: "print", "print-identifier": "p", "standard-error": "true", "sink.parallelism": "1" },
      { connector: "blackhole" },
      { connector: "jdbc", url: "jdbc:postgresql://db/x", "table-name": "t", "rows-per-sec": "1" },
    ];
    valid.forEach((options, i) => expect(() => new api.FlinkTable(`valid_${i}`, { columns, options })).not.to.throw());
    // A key whose value is an Output is judged by its key.
    expect(errorOf(() => new api.FlinkTable("dg_out", { columns, options: { connector: "datagen", "rows-per-sec": Promise.resolve("1") } })).issues.map((i) => i.path)).to.deep.equal([
      'options["rows-per-sec"]',
    ]);
  });
});
