/**
 * `execution.runtime-mode` in a FlinkSqlJob's configuration is refused (the job's runtimeMode sets
 * it), and a job without runtimeMode is checked in the mode the key names: "batch" there adds no
 * streaming-only error (an unwindowed aggregation into an append-only sink) next to the refusal.
 */
import { expect } from "chai";
import { issuesOf, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "n", type: "BIGINT" },
];
const AT = 'configuration["execution.runtime-mode"]';
const REFUSED = 'set the runtime mode with the `runtimeMode` arg ("streaming" | "batch"), not through configuration';

describe("execution.runtime-mode in a job's configuration", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const job = (name: string, configuration: Record<string, string>, runtimeMode?: "streaming" | "batch") => {
    const src = new api.IcebergSource(`${name}-src`, { catalog, database: "db", table: `${name}_src`, columns: cols });
    const sink = new api.IcebergSink(`${name}-out`, { catalog, database: "db", table: `${name}_out`, columns: cols });
    return issuesOf(() => new api.FlinkSqlJob(name, { ...(runtimeMode ? { runtimeMode } : {}), configuration, statements: [api.sql`INSERT INTO ${sink} SELECT id, COUNT(*) FROM ${src} GROUP BY id`] })).map((i) => [i.path, i.message]);
  };

  it('"batch" (any case) without runtimeMode: the one error says to set runtimeMode: "batch"; no streaming-only error about the aggregation', () => {
    expect(job("crm-batch", { "execution.runtime-mode": "batch" })).to.deep.equal([[AT, `${REFUSED}: remove this key and set runtimeMode: "batch" (the job is checked here as a batch job)`]]);
    expect(job("crm-upper", { "execution.runtime-mode": " BATCH " })).to.deep.equal([[AT, `${REFUSED}: remove this key and set runtimeMode: "batch" (the job is checked here as a batch job)`]]);
  });

  it("an explicit runtimeMode wins: streaming checks stay when it says streaming; another value gets no advice", () => {
    const both = job("crm-explicit", { "execution.runtime-mode": "batch" }, "streaming");
    expect(both.map(([path]) => path)).to.deep.equal(["statements[0]", AT]);
    expect(both[0]![1]).to.contain("aggregates without a window");
    expect(both[1]).to.deep.equal([AT, `${REFUSED}: remove this key and set runtimeMode: "batch"`]);
    const automatic = job("crm-auto", { "execution.runtime-mode": "AUTOMATIC" });
    expect(automatic.map(([path]) => path)).to.deep.equal(["statements[0]", AT]);
    expect(automatic[1]).to.deep.equal([AT, REFUSED]);
  });
});
