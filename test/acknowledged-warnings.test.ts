/**
 * The pure matching of acknowledgedWarnings (src/validation/acknowledged-warnings.ts): which
 * warnings an entry names, what a stale entry says, the errors of a malformed entry or one that
 * names an error, and how the Diagnostics are rewritten. Exact values.
 */
import { expect } from "chai";
import { acknowledgedCount, acknowledgeWarnings, matchAcknowledgements, readAcknowledgements } from "../src/validation/acknowledged-warnings.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

const KEY_WARNING = { path: "statements[0]", message: 'IcebergSink "s" upserts by ("id", "d"): an update that changes "d" leaves the row under its old key' };
const UNIT_WARNING = { path: 'configuration["x.interval"]', message: '"30" has no unit, so Flink reads it as milliseconds (30 ms)' };
const WHY = 'say why the warning is accepted (e.g. "order_date never changes for an order"), so the next reader of the program knows it was checked';

/** A collector holding `warnings` (and `errors`), as a component's is after its checks. */
function diagWith(warnings: { path: string; message: string }[], errors: { path: string; message: string }[] = []): Diagnostics {
  const d = new Diagnostics();
  for (const w of warnings) d.warn(w.path, w.message);
  for (const e of errors) d.error(e.path, e.message);
  return d;
}

describe("acknowledgedWarnings: reading the entries", () => {
  it("a well-formed entry is read with its index; contains is optional", () => {
    const d = new Diagnostics();
    expect(readAcknowledgements([{ path: "statements[0]", reason: "checked" }, { path: "", contains: "x", reason: "r" }], d)).to.deep.equal([
      { index: 0, path: "statements[0]", reason: "checked" },
      { index: 1, path: "", contains: "x", reason: "r" },
    ]);
    expect(d.errors).to.deep.equal([]);
  });

  it("a missing, blank or non-string reason is an error at its path, with what to write", () => {
    const d = new Diagnostics();
    expect(readAcknowledgements([{ path: "a" }, { path: "a", reason: "  " }, { path: "a", reason: 3 }, { path: "a", reason: "fine" }], d)).to.deep.equal([{ index: 3, path: "a", reason: "fine" }]);
    expect(d.errors).to.deep.equal([
      { path: "acknowledgedWarnings[0].reason", message: `is required: ${WHY}` },
      { path: "acknowledgedWarnings[1].reason", message: `must not be blank: ${WHY}` },
      { path: "acknowledgedWarnings[2].reason", message: `must be a string: ${WHY} (got number)` },
    ]);
  });

  it("path missing or not a string, contains empty or not a string, unknown keys, a non-object entry, a non-array arg: errors", () => {
    const d = new Diagnostics();
    readAcknowledgements([{ reason: "r" }, { path: 1, reason: "r" }, { path: "a", contains: "", reason: "r" }, { path: "a", contains: ["x"], reason: "r" }, { path: "a", reasn: "r", reason: "r" }, "statements[0]"], d);
    expect(d.errors).to.deep.equal([
      { path: "acknowledgedWarnings[0].path", message: 'is required: the prop path of the warning as logged after the resource\'s name, e.g. "primaryKey" or "statements[1]" ("" for the resource as a whole)' },
      { path: "acknowledgedWarnings[1].path", message: "must be a string: the prop path of the warning as logged (got number)" },
      { path: "acknowledgedWarnings[2].contains", message: "must not be empty: write a piece of the warning's message, or leave contains out to acknowledge every warning at the path" },
      { path: "acknowledgedWarnings[3].contains", message: "must be a string: a piece of the warning's message (got an array)" },
      { path: "acknowledgedWarnings[4].reasn", message: 'unknown arg "reasn"; did you mean "reason"?' },
      { path: "acknowledgedWarnings[5]", message: 'must be an object { path: "primaryKey", contains: "...", reason: "..." } (got string)' },
    ]);
    const whole = new Diagnostics();
    expect(readAcknowledgements({ path: "a", reason: "r" }, whole)).to.deep.equal([]);
    expect(whole.errors).to.deep.equal([{ path: "acknowledgedWarnings", message: 'must be an array of { path: "primaryKey", contains: "...", reason: "..." } entries (got object)' }]);
  });
});

