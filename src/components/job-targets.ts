/**
 * The deploy targets of a FlinkSqlJob: none (render only), the Flink Kubernetes Operator
 * (src/deploy/kubernetes), or a Flink SQL Gateway (src/deploy/sql-gateway). The two targets are
 * mutually exclusive. Plain-value checks run at construction (validateTarget); then the job
 * creates the children from targetChildArgs and takes its outputs from targetOutputs.
 */
import * as pulumi from "@pulumi/pulumi";
import type { CustomResource } from "@pulumi/kubernetes/apiextensions/customResource";
import type { ConfigMap } from "@pulumi/kubernetes/core/v1/configMap";
import { checkedManifests, kubernetesChildArgs, kubernetesDeployment, LazyKubernetesJobInput, resolvedImage, type KubernetesChildArgs } from "../deploy/kubernetes/deploy.js";
import { validateKubernetesArgs } from "../deploy/kubernetes/validate.js";
import { DISTRIBUTION_CONNECTORS } from "../deploy/kubernetes/connector-jars.js";
import { deploymentName } from "../deploy/kubernetes/manifests.js";
import { registry } from "./job-registry.js";
import { flinkVersionTraits, isSupportedFlinkVersion } from "../deploy/kubernetes/versions.js";
import type { KubernetesArgs, KubernetesJobFacts, LabelledStatement } from "../deploy/kubernetes/args.js";
import { headerCarriesCredential, validateSqlGatewayArgs, type SqlGatewayArgs } from "../deploy/sql-gateway/args.js";
import { checkTargetOwnedKeys } from "../deploy/target-keys.js";
import { checkedByJob, type SqlGatewayJob, type SqlGatewayJobArgs } from "../deploy/sql-gateway/resource.js";
import { checkedEndpoint } from "../deploy/sql-gateway/endpoint-output.js";
import { checkSessionAgainstJob } from "../deploy/sql-gateway/session-properties.js";
import { checkedSessionProperties, type SessionPropertiesOwner } from "../deploy/sql-gateway/session-output.js";
import { checkDmlSync } from "../deploy/sql-gateway/dml-sync.js";
import { endedJobWarning } from "../deploy/sql-gateway/ended-job.js";
import type { JobPlan } from "../sql/job-plan.js";
import { CHECKPOINT_GROUP_OFFSETS, kafkaGroupRestartPreamble, kafkaRestartPreamble, streamingReadsPreamble } from "../sql/restart-preambles.js";
import { RUNTIME_MODE_KEY } from "../sql/job-config.js";
import { isDeferred } from "../validation/deferred.js";
import { renderSet } from "../sql/script.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import type { DeferredAcknowledgements } from "../validation/acknowledged-warnings.js";
import { FlinkIcebergValidationError, resourceLabel } from "../validation/error.js";
import { valueCarriesCredential } from "../validation/secrets.js";

/** How synth writes a secret value it does not show. */
export const SECRET_PLACEHOLDER = "[secret]";

export interface TargetArgs {
  /** Deploy with the Flink Kubernetes Operator: a ConfigMap with the script and a FlinkDeployment (application mode). Exclusive with `sqlGateway`. */
  kubernetes?: KubernetesArgs;
  /** Submit to a running Flink SQL Gateway (dynamic provider; updates stop with a savepoint and resubmit). Exclusive with `kubernetes`. */
  sqlGateway?: SqlGatewayArgs;
}

