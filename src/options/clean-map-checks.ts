/**
 * The checks of an Iceberg table's free-form maps (catalog.properties, extraOptions) for
 * planIcebergTable (iceberg-table.ts), skipped for content already found clean. Every table runs
 * them, and a stack's tables share their catalog (one catalog object, or equal literals) and
 * mostly their extraOptions: the same maps were checked key by key for every table (BENCHMARKS.md).
 *
 * What is cached: only the fact that a check reported nothing (no error, no warning) for a content
 * key, so a hit adds what the fresh run would add: nothing; a check that reports anything is never
 * cached and runs again each time. Each check is a pure function of what its key holds:
 * - checkFreeFormMap (extra-options.ts): the arg, the map's entries (in their order) and the whole
 *   context (every field of FreeFormContext, as JSON);
 * - the sink's compression and write-option checks (compression-options.ts,
 *   compression-table-properties.ts, write-option-conflicts.ts): both maps' args and entries and
 *   the sink context (writeFormat, codec, writesDeletes).
 * The maps hold strings only (the parsed or string entries planIcebergTable checks), so their JSON
 * text is their content. At most MEMO_ENTRIES keys; past that the set starts over (bounded-memo.ts).
 */
import { BoundedMemo } from "../validation/bounded-memo.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { checkCompressionOptions } from "./compression-options.js";
import { checkCompressionTableProperties, type CompressionSinkContext } from "./compression-table-properties.js";
import { checkFreeFormMap, type FreeFormContext } from "./extra-options.js";
import { checkWriteOptionConflicts } from "./write-option-conflicts.js";
import type { WithMap } from "./write-option-precedence.js";

const clean = new BoundedMemo<string, true>();

/** Runs `check` unless `key` is known clean; remembers `key` when the run reported nothing. */
function unlessClean(key: string, diag: Diagnostics, check: () => void): void {
  if (clean.has(key)) return;
  const issues = diag.issueCount;
  check();
  if (diag.issueCount !== issues) return;
  clean.remember(key, true);
}

/** checkFreeFormMap(arg, map, ctx, diag), skipped for a content already found clean (see the module doc). */
export function checkFreeFormMapOnce(arg: string, map: Readonly<Record<string, string>>, ctx: FreeFormContext, diag: Diagnostics): void {
  // An empty map has nothing to check (checkFreeFormMap returns at once).
  for (const _ in map) {
    unlessClean(JSON.stringify(["free-form", arg, map, ctx]), diag, () => checkFreeFormMap(arg, map, ctx, diag));
    return;
  }
  checkFreeFormMap(arg, map, ctx, diag);
}

/**
 * An IcebergSink's checks of its WITH maps (`maps`: catalog.properties, then extraOptions) against
 * its write format and codec: checkCompressionOptions, checkCompressionTableProperties and
 * checkWriteOptionConflicts in that order, skipped for a content already found clean.
 */
export function checkSinkWriteMaps(maps: readonly WithMap[], ctx: CompressionSinkContext, diag: Diagnostics): void {
  const key = JSON.stringify(["sink-write", maps, { writeFormat: ctx.writeFormat, codec: ctx.codec, writesDeletes: ctx.writesDeletes }]);
  unlessClean(key, diag, () => {
    checkCompressionOptions(maps, ctx.writeFormat, ctx.codec, diag);
    checkCompressionTableProperties(maps, ctx, diag);
    checkWriteOptionConflicts(maps, diag);
  });
}
