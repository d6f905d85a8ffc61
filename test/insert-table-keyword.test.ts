/**
 * INSERT INTO TABLE / INSERT OVERWRITE TABLE (Hive's and Spark's spelling): Flink's default dialect
 * has no TABLE after the keywords (flink-sql-parser parserImpls.ftl RichSqlInsert; only the Hive
 * dialect's parser takes it), so the statement is an error saying to leave TABLE out; the same
 * statements without TABLE are quiet.
 */
import { expect } from "chai";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "rest" as const, uri: "http://iceberg-rest:8181" };
const cols = [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }];
const problem = (keyword: string, label: string): string =>
  `INSERT ${keyword} TABLE is the Hive and Spark spelling: Flink's default SQL dialect has no TABLE after INSERT ${keyword} ` +
  `(flink-sql-parser RichSqlInsert; only the Hive dialect takes it), so the job fails when it starts; write INSERT ${keyword} \${sink} without TABLE (the target: ${label})`;

describe("INSERT INTO TABLE / INSERT OVERWRITE TABLE", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("the trial's INSERT OVERWRITE TABLE ${sink}: an error naming the spelling to write; INSERT INTO TABLE too, in any case", () => {
    const src = new api.IcebergSource("itk_src", { catalog, database: "d", table: "itk_src", columns: cols });
    const sink = new api.IcebergSink("itk_sink", { catalog, database: "d", table: "itk_t", columns: cols });
    expect(issuesOf(() => new api.FlinkSqlJob("itk-ow", { runtimeMode: "batch", statements: [api.sql`INSERT OVERWRITE TABLE ${sink} SELECT * FROM ${src}`] }))).to.deep.equal([
      { path: "statements[0]", message: problem("OVERWRITE", 'IcebergSink "itk_sink"') },
    ]);
    expect(issuesOf(() => new api.FlinkSqlJob("itk-into", { runtimeMode: "batch", statements: [api.sql`insert into table ${sink} SELECT * FROM ${src}`] }))).to.deep.equal([
      { path: "statements[0]", message: problem("INTO", 'IcebergSink "itk_sink"') },
    ]);
  });

  it("quiet neighbours: the same statements without TABLE", () => {
    const src = new api.IcebergSource("itk_src2", { catalog, database: "d", table: "itk_src2", columns: cols });
    const sink = new api.IcebergSink("itk_sink2", { catalog, database: "d", table: "itk_t2", columns: cols });
    expect(issuesOrNone(() => new api.FlinkSqlJob("itk-ow2", { runtimeMode: "batch", statements: [api.sql`INSERT OVERWRITE ${sink} SELECT * FROM ${src}`] }))).to.deep.equal([]);
    expect(issuesOrNone(() => new api.FlinkSqlJob("itk-into2", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${sink} SELECT * FROM ${src}`] }))).to.deep.equal([]);
  });
});