/** Outputs of the deploy target (fields stay undefined for the other targets). */
export interface DeployOutputs {
  /** Kubernetes objects as `kubectl apply -f` takes them (kubernetes target), built when called; secret when the image is. */
  readonly manifests?: () => pulumi.Output<object[]>;
  /** The same objects with secret values written as `[secret]` (never secret itself), built when called. */
  readonly manifestsRedacted?: () => pulumi.Output<object[]>;
  /** The FlinkDeployment's name (kubernetes target). */
  readonly deploymentName?: pulumi.Output<string>;
  /** Namespace of the ConfigMap and FlinkDeployment (kubernetes target). */
  readonly namespace?: pulumi.Output<string>;
  /** The ConfigMap holding the script (kubernetes target). */
  readonly scriptConfigMapName?: pulumi.Output<string>;
  /** The operator's lifecycle state, when known (kubernetes target). */
  readonly lifecycleState?: pulumi.Output<string | undefined>;
  /** The Flink job's state (both targets), when known. */
  readonly jobStatus?: pulumi.Output<string | undefined>;
  /** The operator's `status.error`, when there is one (kubernetes target). */
  readonly error?: pulumi.Output<string | undefined>;
  /** The submitted Flink job id (sqlGateway target). */
  readonly jobId?: pulumi.Output<string>;
  /** Warnings of the gateway's last create/update (sqlGateway target); the `pulumi up` that created or updated the job also logs them on the job, a preview or an up that does not touch the job does not (they would be the last update's again). */
  readonly gatewayWarnings?: pulumi.Output<string[]>;
}

/** The script's statements when all are known at construction, labelled for the runner checks. */
function labelledStatements(plan: JobPlan): LabelledStatement[] | undefined {
  const out: LabelledStatement[] = [];
  for (const [k, v] of Object.entries(plan.flinkConfiguration)) {
    if (k !== RUNTIME_MODE_KEY) out.push({ label: `configuration key ${JSON.stringify(k)}`, text: renderSet(k, v) });
  }
  for (const t of plan.tables) {
    if (t.ddlPlain === undefined) return undefined;
    out.push({ label: t.label, text: t.ddlPlain });
  }
  for (const s of [...plan.definitions, ...plan.inserts]) {
    if (!s.statement.isPlain) return undefined;
    out.push({ label: `statements[${s.index ?? "?"}]`, text: `${s.statement.render()};` });
  }
  if (plan.inserts.length > 1) {
    const inner = plan.inserts.map((s) => `${s.statement.render()};`);
    out.push({ label: "the statement set", text: ["EXECUTE STATEMENT SET", "BEGIN", ...inner, "END;"].join("\n") });
  }
  return out;
}

/** `{ addedConnectors }` for the job's tables whose connector the Flink distribution lacks (connector-jars.ts), or undefined. */
function addedConnectors(plan: JobPlan): Pick<KubernetesJobFacts, "addedConnectors"> | undefined {
  const list = [];
  for (const t of plan.tables) {
    const connector = t.iceberg !== undefined ? "iceberg" : t.connector?.toLowerCase();
    if (connector !== undefined && connector !== "" && !DISTRIBUTION_CONNECTORS.has(connector)) list.push({ label: t.label, connector });
  }
  return list.length > 0 ? { addedConnectors: list } : undefined;
}

function kubernetesFacts(name: string, plan: JobPlan, parallelism: number | undefined, scriptText: string | undefined, flinkVersion: unknown): KubernetesJobFacts {
  // Only the 1.19/1.20 SQL runner checks read the labelled statements; SqlDriver versions skip them.
  const runner = !isSupportedFlinkVersion(flinkVersion) || flinkVersionTraits(flinkVersion).runner === "runner";
  const statements = runner ? labelledStatements(plan) : undefined;
  // Optional keys absent, not undefined; added with Object.assign after the fixed ones (a literal
  // with keys after a spread is built key by key in V8's runtime; BENCHMARKS.md session 6).
  return Object.assign(
    { jobName: name, runtimeMode: plan.runtimeMode, bounded: plan.bounded, flinkConfiguration: plan.flinkConfiguration, needsFormatV3: plan.needsFormatV3 } satisfies Partial<KubernetesJobFacts>,
    scriptText !== undefined ? { scriptText } : undefined,
    parallelism !== undefined ? { parallelism } : undefined,
    plan.streamingIcebergReads.length > 0 ? { streamingIcebergReads: plan.streamingIcebergReads } : undefined,
    plan.statelessRestartReads.length > 0 ? { statelessRestartReads: plan.statelessRestartReads } : undefined,
    plan.uncommittedGroupReads.length > 0 ? { uncommittedGroupReads: plan.uncommittedGroupReads } : undefined,
    addedConnectors(plan),
    statements ? { statements } : undefined,
  );
}

