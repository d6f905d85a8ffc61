/**
 * The Pulumi layer of the Kubernetes target: creates the script ConfigMap and the FlinkDeployment
 * as children of the FlinkSqlJob from the pure manifests (manifests.ts), and exposes the
 * deployment's names and the operator's status as Outputs.
 */
import * as pulumi from "@pulumi/pulumi";
import type * as k8s from "@pulumi/kubernetes";
import type { CustomResource } from "@pulumi/kubernetes/apiextensions/customResource";
import type { ConfigMap } from "@pulumi/kubernetes/core/v1/configMap";
import { Diagnostics } from "../../validation/diagnostics.js";
import { FlinkIcebergValidationError } from "../../validation/error.js";
import type { ValidationIssue } from "../../validation/error.js";
import { checkImage, secretImageFindings } from "./image-checks.js";
import { openDeferredWarnings, type DeferredAcknowledgements } from "../../validation/acknowledged-warnings.js";
import { warnLate } from "../../components/late-warnings.js";
import type { KubernetesArgs, KubernetesJobFacts, PlainKubernetesArgs } from "./args.js";
import { buildKubernetesManifests, deploymentName as deploymentNameOf, type KubernetesManifests } from "./manifests.js";
import { findRunnerHazards, runnerHazardMessage } from "./runner-hazards.js";
import { scriptBytesOverLimit } from "./validate.js";
import { flinkVersionTraits } from "./versions.js";
import { timeoutHint, waitCondition } from "./wait.js";
import { lastChecksKey } from "./validation-memo.js";

/** The part of a FlinkDeployment's `status` the outputs read (operator CRD, release 1.15.0). */
interface FlinkDeploymentStatus {
  readonly lifecycleState?: string;
  readonly jobStatus?: { readonly state?: string };
  readonly error?: string;
}

/** Whether this program has logged the timeout hint already. */
let hintLogged = false;

/** The Kubernetes children of a job, and their outputs (kubernetesDeployment). */
export interface KubernetesDeployment {
  /** The FlinkDeployment's `metadata.name` (also the Flink cluster id). */
  readonly deploymentName: pulumi.Output<string>;
  /** The namespace of the ConfigMap and the FlinkDeployment. */
  readonly namespace: pulumi.Output<string>;
  /** Name of the ConfigMap holding the script (`<deployment>-sql-<content hash>`). */
  readonly scriptConfigMapName: pulumi.Output<string>;
  /** `status.lifecycleState` (CREATED, DEPLOYED, STABLE, UPGRADING, SUSPENDED, ROLLED_BACK, FAILED ...) when the operator has reported it. */
  readonly lifecycleState: pulumi.Output<string | undefined>;
  /** `status.jobStatus.state` (RUNNING, FINISHED, FAILED, ...) when known. */
  readonly jobStatus: pulumi.Output<string | undefined>;
  /** `status.error`: the operator's validation or deployment error, when there is one. */
  readonly error: pulumi.Output<string | undefined>;
  /** The ConfigMap child. */
  readonly configMap: k8s.core.v1.ConfigMap;
  /** The FlinkDeployment child. */
  readonly flinkDeployment: k8s.apiextensions.CustomResource;
  /** The checked manifests the children were created from, when they were known at construction. */
  readonly plainManifests?: KubernetesManifests;
}

/**
 * Checks a resolved script the way validateKubernetesArgs checks statements known at construction,
 * and builds the manifests from it. An image given as an Output (`image` its value, "" when not
 * needed) is checked as a plain one is at construction: its errors fail here (a secret image's
 * only by number: they quote it), and its warnings go to `imageWarnings` once the manifests are built.
 */
