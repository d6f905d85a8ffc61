/**
 * Issue 8, valid props at random: IcebergSource, IcebergSink and FlinkTable with names, comments
 * and option values that only correct quoting keeps in place, composed by a FlinkSqlJob rendered
 * without a target and with the Flink 2.x SqlDriver target. The script must parse (dt-sql-parser,
 * allowlist only), split into exactly the statements rendered, and every CREATE TABLE must read back
 * (test/fuzz/read-create-table.ts) to the columns, types and options that were given.
 */
import { expect } from "chai";
import { mockedApi, type Api } from "./api.js";
import fc from "fast-check";
import { resetRegistry } from "../src/components/job-registry.js";
import { splitStatements } from "../src/sql/split.js";
import type { DataType } from "../src/types/data-type.js";
import { arbCatalog, arbName, arbOptionKey, arbOptionMap, arbSinkOptions, arbSourceOptions, arbTable, arbText, columnArg, type GenTable } from "./fuzz/arbitraries.js";
import { count, params, runs } from "./fuzz/config.js";
import { readCreateTable, type ReadTable } from "./fuzz/read-create-table.js";
import { flush, recorded, settle } from "./pulumi-mocks.js";
import { expectValidFlinkSql } from "./sql-validate.js";


const arbCase = fc
  .uniqueArray(arbName, { minLength: 3, maxLength: 3 })
  .chain(([srcName, sinkName, tableName]) =>
    fc.record({
      names: fc.constant({ srcName: srcName!, sinkName: sinkName!, tableName: tableName! }),
      src: arbTable,
      sink: arbTable,
      generic: arbTable,
      catalog: arbCatalog,
      database: arbName,
      srcOptions: arbSourceOptions,
      srcExtra: arbOptionMap("e.", ["constructor", "hasOwnProperty"]),
      sinkExtra: arbOptionMap("e.", ["constructor", "valueOf"]),
      genericOptions: arbOptionMap("o.", ["constructor", "toString"]),
      // Connectors that take keys they do not know of (datagen, print and blackhole refuse them: connector-options.test.ts).
      connector: fc.constantFrom("jdbc", "faker", "filesystem"),
      tableComment: fc.option(arbText, { nil: undefined }),
      literal: arbText,
      configuration: fc.uniqueArray(fc.tuple(arbOptionKey("c.", ["constructor"]).filter((k) => !/[\r\n\u0085\u2028\u2029]/.test(k)), arbText.map((v) => v.replace(/[\r\n\u0085\u2028\u2029]/g, " "))), { maxLength: 3, selector: ([k]) => k }).map((e) => Object.fromEntries(e)),
      twoInserts: fc.boolean(),
      kubernetes: fc.boolean(),
    }),
  )
  .chain((c) => arbSinkOptions(c.sink).map((sinkOptions) => ({ ...c, sinkOptions })));

function expectColumns(read: ReadTable, t: GenTable, what: string): void {
  const expected = t.columns.map((c) => ({ name: c.name, type: (t.primaryKey.includes(c.name) ? c.type.notNull() : c.type).toString(), comment: c.comment }));
  const got = read.columns.map((c) => ({ name: c.name, type: c.type.toString(), comment: c.comment }));
  expect(got, `${what} columns`).to.deep.equal(expected);
  t.columns.forEach((c, i) => {
    const want: DataType = t.primaryKey.includes(c.name) ? c.type.notNull() : c.type;
    expect(read.columns[i]!.type.equals(want), `${what} column ${i} type ${read.columns[i]!.type.toString()} vs ${want.toString()}`).to.equal(true);
  });
  expect(read.primaryKey, `${what} primary key`).to.deep.equal(t.primaryKey);
  expect(read.partitionedBy, `${what} partitions`).to.deep.equal(t.partitionedBy);
}

function expectContains(options: Map<string, string>, given: Record<string, string>, what: string): void {
  for (const [k, v] of Object.entries(given)) expect(options.get(k), `${what} option ${JSON.stringify(k)}`).to.equal(v);
}

