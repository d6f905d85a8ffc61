/**
 * Pulumi test helpers: mocks that record every resource, and reading Outputs without hanging.
 *
 * `new Promise(r => o.apply(r))` never settles when the Output rejected; `settle` uses the
 * Output's internal promise, which does reject, so a broken Output fails the test instead.
 */
import * as pulumi from "@pulumi/pulumi";
import { registry } from "../src/components/job-registry.js";

export interface RecordedResource {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
  id: string;
}

export const recorded: RecordedResource[] = [];

/** Installs mocks that echo inputs as outputs and fill `metadata.name` like auto-naming would not. */
export async function installMocks(opts: { preview?: boolean; project?: string; stack?: string } = {}): Promise<void> {
  recorded.length = 0;
  await pulumi.runtime.setMocks(
    {
      newResource(args: pulumi.runtime.MockResourceArgs): { id: string; state: Record<string, unknown> } {
        const id = `${args.name}-id`;
        recorded.push({ type: args.type, name: args.name, inputs: args.inputs as Record<string, unknown>, id });
        return { id, state: args.inputs as Record<string, unknown> };
      },
      call(args: pulumi.runtime.MockCallArgs): Record<string, unknown> {
        return args.inputs as Record<string, unknown>;
      },
    },
    opts.project ?? "project",
    opts.stack ?? "stack",
    opts.preview ?? false,
  );
}

/** Resolves an Output's value; rejects when the Output rejected (never hangs). */
export function settle<T>(o: pulumi.Output<T> | pulumi.Input<T>): Promise<T> {
  if (!pulumi.Output.isInstance(o)) return Promise.resolve(o as T);
  const internal = (o as unknown as { promise(withUnknowns?: boolean): Promise<T> }).promise;
  return internal.call(o);
}

/** Resolves whether an Output is marked secret. */
export function isSecretOutput(o: pulumi.Output<unknown>): Promise<boolean> {
  return (o as unknown as { isSecret: Promise<boolean> }).isSecret;
}

/** The recorded resources of a given type token. */
export function resourcesOfType(type: string): RecordedResource[] {
  return recorded.filter((r) => r.type === type);
}

/** Waits until Pulumi's mock runtime has registered everything queued so far. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
}

/**
 * Runs `fn` with pulumi.log.warn captured; returns its result and the messages logged once the mock
 * runtime registered what `fn` queued (flush) and `waitMs` more passed (deferred logs, Outputs resolving).
 */
export async function loggedWarnings<T>(fn: () => T, waitMs = 10): Promise<{ value: T; logged: string[] }> {
  const logged: string[] = [];
  const log = pulumi.log as unknown as { warn: (m: string) => Promise<void> };
  const original = log.warn;
  log.warn = async (m: string) => void logged.push(m);
  try {
    const value = fn();
    await flush();
    await new Promise((r) => setTimeout(r, waitMs));
    return { value, logged };
  } finally {
    log.warn = original;
  }
}

/** A validation error as a gateway submission rejects with it (issues and message), or undefined when it resolved. */
export type Rejection = { issues?: { path: string; message: string }[]; message?: string } | undefined;

/** The rejection of synth's view of job `name`'s gateway submission (it reads the checked Output args), or undefined; asked at once, before they resolve. */
export function gatewaySubmissionError(name: string): Promise<Rejection> {
  const job = registry().jobs.find((j) => j.name === name)!;
  return settle(job.gatewaySubmission!(false)).then(
    () => undefined,
    (e: Rejection) => e,
  );
}
