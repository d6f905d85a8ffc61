/**
 * Where this package's own files are, as the CLI needs them: the entry `require("pulumi-flink-iceberg")`
 * resolves to in a program synth runs (run-program.ts), and the package folder, whose dist/ and
 * src/ hold the package's own stack frames (synth.ts).
 *
 * This module runs from one of three places: src/cli/ (the TypeScript sources, under tsx), tsc's
 * dist/cli/, or inlined in the bundle dist/index.js (tools/bundle.cjs), where every module's
 * `__filename` is the bundle's. In the first two the entry is `../index` beside this folder; in
 * the bundle it is the bundle file itself: the program must get the very module graph the CLI
 * runs in, or synth would find the job registry empty.
 */
import * as path from "node:path";

/** True when this code runs inside the bundle (its file is dist/index.js, not a file under cli/). */
const inBundle = path.basename(__dirname) !== "cli";

/** The package entry a program's `require("pulumi-flink-iceberg")` resolves to (without extension outside the bundle). */
export const PACKAGE_ENTRY = inBundle ? __filename : path.resolve(__dirname, "..", "index");

/** The package folder (the one holding package.json, dist/ and, in a clone, src/). */
export const PACKAGE_ROOT = path.resolve(path.dirname(PACKAGE_ENTRY), "..");