/**
 * Checks the target args on plain values. Returns the Kubernetes facts it checked against (built
 * once; targetChildArgs takes them), or undefined without a Kubernetes target.
 */
export function validateTarget(
  name: string,
  args: TargetArgs & { parallelism?: number },
  plan: JobPlan,
  scriptText: string | undefined,
  diag: Diagnostics,
  /** The program's registry, when the caller has looked it up already. */
  programRegistry?: ReturnType<typeof registry>,
): KubernetesJobFacts | undefined {
  if (args.kubernetes !== undefined && args.sqlGateway !== undefined) {
    diag.error("kubernetes", "`kubernetes` and `sqlGateway` are mutually exclusive: deploy the job to one target");
  }
  if (args.sqlGateway !== undefined) checkTargetOwnedKeys(plan.flinkConfiguration, "sqlGateway", diag);
  else if (args.kubernetes !== undefined) checkTargetOwnedKeys(plan.flinkConfiguration, "kubernetes", diag);
  if (args.sqlGateway !== undefined) {
    validateSqlGatewayArgs(args.sqlGateway, diag.at("sqlGateway"));
    const gateway = args.sqlGateway as { savepointDir?: unknown } | null;
    // Without savepointDir every update starts the new script from empty state.
    const restartsEmpty = typeof gateway === "object" && gateway !== null && gateway.savepointDir === undefined;
    if (typeof gateway === "object" && gateway !== null && gateway.savepointDir !== undefined && plan.runtimeMode === "batch") {
      diag.warn(
        "sqlGateway.savepointDir",
        "a batch job runs without checkpoints and takes no savepoint, so savepointDir is not used: an update cancels a running batch job and submits the new script; " +
          "unset savepointDir",
      );
    }
    if (restartsEmpty && plan.streamingIcebergReads.length > 0) {
      diag.warn(
        "sqlGateway.savepointDir",
        `${streamingReadsPreamble(plan.streamingIcebergReads)}without savepointDir every update stops the job without a savepoint ` +
          "and submits the new script from empty state, so the read starts over from its starting strategy (reading again what it had read, or, from the latest snapshot, skipping what was committed meanwhile); set savepointDir",
      );
    }
    if (restartsEmpty && plan.statelessRestartReads.length > 0) {
      diag.warn("sqlGateway.savepointDir", `${kafkaRestartPreamble(plan.statelessRestartReads, "without savepointDir every update")}set savepointDir`);
    }
    if (restartsEmpty && plan.uncommittedGroupReads.length > 0) {
      diag.warn("sqlGateway.savepointDir", `${kafkaGroupRestartPreamble(plan.uncommittedGroupReads, "without savepointDir every update")}${CHECKPOINT_GROUP_OFFSETS}, or set savepointDir`);
    }
    const props = (args.sqlGateway as { sessionProperties?: unknown } | null)?.sessionProperties;
    const session = typeof props === "object" && props !== null && !isDeferred(props) ? (props as Record<string, unknown>) : {};
    checkSessionAgainstJob(session, plan.flinkConfiguration, "sqlGateway.sessionProperties", diag);
    checkDmlSync(plan.flinkConfiguration, session, "sqlGateway.sessionProperties", plan.bounded, diag);
  }
  if (args.kubernetes === undefined) return undefined;
  const facts = kubernetesFacts(name, plan, args.parallelism, scriptText, (args.kubernetes as { flinkVersion?: unknown } | null)?.flinkVersion);
  validateKubernetesArgs(args.kubernetes, facts, diag);
  checkDeploymentNameFree(name, args.kubernetes, facts, diag, programRegistry ?? registry());
  return facts;
}