export async function checkedManifests(
  args: KubernetesArgs,
  job: KubernetesJobInput,
  script: string,
  image: string,
  imageWarnings?: (found: ValidationIssue[], secret: boolean) => void,
): Promise<KubernetesManifests> {
  const issues: { path: string; message: string }[] = [];
  if (await pulumi.isSecret(job.script)) {
    issues.push({
      path: "kubernetes",
      message:
        "the script is a Pulumi secret (a catalog uri or warehouse taken from a secret?), and the ConfigMap would hold it in plain text: " +
        "keep credentials out of the script and pass them to the Flink pods with kubernetes.envFromSecrets (a Kubernetes Secret key)",
    });
  }
  const bytes = scriptBytesOverLimit(script);
  if (bytes !== undefined) issues.push({ path: "kubernetes", message: `the script is ${bytes} bytes; a ConfigMap holds at most about 1 MiB` });
  // An image known only now (an Output): checked as a plain one was at construction; a secret one's findings are counted, not quoted.
  const found = new Diagnostics();
  const checksImage = image !== "" && typeof args.image !== "string";
  const secretImage = checksImage && (await pulumi.isSecret(pulumi.output(args.image)));
  if (checksImage) {
    checkImage(args, image, job.facts, found);
    if (!secretImage) issues.push(...found.errors);
    else if (found.errors.length > 0) issues.push({ path: "kubernetes.image", message: secretImageFindings(found.errors.length, "error") });
  }
  const traits = flinkVersionTraits(args.flinkVersion);
  if (traits.runner === "runner" && job.facts.statements === undefined) {
    for (const h of findRunnerHazards(script, `the ${traits.label} SQL runner`)) {
      issues.push({ path: "kubernetes.flinkVersion", message: `script: ${runnerHazardMessage(h)}` });
    }
  }
  if (issues.length > 0) throw new FlinkIcebergValidationError(issues, `FlinkSqlJob ${JSON.stringify(job.facts.jobName)}`);
  const manifests = buildKubernetesManifests(Object.assign({}, args, { image }), job.facts, script);
  if (imageWarnings !== undefined && checksImage) imageWarnings(found.warnings, secretImage);
  return manifests;
}

/**
 * Logs on the job (`parent`) the warnings of an image given as an Output, once its value is known
 * (construction could not check it): those `job.imageAcknowledgements` does not name, and a
 * stale-entry warning for each entry there that names none. A secret image's warnings quote it,
 * so for one only their number is logged.
 */
function logImageWarnings(parent: pulumi.Resource, job: KubernetesJobInput, found: ValidationIssue[], secret: boolean): void {
  const open = openDeferredWarnings(found, job.imageAcknowledgements, secret ? "the image is a Pulumi secret, so its warnings are not quoted" : undefined);
  const label = `FlinkSqlJob ${JSON.stringify(job.facts.jobName)}`;
  const quoting = secret ? open.filter((w) => w.path === "kubernetes.image") : [];
  if (quoting.length > 0) warnLate(label, { path: "kubernetes.image", message: secretImageFindings(quoting.length, "warning") }, parent);
  for (const w of open) if (!quoting.includes(w)) warnLate(label, w, parent);
}

/**
 * An image given as an Output, once known: checked as validateKubernetesArgs checks a plain one.
 * @throws FlinkIcebergValidationError at `kubernetes.image` when it is no string or only white space.
 */
export function resolvedImage(image: unknown, job: KubernetesJobInput): string {
  if (typeof image === "string" && image.trim() !== "") return image;
  const got = typeof image === "string" ? JSON.stringify(image) : image === undefined ? "undefined" : typeof image;
  throw new FlinkIcebergValidationError(
    [{ path: "kubernetes.image", message: `resolved to ${got}: it must name the Flink image (with the Iceberg runtime) to run` }],
    `FlinkSqlJob ${JSON.stringify(job.facts.jobName)}`,
  );
}

/** What the job's Kubernetes target needs: the script (an Output, made on first read), the checked facts, the script's text when known at construction. */
export interface KubernetesJobInput {
  readonly script: pulumi.Output<string>;
  readonly facts: KubernetesJobFacts;
  readonly scriptText?: string;
  /** The job's acknowledgedWarnings entries at `kubernetes.image` when the image is an Output (matched once it is known). */
  readonly imageAcknowledgements?: DeferredAcknowledgements;
}

/**
 * A KubernetesJobInput whose script Output is made on its first read (`scriptOf`). A class, not an
 * object literal with a getter: V8 builds such a literal in its runtime, anew for every job.
 */
export class LazyKubernetesJobInput implements KubernetesJobInput {
  constructor(
    private readonly scriptOf: () => pulumi.Output<string>,
    readonly facts: KubernetesJobFacts,
    readonly scriptText: string | undefined,
    readonly imageAcknowledgements: DeferredAcknowledgements | undefined,
  ) {}

  get script(): pulumi.Output<string> {
    return this.scriptOf();
  }
}

/** The constructor inputs of the two children, and what kubernetesDeployment derives the outputs from. */
export interface KubernetesChildArgs {
  /** The ConfigMap's resource name and args (`<name>-script`). */
  readonly configMap: { readonly name: string; readonly args: ConfigMapArgs };
  /**
   * The FlinkDeployment's resource name, args (`<name>`; `status` in the args so the status outputs
   * exist) and options (`opts` plus FLINK_DEPLOYMENT_REPLACEMENT; the component adds `dependsOn: [configMap]`).
   */
  readonly flinkDeployment: { readonly name: string; readonly args: CustomResourceArgs; readonly opts: pulumi.CustomResourceOptions };
  /** `{ parent, provider }`: the ConfigMap's options. */
  readonly opts: pulumi.CustomResourceOptions;
  readonly args: KubernetesArgs;
  readonly job: KubernetesJobInput;
  readonly cmManifest: pulumi.Output<{ metadata: k8s.types.input.meta.v1.ObjectMeta }> | { metadata: k8s.types.input.meta.v1.ObjectMeta };
  readonly plainManifests: KubernetesManifests | undefined;
}

