/**
 * Secrecy cannot be read synchronously from an Output, so a value that may turn out to be a
 * Pulumi secret is checked when it is known: an Output derived with `rejectIfSecret` rejects
 * with `message` when its input is secret (SPEC decision 8: no secret in the script, WITH
 * clauses or ConfigMaps).
 */
import * as pulumi from "@pulumi/pulumi";

/** Passes `value` through, or rejects with `message` (as an Error) when it is a Pulumi secret. */
export function rejectIfSecret<T>(value: pulumi.Input<T>, message: string): pulumi.Output<T> {
  const o = pulumi.output(value);
  return pulumi.all([pulumi.unsecret(o), pulumi.output(pulumi.isSecret(o))]).apply(([v, secret]) => {
    if (secret) throw new Error(message);
    return v as T;
  });
}
