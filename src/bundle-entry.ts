/**
 * Entry of the bundle dist/index.js (tools/bundle.cjs builds it): exactly the public API of
 * index.ts, plus the `flink-iceberg` command's `main` (cli/main.ts) under the symbol key
 * `Symbol.for("pulumi-flink-iceberg.cli")`, not enumerable, so it is no export. bin/flink-iceberg.js
 * runs the command through it: the CLI then keeps its state (the job registry, collected errors)
 * in the same module graph as the program it runs, whose `require("pulumi-flink-iceberg")` gets
 * this bundle (cli/package-paths.ts). The CLI's own modules are initialized on the first call.
 */
import type { main } from "./cli/main.js";

export * from "./index.js";

const runCli: typeof main = (...args) => (require("./cli/main.js") as typeof import("./cli/main.js")).main(...args);
Object.defineProperty(module.exports, Symbol.for("pulumi-flink-iceberg.cli"), { value: runCli, enumerable: false });