/**
 * Two jobs of the program whose FlinkDeployments get one name in one namespace (derived names fold
 * case and punctuation: "orders_ingest" and "Orders-Ingest" are both orders-ingest) would be one
 * object: the second create fails (AlreadyExists), or with upserts overwrites the first job.
 */
function checkDeploymentNameFree(jobName: string, k: KubernetesArgs, facts: KubernetesJobFacts, diag: Diagnostics, programRegistry: ReturnType<typeof registry>): void {
  if (typeof k !== "object" || k === null) return;
  const explicit = (k as { name?: unknown }).name;
  const namespace = (k as { namespace?: unknown }).namespace;
  if ((explicit !== undefined && typeof explicit !== "string") || (namespace !== undefined && typeof namespace !== "string")) return;
  const key = `${namespace ?? ""}/${deploymentName({ name: explicit }, facts)}`;
  const taken = programRegistry.deployments;
  const other = taken.get(key);
  if (other !== undefined && other !== jobName) {
    diag.error(
      explicit !== undefined ? "kubernetes.name" : "kubernetes",
      `FlinkSqlJob ${JSON.stringify(other)} already deploys a FlinkDeployment named ${JSON.stringify(key.split("/")[1])} in ${namespace !== undefined ? `namespace ${JSON.stringify(namespace)}` : "the provider's namespace"}: ` +
        "the two would be one object (the second create fails, or overwrites the first job); give one of them another kubernetes.name or namespace",
    );
  } else taken.set(key, jobName);
}

/** The job's acknowledgedWarnings entries waiting for a target prop given as an Output (job-validation.ts validateJob). */
export interface DeferredTargetAcknowledgements {
  /** At `kubernetes.image`, when the image is an Output: matched once it is known (deploy.ts). */
  readonly imageAcknowledgements?: DeferredAcknowledgements;
  /** At `sqlGateway.endpoint`, when the endpoint is an Output: matched once it is known (sql-gateway/endpoint-output.ts). */
  readonly endpointAcknowledgements?: DeferredAcknowledgements;
}

/** The constructor inputs of the target's children (targetChildArgs); the job creates them itself. */
export interface TargetChildArgs {
  readonly kubernetes?: KubernetesChildArgs;
  readonly sqlGateway?: { readonly name: string; readonly args: SqlGatewayJobArgs; readonly opts: pulumi.CustomResourceOptions };
}

/** The children the job created from its TargetChildArgs. */
export interface TargetChildren {
  readonly configMap?: ConfigMap;
  readonly flinkDeployment?: CustomResource;
  readonly gatewayJob?: SqlGatewayJob;
}

/**
 * The args of the target's children (call after validateTarget passed): the ConfigMap and the
 * FlinkDeployment, or the SqlGatewayJob. FlinkSqlJob creates them in its own constructor (Pulumi
 * takes the first frame after a resource's constructor as its source position, and records every
 * frame of the stack; BENCHMARKS.md), then calls targetOutputs.
 */