/**
 * How a FlinkDeployment is replaced: the old one is deleted first. A change of `kubernetes.name` or
 * `namespace` makes it a new object, and Pulumi's default (create the new one, then delete the old)
 * would run the new job next to the old one, both writing the same tables, until the old one is
 * gone. Either way the new job starts with empty state unless `initialSavepointPath` is set: the
 * operator cancels the job of a deleted FlinkDeployment (flink-kubernetes-operator
 * `ApplicationReconciler.cleanupInternal`; a savepoint only with
 * `kubernetes.operator.job.savepoint-on-deletion`, FLINK-32551) and drops its status.
 */
export const FLINK_DEPLOYMENT_REPLACEMENT: Readonly<pulumi.CustomResourceOptions> = Object.freeze({ deleteBeforeReplace: true });

type ConfigMapArgs = ConstructorParameters<typeof ConfigMap>[1] & object;
type CustomResourceArgs = ConstructorParameters<typeof CustomResource>[1];

/**
 * The args of the ConfigMap `<name>-script` and the FlinkDeployment `<name>` (a
 * `k8s.apiextensions.CustomResource`), with `{ parent, provider: args.provider }`, from
 * `buildKubernetesManifests`. The component creates both itself (Pulumi takes the first frame
 * after a resource's constructor as its source position; BENCHMARKS.md), then calls
 * kubernetesDeployment. Call validateKubernetesArgs first: this function assumes valid args. The
 * script's checks that need its value (secrecy, size, the runner hazards when the statements were
 * unknown at construction) fail the children's inputs and the outputs instead.
 */
export function kubernetesChildArgs(parent: pulumi.ComponentResource, name: string, args: KubernetesArgs, job: KubernetesJobInput): KubernetesChildArgs {
  const opts: pulumi.CustomResourceOptions = { parent };
  if (args.provider !== undefined) opts.provider = args.provider;
  type CmManifest = { metadata: k8s.types.input.meta.v1.ObjectMeta; data: Record<string, string> };
  type FdManifest = { metadata: k8s.types.input.meta.v1.ObjectMeta; spec: Record<string, unknown> };
  let cmManifest: pulumi.Output<CmManifest> | CmManifest;
  let cm: { metadata: pulumi.Input<k8s.types.input.meta.v1.ObjectMeta>; data: pulumi.Input<Record<string, string>> };
  let fd: { metadata: pulumi.Input<k8s.types.input.meta.v1.ObjectMeta>; spec: pulumi.Input<Record<string, unknown>> };
  const plain = plainCheckedManifests(args, job);
  if (plain !== undefined) {
    cm = cmManifest = plain.configMap as CmManifest;
    fd = plain.flinkDeployment as FdManifest;
  } else {
    // The ConfigMap depends on the script only, so a secret image never marks it secret.
    const c = (cmManifest = job.script.apply((script) => checkedManifests(args, job, script, "").then((m) => m.configMap as CmManifest)));
    // The image's warnings are logged on the job once known, here only: the other callers of checkedManifests build the same manifests again.
    const f = pulumi
      .all([job.script, pulumi.output(args.image)])
      .apply(([script, image]) =>
        checkedManifests(args, job, script, resolvedImage(image, job), (found, secret) => logImageWarnings(parent, job, found, secret)).then((m) => m.flinkDeployment as FdManifest),
      );
    cm = { metadata: c.apply((m) => m.metadata), data: c.apply((m) => m.data) };
    fd = { metadata: f.apply((m) => m.metadata), spec: f.apply((m) => m.spec) };
  }
  return {
    configMap: { name: `${name}-script`, args: { metadata: cm.metadata, immutable: true, data: cm.data } },
    flinkDeployment: {
      name,
      args: { apiVersion: "flink.apache.org/v1beta1", kind: "FlinkDeployment", metadata: fd.metadata, spec: fd.spec, status: undefined },
      opts: Object.assign({}, opts, FLINK_DEPLOYMENT_REPLACEMENT),
    },
    opts,
    args,
    job,
    cmManifest,
    plainManifests: plain,
  };
}

