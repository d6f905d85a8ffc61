"use strict";
/**
 * Cold start, in a fresh process:  node bench/cold-start.cjs <what>
 *   pulumi      require("@pulumi/pulumi") and require("@pulumi/kubernetes")
 *   package     require("../dist/index.js") (which loads both itself)
 * and the same followed by first use of the Kubernetes classes the package creates
 * (ConfigMap, CustomResource):
 *   pulumi+use   through the @pulumi/kubernetes root, as a hand-written program does
 *                (k8s.core.v1.ConfigMap: the root loads its groups lazily, on first access)
 *   package+use  through the two modules the package imports itself (already loaded by it)
 * Prints the time spent in require (and first use), measured inside the process (node's own
 * start-up, about 40 ms, is the same for both and not counted).
 */
const path = require("node:path");
const what = process.argv[2];
const t0 = process.hrtime.bigint();
if (what.startsWith("pulumi")) {
  require("@pulumi/pulumi");
  require("@pulumi/kubernetes");
} else if (what.startsWith("package")) {
  require(path.join(process.env.BENCH_DIST ?? path.join(__dirname, "..", "dist"), "index"));
} else throw new Error(`unknown ${what}`);
if (what === "pulumi+use") {
  const k8s = require("@pulumi/kubernetes");
  void k8s.core.v1.ConfigMap, k8s.apiextensions.CustomResource;
} else if (what === "package+use") {
  // The package loads just these two modules itself (not the @pulumi/kubernetes root), so this is
  // what a program using the package pays to create its resources.
  void require("@pulumi/kubernetes/core/v1/configMap").ConfigMap, require("@pulumi/kubernetes/apiextensions/customResource").CustomResource;
}
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
process.stdout.write(JSON.stringify({ what, ms, peakRssMiB: process.resourceUsage().maxRSS / 1024 }) + "\n");
