/**
 * Messages a new user met in the README trial: a misspelt Kafka client key is pointed at (rename it,
 * in sentences that read, with no "did you mean ...?;" left inside them), a credential's message
 * says where the plain text actually lands (the FlinkDeployment's spec, the script's SET lines, or
 * an Iceberg WITH clause), and the gateway's environment clause is closed before what follows.
 */
import { expect } from "chai";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { checkKafkaOptions } from "../src/sql/kafka-options.js";
import { credentialKeyMessage } from "../src/validation/secrets.js";
import { checkRequiredOptions, requiredOptionIssue, type RequiredOption } from "../src/sql/required-options.js";
import type { TableDefinition } from "../src/components/table-definition.js";
import { secretInStatementMessage } from "../src/components/statement-secrets.js";
import { secretOptionMessage } from "../src/components/secret-guard.js";

describe("messages: Kafka client keys and where a credential lands", () => {
  it("a missing properties.bootstrap.servers next to a misspelt one points at the misspelt key", () => {
    const d = new Diagnostics();
    checkKafkaOptions({ connector: "kafka", "properties.bootstrap.server": "k:9092", topic: "t", format: "json", "scan.startup.mode": "earliest-offset", "properties.group.id": "g" }, [], [], d, { readFailures: [], writeFailures: [] });
    expect(d.errors).to.deep.equal([
      {
        path: 'options["properties.bootstrap.server"]',
        message:
          "the 'kafka' connector needs 'properties.bootstrap.servers' (host:port of the brokers); 'properties.bootstrap.server' looks like a misspelling of it, " +
          "which the Kafka client ignores as an unknown property: rename 'properties.bootstrap.server' to 'properties.bootstrap.servers'",
      },
    ]);
    const none = new Diagnostics();
    checkKafkaOptions({ connector: "kafka", topic: "t", format: "json", "scan.startup.mode": "earliest-offset", "properties.group.id": "g" }, [], [], none, { readFailures: [], writeFailures: [] });
    expect(none.errors).to.deep.equal([{ path: "options", message: "the 'kafka' connector needs 'properties.bootstrap.servers' (host:port of the brokers)" }]);
  });

  it("the misspelt key in a job's statement and at the table (no job): rename it, or give the option in a hint, in sentences that read", () => {
    const misspelt: RequiredOption = {
      groups: [["properties.bootstrap.servers"]],
      path: 'options["properties.bootstrap.server"]',
      message: "the 'kafka' connector needs 'properties.bootstrap.servers' (host:port of the brokers)",
      misspelt: { key: "properties.bootstrap.server", option: "properties.bootstrap.servers" },
    };
    expect(requiredOptionIssue(misspelt).message).to.equal(
      "the 'kafka' connector needs 'properties.bootstrap.servers' (host:port of the brokers); 'properties.bootstrap.server' looks like a misspelling of it, which the Kafka client ignores as an unknown property: " +
        "rename 'properties.bootstrap.server' to 'properties.bootstrap.servers', or give it in an OPTIONS hint after the table in every statement that reads or writes it (Flink merges the hint into the options before it checks them)",
    );
    const t = { label: 'FlinkTable "k"', requiredOptions: [misspelt] } as unknown as TableDefinition;
    const d = new Diagnostics();
    checkRequiredOptions(new Map([[t, [{ statement: 0, hint: {}, write: false }]]]), d);
    expect(d.errors).to.deep.equal([
      {
        path: "statements[0]",
        message:
          "reads FlinkTable \"k\", whose options lack 'properties.bootstrap.servers', and this statement gives no OPTIONS hint on it: the 'kafka' connector needs 'properties.bootstrap.servers' (host:port of the brokers) " +
          "(Flink checks this when the statement reads the table); rename 'properties.bootstrap.server' to 'properties.bootstrap.servers' in the table's options (a misspelling the Kafka client ignores), " +
          "or set it in a hint right after the table in this statement: /*+ OPTIONS('properties.bootstrap.servers' = '...') */",
      },
    ]);
  });

  it("a secret in a statement on the gateway target: the environment's clause ends before what to do next", () => {
    expect(secretInStatementMessage("sqlGateway")).to.contain(
      "pass it as an environment variable of the session cluster's JobManager and TaskManagers, set where they are deployed (this package sends a gateway no environment), then reference it in the option that reads it",
    );
    expect(secretOptionMessage("properties.sasl.jaas.config")).to.contain("sqlGateway target: set where the session cluster is deployed), then reference it with a config provider placeholder");
  });

  it("a credential key's message names where its plain text lands", () => {
    const lead = (where: string) => credentialKeyMessage("s3.secret-key", where).split(". ")[0];
    expect(lead("kubernetes.flinkConfiguration")).to.equal(
      `"s3.secret-key" carries a credential, and kubernetes.flinkConfiguration is rendered in plain text (into the FlinkDeployment's spec, stored in the cluster and in Pulumi's state)`,
    );
    expect(lead("the job's configuration (SET lines of the script)")).to.equal(
      `"s3.secret-key" carries a credential, and the job's configuration (SET lines of the script) is rendered in plain text (into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap)`,
    );
    expect(lead("catalog.properties")).to.equal(
      `"s3.secret-key" carries a credential, and catalog.properties is rendered in plain text (into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap, and Iceberg copies into the table's properties)`,
    );
  });
});
