#!/usr/bin/env node
// The flink-iceberg command: runs the built CLI (dist/ is built by `npm ci` through `prepare`).
"use strict";
const { main } = require("../dist/cli/main.js");
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`flink-iceberg: ${e && e.stack ? e.stack : String(e)}\n`);
    process.exit(1);
  },
);