/** The outputs of the children created from kubernetesChildArgs `c`; logs the wait's timeout hint once per program (`pulumi up` only). */
export function kubernetesDeployment(parent: pulumi.ComponentResource, c: KubernetesChildArgs, configMap: ConfigMap, flinkDeployment: CustomResource): KubernetesDeployment {
  // The cheap tests first: a preview, or a program that logged the hint, needs no wait condition.
  if (!hintLogged && !pulumi.runtime.isDryRun() && waitCondition(c.args, c.job.facts) !== undefined) {
    // Logged before the wait starts (a timed-out wait resolves no outputs, so this is the hint the
    // user sees), once per program: a stack of hundreds of jobs gets one line, not hundreds.
    hintLogged = true;
    void pulumi.log.info(timeoutHint(c.args.namespace, deploymentNameOf(c.args, c.job.facts)), parent);
  }
  return new KubernetesDeploymentOutputs(c.args, c.cmManifest, configMap, flinkDeployment, c.plainManifests);
}

/**
 * The manifests at construction when the script text is known (so not a secret: it was rendered
 * from plain values), the image is a plain string, and checkedManifests would pass: the same
 * manifests without the Outputs (BENCHMARKS.md). Undefined otherwise; the Output path then checks,
 * and rejects, as usual.
 */
function plainCheckedManifests(args: KubernetesArgs, job: { facts: KubernetesJobFacts; scriptText?: string }): KubernetesManifests | undefined {
  const script = job.scriptText;
  if (script === undefined || typeof args.image !== "string") return undefined;
  if (scriptBytesOverLimit(script) !== undefined) return undefined;
  const traits = flinkVersionTraits(args.flinkVersion);
  if (traits.runner === "runner" && job.facts.statements === undefined && findRunnerHazards(script, `the ${traits.label} SQL runner`).length > 0) return undefined;
  try {
    // The arg itself (its image is a string here): the parts that are the same for the jobs of one
    // `kubernetes` object are kept under the key its checks were kept under (manifest-parts.ts).
    return buildKubernetesManifests(args as PlainKubernetesArgs, job.facts, script, lastChecksKey(args, job.facts));
  } catch {
    return undefined;
  }
}

/**
 * The deployment's outputs, each derived on first access: a stack of many jobs creates none it
 * does not read, and keeps no getter or closure per job (BENCHMARKS.md).
 */
class KubernetesDeploymentOutputs implements KubernetesDeployment {
  private deploymentNameOutput?: pulumi.Output<string>;
  private namespaceOutput?: pulumi.Output<string>;
  private scriptConfigMapNameOutput?: pulumi.Output<string>;
  private lifecycleStateOutput?: pulumi.Output<string | undefined>;
  private jobStatusOutput?: pulumi.Output<string | undefined>;
  private errorOutput?: pulumi.Output<string | undefined>;

  constructor(
    private readonly args: KubernetesArgs,
    private readonly cmManifest: KubernetesChildArgs["cmManifest"],
    readonly configMap: ConfigMap,
    readonly flinkDeployment: CustomResource,
    readonly plainManifests: KubernetesManifests | undefined,
  ) {}

  private get status(): pulumi.Output<FlinkDeploymentStatus | undefined> {
    return (this.flinkDeployment as unknown as { status: pulumi.Output<FlinkDeploymentStatus | undefined> }).status;
  }

  get deploymentName(): pulumi.Output<string> {
    return (this.deploymentNameOutput ??= this.flinkDeployment.metadata.apply((m) => m.name));
  }

  get namespace(): pulumi.Output<string> {
    const ns = this.args.namespace;
    return (this.namespaceOutput ??= this.flinkDeployment.metadata.apply((m) => m.namespace ?? ns ?? "default"));
  }

  // Through the checked manifest, so a script that fails its checks rejects this output (the resource's own outputs would never settle).
  get scriptConfigMapName(): pulumi.Output<string> {
    const cm = this.cmManifest;
    return (this.scriptConfigMapNameOutput ??= pulumi.Output.isInstance(cm)
      ? pulumi.all([cm, this.configMap.metadata]).apply(([m, meta]) => meta.name ?? (m.metadata.name as string))
      : this.configMap.metadata.apply((meta) => meta.name ?? (cm.metadata.name as string)));
  }

  get lifecycleState(): pulumi.Output<string | undefined> {
    return (this.lifecycleStateOutput ??= this.status.apply((s) => s?.lifecycleState));
  }

  get jobStatus(): pulumi.Output<string | undefined> {
    return (this.jobStatusOutput ??= this.status.apply((s) => s?.jobStatus?.state));
  }

  get error(): pulumi.Output<string | undefined> {
    return (this.errorOutput ??= this.status.apply((s) => s?.error));
  }
}
