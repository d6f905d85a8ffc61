/**
 * An unknown arg that is a known arg's whole words (`upsert` for `upsertEnabled`) is pointed at
 * that arg (known-keys.ts wordMatches), after the typo search (closestKey) and without guesses for
 * short or partial words: a new-user trial wrote `upsert: true` on an IcebergSink and was shown
 * only the list of known args.
 */
import { expect } from "chai";
import { unknownArgMessage, wordMatches } from "../src/validation/known-keys.js";
import { SINK_KEYS } from "../src/options/iceberg-table.js";
import { baseArgs, planError } from "./iceberg-table-helpers.js";

describe("unknown args: known args that hold the key as whole words", () => {
  it("IcebergSink upsert: did you mean upsertEnabled (the trial's program)", () => {
    const e = planError("IcebergSink", { ...baseArgs, primaryKey: ["id"], upsert: true });
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([["upsert", 'unknown arg "upsert"; did you mean "upsertEnabled"?']]);
  });

  it("a typo still wins over a word match (primaryKeys → primaryKey)", () => {
    expect(unknownArgMessage("primaryKeys", [...SINK_KEYS])).to.equal('unknown arg "primaryKeys"; did you mean "primaryKey"?');
  });

  const matching: [string, string[], string[]][] = [
    ["upsert", ["upsertEnabled", "primaryKey"], ["upsertEnabled"]],
    ["UPSERT", ["upsertEnabled"], ["upsertEnabled"]],
    ["enabled", ["upsertEnabled", "writeFormat"], ["upsertEnabled"]],
    ["fileSize", ["targetFileSizeBytes", "splitSize"], ["targetFileSizeBytes"]],
    ["file_size", ["targetFileSizeBytes"], ["targetFileSizeBytes"]],
    ["format", ["writeFormat", "formatVersion", "table"], ["writeFormat", "formatVersion"]],
    ["warehouse", ["catalog.warehouse", "uri"], ["catalog.warehouse"]],
  ];
  for (const [key, known, expected] of matching) {
    it(`${key} among ${known.join(", ")} → ${expected.join(", ")}`, () => expect(wordMatches(key, known)).to.deep.equal(expected));
  }

  const quiet: [string, string, string[]][] = [
    ["a key of three letters or fewer (a word of too many names)", "key", ["primaryKey", "upsertEnabled"]],
    ["part of a word, not a whole one", "sert", ["upsertEnabled"]],
    ["a word prefix that is no whole word", "upsertEn", ["upsertEnabled"]],
    ["the words out of order", "enabledUpsert", ["upsertEnabled"]],
    ["a word that no known name holds", "mode", ["upsertEnabled", "writeFormat"]],
    ["three or more names hold it: it names no one arg", "size", ["splitSize", "targetFileSizeBytes", "batchSize"]],
    ["a known name of the same words (it is that name in another spelling: closestKey's case)", "upsert_enabled", ["upsertEnabled"]],
  ];
  for (const [title, key, known] of quiet) {
    it(`no word match: ${title} (${key})`, () => expect(wordMatches(key, known)).to.deep.equal([]));
  }

  it("with no typo and no word match the message lists the known args", () => {
    expect(unknownArgMessage("mode", ["upsertEnabled", "writeFormat"])).to.equal('unknown arg "mode" (known: upsertEnabled, writeFormat)');
  });

  it("two word matches are both named", () => {
    expect(unknownArgMessage("format", ["writeFormat", "formatVersion", "table"])).to.equal('unknown arg "format"; did you mean "writeFormat" or "formatVersion"?');
  });
});
