/**
 * A FlinkTable option given as an Output (a bootstrap server from a cluster resource, a startup
 * mode from stack configuration) is checked once its value is known, with the checks a plain value
 * gets at preview: a value the option's own rules refuse fails the table's DDL at its path.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { mockedApi, type Api } from "./api.js";
import { settle } from "./pulumi-mocks.js";
import { drainUnhandled } from "./setup.js";

describe("FlinkTable options given as Outputs, once known", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const cols = [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }];
  const kafka = (startup: pulumi.Input<string>) => ({
    connector: "kafka",
    topic: "t",
    "properties.bootstrap.servers": pulumi.output("kafka:9092"),
    "properties.group.id": "g",
    "scan.startup.mode": startup,
    format: "json",
  });

  async function ddlRejection(t: InstanceType<Api["FlinkTable"]>): Promise<{ message: string; issues: unknown } | undefined> {
    let rejected: { message: string; issues: unknown } | undefined;
    await settle(t.ddl).catch((e: { message: string; issues: unknown }) => (rejected = e));
    await new Promise((r) => setTimeout(r, 50));
    drainUnhandled();
    return rejected;
  }

  it("a value the option refuses fails the DDL at options[key], as the same plain value fails the preview", async () => {
    const plainIssues = (() => {
      try {
        new api.FlinkTable("ro_plain", { columns: cols, options: { ...kafka("earliest-offsett"), "properties.bootstrap.servers": "kafka:9092" } });
      } catch (e) {
        return (e as { issues: unknown }).issues;
      }
      return undefined;
    })();
    expect(plainIssues, "the plain value fails the preview").to.not.equal(undefined);
    const t = new api.FlinkTable("ro_output", { columns: cols, options: kafka(pulumi.output("earliest-offsett")) });
    const rejected = await ddlRejection(t);
    expect(rejected?.issues).to.deep.equal(plainIssues);
    expect(rejected?.issues).to.deep.equal([
      {
        path: 'options["scan.startup.mode"]',
        message: '"earliest-offsett" is no startup mode; write one of earliest-offset, latest-offset, group-offsets, timestamp, specific-offsets; did you mean "earliest-offset"?',
      },
    ]);
    expect(rejected?.message).to.contain('FlinkTable "ro_output"');
  });

  it("a value the option takes renders, with the Output's value in the WITH clause", async () => {
    const t = new api.FlinkTable("ro_ok", { columns: cols, options: kafka(pulumi.output("earliest-offset")) });
    const ddl = await settle(t.ddl);
    expect(ddl).to.contain("'scan.startup.mode' = 'earliest-offset'").and.contain("'properties.bootstrap.servers' = 'kafka:9092'");
  });
});