describe("acknowledgedWarnings: matching", () => {
  it("an entry names the warnings at its path (exactly), containing its text when given; the others stay open, in order", () => {
    const byPath = matchAcknowledgements([{ index: 0, path: "statements[0]", reason: "d is set once" }], [], [KEY_WARNING, UNIT_WARNING]);
    expect(byPath).to.deep.equal({
      warnings: [
        { ...KEY_WARNING, acknowledged: true, reason: "d is set once" },
        { ...UNIT_WARNING, acknowledged: false },
      ],
      open: [UNIT_WARNING],
      errors: [],
    });
    // A prefix of the path is not the path; the text is compared case-sensitively.
    const near = matchAcknowledgements([{ index: 0, path: "statements", reason: "r" }, { index: 1, path: "statements[0]", contains: "Upserts", reason: "r" }], [], [KEY_WARNING]);
    expect(near.open.map((w) => w.path)).to.deep.equal(["statements[0]", "acknowledgedWarnings[0]", "acknowledgedWarnings[1]"]);
  });

  it("a map key that is a plain name matches written [\"key\"] (as logged) or dotted (as earlier releases logged some); a key with dots has the bracket form only", () => {
    const connector = { path: 'options["connector"]', message: '"kafak" is no connector of Flink' };
    const credential = { path: "catalog.properties.credential", message: "an old-form path" };
    const endpoint = { path: 'catalog.properties["s3.endpoint"]', message: "a dotted key" };
    const outcome = matchAcknowledgements(
      [
        { index: 0, path: "options.connector", reason: "our own jar" },
        { index: 1, path: 'catalog.properties["credential"]', reason: "r" },
        { index: 2, path: "catalog.properties.s3.endpoint", reason: "r" },
      ],
      [],
      [connector, credential, endpoint],
    );
    expect(outcome.warnings.map((w) => [w.path, w.acknowledged])).to.deep.equal([
      ['options["connector"]', true],
      ["catalog.properties.credential", true],
      ['catalog.properties["s3.endpoint"]', false],
      ["acknowledgedWarnings[2]", false],
    ]);
    // The two forms of one path repeat each other.
    const twice = matchAcknowledgements([{ index: 0, path: 'options["connector"]', reason: "a" }, { index: 1, path: "options.connector", reason: "b" }], [], [connector]);
    expect(twice.open.map((w) => [w.path, w.message])).to.deep.equal([
      ["acknowledgedWarnings[1]", "repeats acknowledgedWarnings[0] (the same path and contains), whose reason is the one kept: merge the two reasons into that entry and remove this one"],
    ]);
  });

  it("the first entry that names a warning gives its reason; an entry may name several warnings", () => {
    const second = { path: "statements[0]", message: "another warning about d" };
    const r = matchAcknowledgements([{ index: 0, path: "statements[0]", contains: "another", reason: "first" }, { index: 1, path: "statements[0]", reason: "both" }], [], [KEY_WARNING, second]);
    expect(r.warnings.map((w) => w.reason)).to.deep.equal(["both", "first"]);
    expect(r.open).to.deep.equal([]);
  });

  it("an entry repeating an earlier one (same path and contains) is a warning: only the first reason is kept (final trial)", () => {
    const r = matchAcknowledgements([{ index: 0, path: "statements[0]", reason: "x" }, { index: 1, path: "statements[0]", reason: "y" }], [], [KEY_WARNING]);
    expect(r.warnings.map((w) => [w.path, w.acknowledged, w.reason])).to.deep.equal([["statements[0]", true, "x"], ["acknowledgedWarnings[1]", false, undefined]]);
    expect(r.open).to.deep.equal([
      { path: "acknowledgedWarnings[1]", message: "repeats acknowledgedWarnings[0] (the same path and contains), whose reason is the one kept: merge the two reasons into that entry and remove this one" },
    ]);
    // Another contains at the same path is no repeat.
    expect(matchAcknowledgements([{ index: 0, path: "statements[0]", reason: "x" }, { index: 1, path: "statements[0]", contains: "leaves", reason: "y" }], [], [KEY_WARNING]).open).to.deep.equal([]);
  });

  it("a stale entry is a warning at acknowledgedWarnings[i], naming what the resource does warn about", () => {
    const wrongText = matchAcknowledgements([{ index: 2, path: "statements[0]", contains: "order_date", reason: "r" }], [], [KEY_WARNING]);
    expect(wrongText.open).to.deep.equal([
      KEY_WARNING,
      {
        path: "acknowledgedWarnings[2]",
        message:
          'acknowledges a warning at path statements[0] containing "order_date" that this resource does not give: the warning it was written for is gone (remove the entry), or its path or text is mistyped; ' +
          'the resource\'s warning at that path begins: IcebergSink "s" upserts by ("id", "d"): an update that changes "d" leaves the r…',
      },
    ]);
    const two = matchAcknowledgements([{ index: 0, path: "statements[0]", contains: "order_date", reason: "r" }], [], [KEY_WARNING, { path: "statements[0]", message: "short" }]);
    expect(two.open[2]!.message).to.match(/; the resource has 2 warnings at that path, the first beginning: IcebergSink "s" upserts by \("id", "d"\): an update that changes "d" leaves the r…$/);
    const wrongPath = matchAcknowledgements([{ index: 0, path: "", reason: "r" }], [], [KEY_WARNING, UNIT_WARNING]);
    expect(wrongPath.open[2]).to.deep.equal({
      path: "acknowledgedWarnings[0]",
      message: 'acknowledges a warning at path "" (the resource as a whole) that this resource does not give: the warning it was written for is gone (remove the entry), or its path or text is mistyped; the resource warns at statements[0], configuration["x.interval"]',
    });
    expect(wrongPath.warnings[2]).to.deep.equal({ ...wrongPath.open[2], acknowledged: false });
    const none = matchAcknowledgements([{ index: 0, path: "primaryKey", reason: "r" }], [], []);
    expect(none.open[0]!.message).to.match(/; the resource has no warning$/);
  });

  it("an entry that names an error is an error (errors cannot be acknowledged); with errors, an entry that names nothing is not called stale", () => {
    const error = { path: "statements[0]", message: "the sink needs a primary key" };
    const r = matchAcknowledgements([{ index: 0, path: "statements[0]", reason: "r" }, { index: 1, path: "parallelism", reason: "r" }], [error], [UNIT_WARNING]);
    expect(r.errors).to.deep.equal([{ path: "acknowledgedWarnings[0]", message: 'names the error at statements[0], and an error cannot be acknowledged: fix what it says (acknowledgedWarnings takes warnings only)' }]);
    expect(r.open).to.deep.equal([UNIT_WARNING]);
    // The same entry beside a warning at the path: it acknowledges the warning, and the error stands.
    const both = matchAcknowledgements([{ index: 0, path: "statements[0]", reason: "r" }], [error], [KEY_WARNING]);
    expect(both).to.deep.equal({ warnings: [{ ...KEY_WARNING, acknowledged: true, reason: "r" }], open: [], errors: [] });
  });

  it("an entry at a deferred path (an Output prop) that names no warning yet waits: neither stale nor an error; a matching or repeated one is handled now", () => {
    const entries = [
      { index: 0, path: "kubernetes.image", reason: "pinned by digest at deploy time" },
      { index: 1, path: "kubernetes.image", reason: "again" },
      { index: 2, path: "statements[0]", reason: "d is set once" },
    ];
    expect(matchAcknowledgements(entries, [], [KEY_WARNING], ["kubernetes.image"])).to.deep.equal({
      warnings: [
        { ...KEY_WARNING, acknowledged: true, reason: "d is set once" },
        {
          path: "acknowledgedWarnings[1]",
          message: "repeats acknowledgedWarnings[0] (the same path and contains), whose reason is the one kept: merge the two reasons into that entry and remove this one",
          acknowledged: false,
        },
      ],
      open: [
        {
          path: "acknowledgedWarnings[1]",
          message: "repeats acknowledgedWarnings[0] (the same path and contains), whose reason is the one kept: merge the two reasons into that entry and remove this one",
        },
      ],
      errors: [],
      deferred: [entries[0]],
    });
    // Without the deferred path the same entry is stale now.
    expect(matchAcknowledgements([entries[0]!], [], [KEY_WARNING]).open.map((w) => w.path)).to.deep.equal(["statements[0]", "acknowledgedWarnings[0]"]);
  });
});

