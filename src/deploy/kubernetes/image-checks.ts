/**
 * The checks of a `kubernetes.image` text, in one place for both ways it arrives: a plain string,
 * checked at construction (validate.ts), and an Output, checked once its value is known
 * (deploy.ts checkedManifests; the job's acknowledgedWarnings entries at `kubernetes.image` are
 * matched then: acknowledged-warnings.ts openDeferredWarnings). The checks: the reference's form (image-version.ts
 * imageNameProblem), its Flink version against flinkVersion (checkImageFlinkVersion), and the
 * connectors an official image lacks (connector-jars.ts).
 */
import type { Diagnostics } from "../../validation/diagnostics.js";
import type { KubernetesArgs, KubernetesJobFacts } from "./args.js";
import { checkOfficialImageConnectors } from "./connector-jars.js";
import { checkImageFlinkVersion, imageNameProblem, parseImageReference } from "./image-version.js";
import { isSupportedFlinkVersion } from "./versions.js";

/**
 * Records the problems of image text `image` at `kubernetes.image` in `diag`: errors and warnings
 * alike. The reference is split once (parseImageReference) and handed to each check.
 */
export function checkImage(args: KubernetesArgs, image: string, job: KubernetesJobFacts, diag: Diagnostics): void {
  const ref = parseImageReference(image);
  const problem = imageNameProblem(image, ref);
  if (problem !== undefined) return diag.error("kubernetes.image", problem);
  if (isSupportedFlinkVersion(args.flinkVersion)) checkImageFlinkVersion(image, ref, args.flinkVersion, diag);
  checkOfficialImageConnectors(args, image, ref, job, diag);
}

/**
 * What is said at `kubernetes.image` in place of `count` errors or warnings of a secret image:
 * their messages quote the image, and neither an error nor the log may show a secret.
 */
export function secretImageFindings(count: number, kind: "error" | "warning"): string {
  const them = count === 1 ? "it quotes" : "they quote";
  return (
    `the image is a Pulumi secret and its checks found ${count} ${kind}${count === 1 ? "" : "s"}, not shown because ${them} the image: ` +
    "check the image's reference (a lower-case repository, no white space), its Flink version against flinkVersion and the connectors the job's tables use, or pass the image as a plain string to read them"
  );
}
