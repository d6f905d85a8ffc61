/**
 * What the package says of a Pulumi secret where a WITH clause would hold it in plain text (SPEC
 * decision 8: no secret in the script, WITH clauses or ConfigMaps); a secret interpolated into a
 * statement is statement-secrets.ts's.
 */
import { credentialEnvironment } from "../validation/credential-remedies.js";
import { isCredentialOptionKey } from "../validation/secrets.js";

/** The error for a FlinkTable option whose value is a Pulumi secret: the WITH clause is plain text; what to do instead by the kind of key. */
export function secretOptionMessage(key: string): string {
  const lead = "is a Pulumi secret, and the WITH clause is rendered in plain text (into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap); ";
  if (!isCredentialOptionKey(key)) {
    return `${lead}${JSON.stringify(key)} names no credential: pass a plain value (pulumi.unsecret(value), or read the config value with require instead of requireSecret)`;
  }
  if (key.startsWith("properties.")) {
    return `${lead}pass the credential ${credentialEnvironment(undefined, false)}, then reference it with a config provider placeholder (\${env:NAME}) in this option`;
  }
  return `${lead}a connector that reads a credential only from its options (jdbc, the CDC sources) cannot be given one safely: the package refuses it as a plain string too (SPEC decision 8)`;
}
