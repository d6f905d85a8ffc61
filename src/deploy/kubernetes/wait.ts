/**
 * How `pulumi up` waits for the operator: the `pulumi.com/waitFor` annotation of
 * @pulumi/kubernetes (4.18+), with a condition chosen by the job.
 *
 * Syntax (pulumi/pulumi-kubernetes `provider/pkg/jsonpath/jsonpath.go`, PR #3134): `jsonpath={path}`
 * (the path exists) or `jsonpath={path}=value` (it holds that value), the strict syntax of
 * `kubectl get -o jsonpath`. Since PR #3658 (May 2025; this package pins 4.34.2) the path is an
 * RFC 9535 JSONPath, whose filters allow `||`, used here for "RUNNING or FINISHED". The wait ends
 * in an error after `pulumi.com/timeoutSeconds`; it has no failure condition, so a spec the
 * operator rejects (it writes `status.error` and keeps waiting) ends in that timeout.
 */
import { hasNoUnit } from "../../options/duration.js";
import { shownWait, waitTimeMillis } from "../../options/wait-time.js";
import { KUBERNETES_DEFAULTS, type KubernetesArgs, type KubernetesJobFacts } from "./args.js";

/** What kubernetes.timeout takes (a message's "must be ..."). */
const TIMEOUT_EXPECTED = 'a number of seconds (e.g. 600) or a Flink duration string (e.g. "10min")';

/**
 * Why `timeout` (KubernetesArgs.timeout) is not usable, or undefined: it must be a whole number of
 * seconds above 0, the unit of the `pulumi.com/timeoutSeconds` annotation; a string needs a unit
 * (a Flink duration without one is milliseconds, where a number here is seconds).
 */
export function timeoutProblem(timeout: unknown): string | undefined {
  if (typeof timeout === "string" && hasNoUnit(timeout)) {
    // A bare "0" suggests no number: 0 is no wait (below).
    const seconds = Number.isInteger(Number(timeout.trim())) && Number(timeout.trim()) > 0 ? `${timeout.trim()} (a number of seconds)` : String(KUBERNETES_DEFAULTS.timeoutSeconds);
    return `${JSON.stringify(timeout)} has no unit, and a Flink duration without one is milliseconds; write ${seconds} or a duration with a unit, e.g. "10min"`;
  }
  const read = waitTimeMillis(timeout, TIMEOUT_EXPECTED);
  if ("problem" in read) return read.problem;
  if (read.ms === 0) return `${shownWait(timeout)} is no wait; write a number of seconds above 0 or a duration, e.g. ${KUBERNETES_DEFAULTS.timeoutSeconds} or "10min" (the default)`;
  if (read.ms % 1000 !== 0) {
    const up = Math.ceil(read.ms / 1000);
    return `${shownWait(timeout)} is not a whole number of seconds, which the pulumi.com/timeoutSeconds annotation takes; write ${typeof timeout === "string" ? `"${up}s" (or ${up})` : up}`;
  }
  return undefined;
}

/** `timeout` in seconds (KUBERNETES_DEFAULTS.timeoutSeconds when unset); a value timeoutProblem refuses is not read (the default). */
export function timeoutSeconds(timeout: number | string | undefined): number {
  const read = timeout === undefined || timeoutProblem(timeout) !== undefined ? undefined : waitTimeMillis(timeout, TIMEOUT_EXPECTED);
  return read !== undefined && "ms" in read ? read.ms / 1000 : KUBERNETES_DEFAULTS.timeoutSeconds;
}

/** The condition `pulumi up` waits for, or undefined when waiting is off. */
export type WaitCondition =
  | { readonly kind: "job-running"; readonly expression: string }
  | { readonly kind: "job-running-or-finished"; readonly expression: string }
  | { readonly kind: "suspended"; readonly expression: string };

