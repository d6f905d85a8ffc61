/**
 * A value of the wrong type in kubernetes.flinkConfiguration or kubernetes.env (validate-maps.ts):
 * a number or boolean gets the string to write, an Output (a secret, mostly) the route through
 * kubernetes.envFromSecrets, anything else its type. Exact messages.
 */
import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import { run } from "./kubernetes-args-fixture.js";

describe("kubernetes map values of the wrong type", () => {
  it("a number or boolean in flinkConfiguration or env says what to write; only an Output value is pointed at envFromSecrets", () => {
    expect(run({ flinkConfiguration: { "taskmanager.numberOfTaskSlots": 2, "pipeline.object-reuse": true }, env: { LOG_LEVEL: 3 } }).errors).to.deep.equal([
      { path: 'kubernetes.flinkConfiguration["pipeline.object-reuse"]', message: 'must be a string: write "true"' },
      { path: 'kubernetes.flinkConfiguration["taskmanager.numberOfTaskSlots"]', message: 'must be a string: write "2"' },
      { path: 'kubernetes.env["LOG_LEVEL"]', message: 'must be a string: write "3"' },
    ]);
    expect(run({ flinkConfiguration: { "rest.port": null }, env: { FOO: ["a"] } }).errors).to.deep.equal([
      { path: 'kubernetes.flinkConfiguration["rest.port"]', message: "must be a plain string (got null)" },
      { path: 'kubernetes.env["FOO"]', message: "must be a plain string (got an array)" },
    ]);
    expect(run({ flinkConfiguration: { "s3.secret-key": pulumi.secret("x") }, env: { TOKEN: pulumi.secret("y") } }).errors).to.deep.equal([
      {
        path: 'kubernetes.flinkConfiguration["s3.secret-key"]',
        message: "must be a plain string (got an Output): the FlinkDeployment's configuration is stored in plain text; a secret belongs in kubernetes.envFromSecrets",
      },
      { path: 'kubernetes.env["TOKEN"]', message: "must be a plain string (got an Output): env values are stored in plain text in the FlinkDeployment; a secret value belongs in kubernetes.envFromSecrets" },
    ]);
  });
});