export function targetChildArgs(
  parent: pulumi.ComponentResource,
  name: string,
  args: TargetArgs & { parallelism?: number },
  plan: JobPlan,
  /** The script Output, made on first call (not needed at all when the script is plain). */
  script: () => pulumi.Output<string>,
  /** The script's text when it is known at construction (so not a secret). */
  scriptText: string | undefined,
  /** What validateTarget returned. */
  kubernetesJobFacts: KubernetesJobFacts | undefined,
  /** The acknowledgedWarnings entries waiting for an Output image or endpoint (validateJob). */
  waiting: DeferredTargetAcknowledgements = {},
): TargetChildArgs {
  const { imageAcknowledgements, endpointAcknowledgements } = waiting;
  if (args.kubernetes !== undefined && kubernetesJobFacts !== undefined) {
    const input = new LazyKubernetesJobInput(script, kubernetesJobFacts, scriptText, imageAcknowledgements);
    const kubernetes = kubernetesChildArgs(parent, name, args.kubernetes, input);
    return { kubernetes };
  }
  if (args.sqlGateway !== undefined) {
    const g = args.sqlGateway;
    // An Output endpoint is checked once known, its warnings logged on the job (a plain one was checked by validateTarget).
    const owner = { label: resourceLabel("FlinkSqlJob", name), path: "sqlGateway.endpoint", resource: () => parent };
    return {
      sqlGateway: {
        name: `${name}-gateway`,
        // The job checked these args and logs their warnings: the SqlGatewayJob does not again.
        args: checkedByJob({
          endpoint: checkedEndpoint(g.endpoint, endpointAcknowledgements !== undefined ? { ...owner, acknowledgements: endpointAcknowledgements } : owner),
          script: scriptText ?? script(),
          flinkConfiguration: plan.flinkConfiguration,
          ...(g.sessionProperties !== undefined ? { sessionProperties: checkedSession(g.sessionProperties, owner, plan) } : {}),
          ...(g.headers !== undefined ? { headers: checkedHeaders(g.headers, name) } : {}),
          ...(g.savepointDir !== undefined ? { savepointDir: g.savepointDir } : {}),
          ...(g.initialSavepointPath !== undefined ? { initialSavepointPath: g.initialSavepointPath } : {}),
          ...(g.allowNonRestoredState !== undefined ? { allowNonRestoredState: g.allowNonRestoredState } : {}),
          ...(g.apiVersion !== undefined ? { apiVersion: g.apiVersion } : {}),
          ...(g.startTimeout !== undefined ? { startTimeout: g.startTimeout } : {}),
          bounded: plan.bounded,
          // Unique per stack, so two stacks' jobs on one cluster never look like the same job.
          jobName: `${name} (pulumi ${pulumi.getProject()}/${pulumi.getStack()})`,
        }),
        opts: { parent },
      },
    };
  }
  return {};
}

/**
 * sessionProperties as given; a map that is itself an Output is checked once known, as a plain map's
 * entries are at preview (sql-gateway/session-output.ts), errors at `sqlGateway.sessionProperties["key"]`.
 */
function checkedSession(props: Record<string, pulumi.Input<string>>, owner: SessionPropertiesOwner, plan: JobPlan): pulumi.Input<Record<string, pulumi.Input<string>>> {
  if (!pulumi.Output.isInstance(props)) return props;
  return checkedSessionProperties(props as unknown as pulumi.Output<Record<string, string>>, { ...owner, path: "sqlGateway.sessionProperties" }, { flinkConfiguration: plan.flinkConfiguration, bounded: plan.bounded });
}

/**
 * headers as given; a map that is itself an Output is checked when known, as the plain map's
 * entries are at preview: unless the whole map is a secret, no header may carry a credential
 * (headerCarriesCredential, or a value that embeds one; the Output rejects with
 * FlinkIcebergValidationError).
 */
function checkedHeaders(props: Record<string, pulumi.Input<string>>, name: string): pulumi.Input<Record<string, pulumi.Input<string>>> {
  if (!pulumi.Output.isInstance(props)) return props;
  const o = props as unknown as pulumi.Output<Record<string, string>>;
  const carries = (k: string, v: unknown): boolean => headerCarriesCredential(k, v) || (typeof v === "string" && valueCarriesCredential(v));
  return pulumi.all([o, pulumi.output(pulumi.isSecret(o))]).apply(([m, secret]) => {
    if (!secret) {
      const issues = Object.keys(m)
        .filter((k) => carries(k, m[k]))
        .map((k) => ({ path: `sqlGateway.headers[${JSON.stringify(k)}]`, message: "carries a credential in a map that is not a Pulumi secret; pass the map (or the value) as a Pulumi secret: headers are stored as secrets" }));
      if (issues.length > 0) throw new FlinkIcebergValidationError(issues, resourceLabel("FlinkSqlJob", name));
    }
    return m;
  });
}