describe("fuzz: valid props render to a script that parses, splits and reads back", function () {
  this.timeout(0);
  let api: Api;
  let n = 0;
  before(async () => {
    api = await mockedApi();
  });

  it(`random tables, options and jobs (${runs(12)} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(arbCase, async (c) => {
        count("valid: tables and job");
        resetRegistry();
        recorded.length = 0;
        const id = ++n;
        const catalog = { ...c.catalog, properties: c.catalog.properties };
        const base = (t: GenTable) => ({ catalog, database: c.database, columns: t.columns.map(columnArg), primaryKey: t.primaryKey, partitionedBy: t.partitionedBy });
        const src = new api.IcebergSource(`src${id}`, { ...base(c.src), table: `r${c.names.srcName}`, tableName: c.names.srcName, extraOptions: c.srcExtra, ...c.srcOptions } as never);
        const sink = new api.IcebergSink(`sink${id}`, { ...base(c.sink), table: `w${c.names.sinkName}`, tableName: c.names.sinkName, extraOptions: c.sinkExtra, ...c.sinkOptions } as never);
        const generic = new api.FlinkTable(`gen${id}`, {
          tableName: c.names.tableName,
          columns: c.generic.columns.map(columnArg),
          primaryKey: c.generic.primaryKey,
          partitionedBy: c.generic.partitionedBy,
          options: { connector: c.connector, ...c.genericOptions },
          ...(c.tableComment !== undefined ? { comment: c.tableComment } : {}),
        });
        const where = api.sqlLiteral(c.literal);
        // The tables' columns are random, so a plain `SELECT * FROM ${src}` (or a UNION ALL of them) would
        // fail the INSERT's column checks (insert-columns.test.ts, set-operations.test.ts cover those); a derived table is left to Flink.
        const statements = c.twoInserts
          ? [api.sql`INSERT INTO ${sink} SELECT * FROM (SELECT * FROM ${src}) AS s WHERE ${where} <> ''`, api.sql`INSERT INTO ${generic} SELECT * FROM (SELECT * FROM ${src}) AS s`]
          : [api.sql`INSERT INTO ${sink} SELECT * FROM (SELECT * FROM ${src} WHERE ${where} <> '' UNION ALL SELECT * FROM ${generic}) AS u`];
        const job = new api.FlinkSqlJob(`job${id}`, {
          statements,
          configuration: c.configuration,
          ...(c.kubernetes ? { kubernetes: { namespace: "flink", image: "my/flink-iceberg:2.1", flinkVersion: "v2_1" as const, mode: "standalone" as const, upgradeMode: "last-state" as const, checkpointDir: "s3://lake/checkpoints", allowNonRestoredState: true } } : {}),
        });
        const script = await settle(job.script);
        expectValidFlinkSql(script);

        const conf = await settle(job.flinkConfiguration);
        const sets = Object.keys(conf).filter((k) => k !== "execution.runtime-mode").length;
        const parts = splitStatements(script);
        expect(parts.length, script).to.equal(sets + 3 + 1);
        const ddls = parts.slice(sets, sets + 3);
        const byName = new Map(ddls.map((d) => [readCreateTable(d).name, readCreateTable(d)]));
        expect([...byName.keys()].sort()).to.deep.equal([c.names.srcName, c.names.sinkName, c.names.tableName].sort());

        const rSrc = byName.get(c.names.srcName)!;
        expectColumns(rSrc, c.src, "source");
        expect(Object.fromEntries(rSrc.options)).to.deep.equal(await settle(src.options));
        expectContains(rSrc.options, { ...c.catalog.properties, ...c.srcExtra, uri: c.catalog.uri, warehouse: c.catalog.warehouse, "catalog-name": c.catalog.name, "catalog-database": c.database }, "source");
        const rSink = byName.get(c.names.sinkName)!;
        expectColumns(rSink, c.sink, "sink");
        expect(Object.fromEntries(rSink.options)).to.deep.equal(await settle(sink.options));
        expectContains(rSink.options, { ...c.catalog.properties, ...c.sinkExtra, "catalog-table": `w${c.names.sinkName}` }, "sink");
        const rGen = byName.get(c.names.tableName)!;
        expectColumns(rGen, c.generic, "FlinkTable");
        expect(rGen.comment).to.equal(c.tableComment);
        expect(Object.fromEntries(rGen.options)).to.deep.equal({ connector: c.connector, ...c.genericOptions });
        for (const [k, v] of Object.entries(c.configuration)) expect(parts).to.include(`SET '${k.replace(/'/g, "''")}' = '${v.replace(/'/g, "''")}'`);

        if (c.kubernetes) {
          await settle(job.deployment.scriptConfigMapName!);
          await flush();
          const cm = recorded.find((r) => r.type === "kubernetes:core/v1:ConfigMap");
          expect(Object.values((cm?.inputs as { data: Record<string, string> }).data)).to.deep.equal([script]);
        }
      }),
      params(runs(12)),
    );
  });
});
