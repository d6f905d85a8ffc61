/**
 * Column renders shared by the tables of one column list: a frozen list of frozen columns renders its
 * CREATE TABLE lines once (sql/create-table.ts columnLines) and its job-facing columns once per
 * rowtime column (components/iceberg-table-component.ts tableColumns); any other list renders each time.
 */
import { expect } from "chai";
import { renderCreateTable, type RenderColumn } from "../src/sql/create-table.js";
import { installMocks } from "./pulumi-mocks.js";

type Components = typeof import("../src/components/iceberg-source.js") & typeof import("../src/components/table-definition.js");

describe("shared column renders", () => {
  const spec = (columns: readonly RenderColumn[], primaryKey?: string[]) => ({ name: "t", columns, options: { connector: "print" }, ...(primaryKey ? { primaryKey } : {}) });
  const DDL = "CREATE TABLE `t` (\n  `id` BIGINT NOT NULL,\n  `v` STRING COMMENT 'value'\n)\nWITH (\n  'connector' = 'print'\n);";
  const PK_DDL = "CREATE TABLE `t` (\n  `id` BIGINT NOT NULL,\n  `v` STRING COMMENT 'value',\n  PRIMARY KEY (`id`) NOT ENFORCED\n)\nWITH (\n  'connector' = 'print'\n);";
  const cols = (): RenderColumn[] => [{ kind: "physical", name: "id", type: "BIGINT NOT NULL" }, { kind: "physical", name: "v", type: "STRING", comment: "value" }];

  it("a frozen list of frozen columns renders the same text each time, and a primary key line is not kept in the shared lines", () => {
    const frozen = Object.freeze(cols().map((c) => Object.freeze(c)));
    expect(renderCreateTable(spec(frozen, ["id"]))).to.equal(PK_DDL);
    expect(renderCreateTable(spec(frozen))).to.equal(DDL);
    expect(renderCreateTable(spec(frozen, ["id"]))).to.equal(PK_DDL);
  });

  it("a list that is not frozen, or whose columns are not, renders what it holds now", () => {
    const open = cols();
    expect(renderCreateTable(spec(open))).to.equal(DDL);
    open[1]!.name = "w";
    expect(renderCreateTable(spec(open))).to.equal(DDL.replace("`v`", "`w`"));
    const frozenList = Object.freeze(cols());
    expect(renderCreateTable(spec(frozenList))).to.equal(DDL);
    (frozenList[1] as { name: string }).name = "w";
    expect(renderCreateTable(spec(frozenList))).to.equal(DDL.replace("`v`", "`w`"));
  });

  describe("an Iceberg table's columns for the job", () => {
    let m: Components;
    before(async () => {
      await installMocks({ preview: true });
      m = { ...(await import("../src/components/iceberg-source.js")), ...(await import("../src/components/table-definition.js")) };
    });
    const catalog = { name: "lake", type: "rest" as const, uri: "http://cat:8181" };
    const columns = () => [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }];

    it("tables of equal columns share one frozen list; a watermark's rowtime column gets its own", () => {
      const a = m.getTableDefinition(new m.IcebergSource("scr_a", { catalog, database: "db", table: "a", columns: columns() }))!;
      const b = m.getTableDefinition(new m.IcebergSource("scr_b", { catalog, database: "db", table: "b", columns: columns() }))!;
      const w = m.getTableDefinition(new m.IcebergSource("scr_w", { catalog, database: "db", table: "w", columns: columns(), streaming: true, watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" } }))!;
      expect(b.columns).to.equal(a.columns);
      expect(Object.isFrozen(a.columns) && Object.isFrozen(a.columns![0])).to.equal(true);
      expect(a.columns!.map((c) => [c.name, String(c.type), c.insertable, c.timeAttribute])).to.deep.equal([["id", "BIGINT", true, undefined], ["ts", "TIMESTAMP(3)", true, undefined]]);
      expect(w.columns).to.not.equal(a.columns);
      expect(w.columns!.map((c) => [c.name, c.timeAttribute])).to.deep.equal([["id", undefined], ["ts", "rowtime"]]);
    });
  });
});
