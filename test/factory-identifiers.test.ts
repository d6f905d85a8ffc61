/**
 * Connector and format identifiers one typo away from a known one (src/sql/factory-identifiers.ts):
 * a warning naming the known identifier, since a jar of the user's own may provide any identifier.
 */
import { expect } from "chai";
import { mockedApi, type Api } from "./api.js";
import { planGenericTable } from "../src/sql/generic-table.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

const columns = [{ name: "id", type: "BIGINT" }];

/** The table's [errors, warnings] as [path, message] pairs. */
function diagnose(options: Record<string, string>): { errors: [string, string][]; warnings: [string, string][] } {
  const d = new Diagnostics();
  planGenericTable("t", { columns, options }, d);
  return { errors: d.errors.map((e) => [e.path, e.message]), warnings: d.warnings.map((w) => [w.path, w.message]) };
}

const FORMAT = (value: string, near: string): string =>
  `${JSON.stringify(value)} is no format of Flink 1.19–2.x; did you mean ${JSON.stringify(near)}? ` +
  `Unless a format jar of yours provides '${value}', Flink fails the job ("Could not find any factory for identifier '${value}' that implements ...", flink FactoryUtil.discoverFactory)`;

const KAFKA = { connector: "kafka", "properties.bootstrap.servers": "k:9092", topic: "t", "properties.group.id": "g" };

describe("FlinkTable: connector and format identifiers near a known one", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a format one typo from a known one warns with the known one (new-user trial: 'jsn'), for 'format', 'key.format' and 'value.format'", () => {
    expect(diagnose({ ...KAFKA, format: "jsn" })).to.deep.equal({ errors: [], warnings: [['options["format"]', FORMAT("jsn", "json")]] });
    expect(diagnose({ ...KAFKA, "key.format": "rae", "key.fields": "id", "value.format": "avor" }).warnings).to.deep.equal([
      ['options["key.format"]', FORMAT("rae", "raw")],
      ['options["value.format"]', FORMAT("avor", "avro")],
    ]);
    expect(diagnose({ connector: "filesystem", path: "s3://b/p", format: "parquett" }).warnings).to.deep.equal([['options["format"]', FORMAT("parquett", "parquet")]]);
    expect(diagnose({ ...KAFKA, format: "debezium-jsn" }).warnings).to.deep.equal([['options["format"]', FORMAT("debezium-jsn", "debezium-json")]]);
  });

  it("a connector one typo from a known one warns with the known one", () => {
    expect(diagnose({ connector: "datagn" })).to.deep.equal({
      errors: [],
      warnings: [
        [
          'options["connector"]',
          '"datagn" is no connector of Flink or of its common connector jars; did you mean "datagen"? ' +
            "Unless a jar of yours provides 'datagn', Flink fails the job (\"Could not find any factory for identifier 'datagn' that implements ...\", flink FactoryUtil.discoverFactory)",
        ],
      ],
    });
    expect(diagnose({ connector: "upsert-kafak", topic: "t" }).warnings.map((w) => w[0])).to.deep.equal(['options["connector"]']);
  });

  it("known identifiers (in any case), and identifiers far from every known one, are quiet; the table still builds with a near miss", () => {
    const quiet: Record<string, string>[] = [
      { ...KAFKA, format: "json" },
      { ...KAFKA, format: "JSON" },
      { ...KAFKA, format: "my-proprietary-format" },
      { ...KAFKA, format: "changelog-json" },
      { connector: "Datagen" },
      { connector: "mysql-cdc", hostname: "h", "database-name": "d", "table-name": "t" },
      { connector: "elasticsearch-7", hosts: "http://e:9200", index: "i" },
      { connector: "my-company-sink" },
    ];
    for (const options of quiet) {
      expect(diagnose(options), JSON.stringify(options)).to.deep.equal({ errors: [], warnings: [] });
    }
    expect(new api.FlinkTable("jsn_table", { columns, options: { ...KAFKA, format: "jsn" } }).tableName).to.equal("jsn_table");
  });
});
