/** Shared fixtures for the IcebergSource / IcebergSink core tests. */
import { expect } from "chai";
import { planIcebergTable, renderIcebergTable, type IcebergTablePlan, type RenderedIcebergTable } from "../src/options/iceberg-table.js";
import { FlinkIcebergValidationError } from "../src/validation/error.js";
import { expectValidFlinkSql } from "./sql-validate.js";

export const hive = { name: "lake", type: "hive" as const, uri: "thrift://metastore:9083" };

export const baseArgs = {
  catalog: hive,
  database: "db",
  table: "t",
  columns: [
    { name: "id", type: "BIGINT" },
    { name: "v", type: "STRING" },
  ],
};

/** Plans and renders plainly; every DDL is checked with dt-sql-parser. */
export function render(kind: "IcebergSource" | "IcebergSink", args: Record<string, unknown>, name = "t1"): RenderedIcebergTable & { plan: IcebergTablePlan } {
  const plan = planIcebergTable(kind, name, args);
  const r = renderIcebergTable(plan, { uri: plan.uri, warehouse: plan.warehouse });
  expectValidFlinkSql(r.ddl);
  return { ...r, plan };
}

/** The error thrown by planning; fails when nothing is thrown. */
export function planError(kind: "IcebergSource" | "IcebergSink", args: Record<string, unknown>, name = "t1"): FlinkIcebergValidationError {
  try {
    planIcebergTable(kind, name, args);
  } catch (e) {
    expect(e).to.be.instanceOf(FlinkIcebergValidationError);
    return e as FlinkIcebergValidationError;
  }
  expect.fail("expected a FlinkIcebergValidationError");
}

/** The issue paths of the error. */
export function paths(e: FlinkIcebergValidationError): string[] {
  return e.issues.map((i) => i.path);
}

/** The rendered options without the keys every table has. */
export function withoutCommon(options: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = { ...options };
  for (const k of ["connector", "catalog-name", "catalog-type", "uri", "catalog-database", "catalog-table", "format-version"]) delete out[k];
  return out;
}
