/**
 * Messages a new user met in the README trial: a misspelt Kafka client key is pointed at, and a
 * credential's message says where the plain text actually lands (the FlinkDeployment's spec, the
 * script's SET lines, or an Iceberg WITH clause).
 */
import { expect } from "chai";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { checkKafkaOptions } from "../src/sql/kafka-options.js";
import { credentialKeyMessage } from "../src/validation/secrets.js";

describe("messages: Kafka client keys and where a credential lands", () => {
  it("a missing properties.bootstrap.servers next to a misspelt one points at the misspelt key", () => {
    const d = new Diagnostics();
    checkKafkaOptions({ connector: "kafka", "properties.bootstrap.server": "k:9092", topic: "t", format: "json", "scan.startup.mode": "earliest-offset", "properties.group.id": "g" }, [], [], d, { readFailures: [], writeFailures: [] });
    expect(d.errors).to.deep.equal([
      {
        path: 'options["properties.bootstrap.server"]',
        message: "the 'kafka' connector needs 'properties.bootstrap.servers' (host:port of the brokers); did you mean 'properties.bootstrap.servers'?",
      },
    ]);
    const none = new Diagnostics();
    checkKafkaOptions({ connector: "kafka", topic: "t", format: "json", "scan.startup.mode": "earliest-offset", "properties.group.id": "g" }, [], [], none, { readFailures: [], writeFailures: [] });
    expect(none.errors).to.deep.equal([{ path: "options", message: "the 'kafka' connector needs 'properties.bootstrap.servers' (host:port of the brokers)" }]);
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
      `"s3.secret-key" carries a credential, and catalog.properties is rendered in plain text (into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap; the Iceberg connector also copies WITH options into the table's properties)`,
    );
  });
});