describe("acknowledgedWarnings: applied to a resource's Diagnostics", () => {
  it("without the arg nothing changes, and every warning reads as open", () => {
    const d = diagWith([KEY_WARNING]);
    expect(acknowledgeWarnings(undefined, d)).to.deep.equal([{ ...KEY_WARNING, acknowledged: false }]);
    expect(d.warnings).to.deep.equal([KEY_WARNING]);
  });

  it("keeps the open warnings (and stale entries') in diag, adds the entries' errors, returns every warning marked and frozen", () => {
    const d = diagWith([KEY_WARNING, UNIT_WARNING]);
    const all = acknowledgeWarnings([{ path: "statements[0]", reason: "d never changes" }], d);
    expect(d.warnings).to.deep.equal([UNIT_WARNING]);
    expect(d.errors).to.deep.equal([]);
    expect(all).to.deep.equal([{ ...KEY_WARNING, acknowledged: true, reason: "d never changes" }, { ...UNIT_WARNING, acknowledged: false }]);
    expect(Object.isFrozen(all) && Object.isFrozen(all[0])).to.equal(true);

    const bad = diagWith([KEY_WARNING]);
    acknowledgeWarnings([{ path: "statements[0]" }], bad);
    // A malformed entry acknowledges nothing, and is no stale entry (the resource has an error now).
    expect(bad.errors).to.deep.equal([{ path: "acknowledgedWarnings[0].reason", message: `is required: ${WHY}` }]);
    expect(bad.warnings).to.deep.equal([KEY_WARNING]);
  });

  it("acknowledgedCount: { acknowledged: n } for n > 0, else nothing", () => {
    expect(acknowledgedCount([{ ...KEY_WARNING, acknowledged: true, reason: "r" }, { ...UNIT_WARNING, acknowledged: false }])).to.deep.equal({ acknowledged: 1 });
    expect(acknowledgedCount([{ ...UNIT_WARNING, acknowledged: false }])).to.deep.equal({});
  });
});