/** The target's outputs from the children created from `c`. */
export function targetOutputs(parent: pulumi.ComponentResource, c: TargetChildArgs, children: TargetChildren): DeployOutputs {
  if (c.kubernetes !== undefined && children.configMap !== undefined && children.flinkDeployment !== undefined) {
    const k = c.kubernetes;
    const d = kubernetesDeployment(parent, k, children.configMap, children.flinkDeployment);
    const { args, job } = k;
    const { image } = args;
    const script = (): pulumi.Output<string> => job.script;
    // With the same checks the children's inputs went through (checkedManifests), so synth never
    // writes a manifest that the deployment would refuse.
    const build = (s: string, img: unknown): Promise<object[]> => checkedManifests(args, job, s, resolvedImage(img, job)).then((m) => [m.configMap, m.flinkDeployment]);
    // Built on first use only (synth asks for them; `pulumi up` never does).
    // The manifests the children were created from, when they were known at construction.
    const built = d.plainManifests !== undefined ? [d.plainManifests.configMap, d.plainManifests.flinkDeployment] : undefined;
    const manifests = (): pulumi.Output<object[]> => (built ? pulumi.output(built) : pulumi.all([script(), pulumi.output(image)]).apply(([s, img]) => build(s, img)));
    // For synth without --show-secrets: the same objects with a secret image written as the placeholder.
    const manifestsRedacted = (): pulumi.Output<object[]> => {
      if (built) return pulumi.output(built); // a plain image is no secret
      const img = pulumi.output(image);
      return pulumi
        .all([pulumi.unsecret(script()), pulumi.unsecret(img), pulumi.output(pulumi.isSecret(img))])
        .apply(([s, i, secret]) => build(s, secret && resolvedImage(i, job) ? SECRET_PLACEHOLDER : i));
    };
    // Own enumerable getters (not class getters): `export const deployment = job.deployment`,
    // `pulumi.output(job.deployment)` and spreads see every output; each is created only when read.
    return {
      manifests,
      manifestsRedacted,
      get deploymentName() {
        return d.deploymentName;
      },
      get namespace() {
        return d.namespace;
      },
      get scriptConfigMapName() {
        return d.scriptConfigMapName;
      },
      get lifecycleState() {
        return d.lifecycleState;
      },
      get jobStatus() {
        return d.jobStatus;
      },
      get error() {
        return d.error;
      },
    };
  }
  const job = children.gatewayJob;
  if (job !== undefined) {
    // Dynamic providers cannot log: their warnings (e.g. an update that lost the job's state) are
    // logged here, by `pulumi up` only: a preview reads the last update's warnings from the state,
    // which would repeat them on every preview after it (they stay in the gatewayWarnings output).
    // An \`up\` that does not touch the resource reads them from the state too: only the warnings of
    // a create or update of this run (warnedAt after now) are logged.
    if (!pulumi.runtime.isDryRun()) {
      const since = Date.now();
      pulumi.all([job.warnings, job.warnedAt]).apply(([ws, at]) => {
        if (typeof at === "number" && at >= since) for (const w of ws ?? []) void pulumi.log.warn(w, parent);
      });
    }
    // A job that ended outside Pulumi (as `pulumi refresh` read it) stays ended on an `up` without changes: said at preview and up.
    const bounded = c.sqlGateway?.args.bounded === true;
    pulumi.all([job.jobId, job.jobStatus]).apply(([id, status]) => {
      const w = endedJobWarning(id, status, bounded);
      if (w !== undefined) void pulumi.log.warn(w, parent);
    });
    return { jobId: job.jobId, jobStatus: job.jobStatus, gatewayWarnings: job.warnings };
  }
  return {};
}
