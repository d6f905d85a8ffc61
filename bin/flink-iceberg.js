#!/usr/bin/env node
// The flink-iceberg command (dist/ is built by `npm ci` through `prepare`). It runs the CLI inside
// the bundle dist/index.js (src/bundle-entry.ts), so that the program it runs, which requires the
// package, shares the CLI's module graph.
"use strict";
const main = require("../dist/index.js")[Symbol.for("pulumi-flink-iceberg.cli")];
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`flink-iceberg: ${e && e.stack ? e.stack : String(e)}\n`);
    process.exit(1);
  },
);