/**
 * The status describes the spec `pulumi up` applied: the operator has reconciled this generation
 * (`status.observedGeneration` equals `metadata.generation`) and deployed it
 * (`reconciliationStatus.state` DEPLOYED). Without it an update's wait ends at once: right after
 * the PATCH the status still shows the old job RUNNING. The operator sets observedGeneration
 * already before it deploys the new spec (flink-kubernetes-operator
 * `ReconciliationStatus.serializeAndSetLastReconciledSpec`, called from
 * `ReconciliationUtils.updateStatusBeforeDeploymentAttempt`, state UPGRADING, while the stopped old
 * job shows FINISHED), hence the state check; a spec rolled back shows ROLLED_BACK and never meets
 * it (the wait ends in its timeout). observedGeneration exists since operator 1.8 (FLINK-33803); a
 * spec change the operator applies without a redeploy updates it from 1.11 (FLINK-36890).
 * Comparing two paths needs an RFC 9535 filter with `$` (pulumi-kubernetes PR #3658): the
 * `{path}=value` form compares with a literal only.
 * Parenthesized: a chain `a && b && c` is grouped wrongly by some RFC 9535 evaluators (the one the
 * tests use, jsonpath-rfc9535 1.3.0, keeps rows where b or c is false); `a && (b && c)` is read
 * the same by all.
 */
const CURRENT_SPEC = '($.status.observedGeneration==$.metadata.generation && $.status.reconciliationStatus.state=="DEPLOYED")';

/** `status.jobStatus.state` is RUNNING, for the current spec (CURRENT_SPEC). */
export const WAIT_JOB_RUNNING = `jsonpath={.status[?(@.state=="RUNNING" && ${CURRENT_SPEC})].state}`;
/**
 * `status.jobStatus.state` is RUNNING or FINISHED, for the current spec: selects the members of
 * `status` whose `state` is one of the two (only `jobStatus` can be; `reconciliationStatus.state`
 * has other values).
 */
export const WAIT_JOB_RUNNING_OR_FINISHED = `jsonpath={.status[?((@.state=="RUNNING" || @.state=="FINISHED") && ${CURRENT_SPEC})].state}`;
/**
 * `status.lifecycleState` is SUSPENDED for the current generation, or CREATED: a FlinkDeployment
 * created suspended is never deployed (the operator returns early: "If the job is submitted in
 * suspend state, no need to reconcile", AbstractFlinkResourceReconciler) and stays before its
 * first deployment, which CommonStatus.getLifecycleState reports as CREATED, without an
 * observedGeneration; a job that ran once reports SUSPENDED once the operator suspended it.
 * Selects the direct members of `status` that hold one of the two strings (only lifecycleState
 * can: the other string members are error and jobManagerDeploymentStatus, whose values differ).
 */
export const WAIT_SUSPENDED = 'jsonpath={.status[?((@=="SUSPENDED" && $.status.observedGeneration==$.metadata.generation) || @=="CREATED")]}';

/** The condition for this job: suspended → SUSPENDED; bounded or batch → RUNNING or FINISHED; else RUNNING. */
export function waitCondition(args: Pick<KubernetesArgs, "state" | "awaitReady">, job: Pick<KubernetesJobFacts, "bounded" | "runtimeMode">): WaitCondition | undefined {
  if ((args.awaitReady ?? KUBERNETES_DEFAULTS.awaitReady) === false) return undefined;
  if ((args.state ?? KUBERNETES_DEFAULTS.state) === "suspended") return { kind: "suspended", expression: WAIT_SUSPENDED };
  if (job.bounded || job.runtimeMode === "batch") return { kind: "job-running-or-finished", expression: WAIT_JOB_RUNNING_OR_FINISHED };
  return { kind: "job-running", expression: WAIT_JOB_RUNNING };
}

/** The FlinkDeployment annotations that control waiting: waitFor + timeoutSeconds, or skipAwait when off. */
export function waitAnnotations(args: Pick<KubernetesArgs, "state" | "awaitReady" | "timeout">, job: Pick<KubernetesJobFacts, "bounded" | "runtimeMode">): Record<string, string> {
  const cond = waitCondition(args, job);
  if (cond === undefined) return { "pulumi.com/skipAwait": "true" };
  return {
    "pulumi.com/timeoutSeconds": String(timeoutSeconds(args.timeout)),
    "pulumi.com/waitFor": cond.expression,
  };
}

/** What to do when the wait times out (logged with the component, repeated in the docs). */
export function timeoutHint(namespace: string | undefined, name: string): string {
  const ns = namespace === undefined ? "" : ` -n ${namespace}`;
  return (
    `if pulumi up times out waiting for a FlinkDeployment (e.g. "${name}"), the operator most likely rejected the spec or the job failed: ` +
    `read its status.error (the job's "error" output, or kubectl get flinkdeployment ${name}${ns} -o jsonpath='{.status.error}') and the operator's events`
  );
}
