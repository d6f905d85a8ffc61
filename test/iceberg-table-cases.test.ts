/** Real-world cases C02, C03, C04, C11, C12 (../shared/cases/real-world-cases.md); C15 is in iceberg-source-options.test.ts. */
import { expect } from "chai";
import { hive, paths, planError, render } from "./iceberg-table-helpers.js";

const sink = (columns: { name: string; type: string; comment?: string }[], extra: Record<string, unknown>) => ({ catalog: hive, database: "db", table: "t", columns, ...extra });

describe("real-world cases", () => {
  const scores = [{ name: "user_id", type: "BIGINT" }, { name: "score", type: "DOUBLE" }];

  it("C02 (a): upsert without a primary key is a preview error naming the resource, upsert and primaryKey", () => {
    const e = planError("IcebergSink", sink(scores, { formatVersion: 2, upsertEnabled: true }), "scores");
    expect(paths(e)).to.deep.equal(["upsertEnabled"]);
    expect(e.message).to.contain('IcebergSink "scores"').and.contain("upsert").and.contain("primaryKey");
  });
  it("C02 (b): a DOUBLE key column is a preview error", () => {
    const e = planError("IcebergSink", sink(scores, { formatVersion: 2, upsertEnabled: true, primaryKey: ["score"] }), "scores");
    expect(paths(e)).to.deep.equal(["primaryKey[0]"]);
    expect(e.message).to.contain("score").and.contain("cannot be DOUBLE").and.contain("float or double");
  });
  it("C02 (c) and the valid setup: a nullable key column renders NOT NULL with PRIMARY KEY NOT ENFORCED", () => {
    const r = render("IcebergSink", sink(scores, { formatVersion: 2, upsertEnabled: true, primaryKey: ["user_id"] }), "scores");
    expect(r.ddl).to.contain("`user_id` BIGINT NOT NULL,");
    expect(r.ddl).to.contain("PRIMARY KEY (`user_id`) NOT ENFORCED");
    expect(r.options["upsert-enabled"]).to.equal("true");
  });

  const customers = [{ name: "id", type: "INT" }, { name: "email", type: "STRING" }];
  it("C03: upsert into format-version 1 is a preview error naming format-version 2", () => {
    const e = planError("IcebergSink", sink(customers, { primaryKey: ["id"], formatVersion: 1, upsertEnabled: true }), "customers");
    expect(paths(e)).to.deep.equal(["upsertEnabled"]);
    expect(e.message).to.contain('IcebergSink "customers"').and.contain("upsert").and.contain("format-version 2");
  });
  it("C03 variant: formatVersion omitted renders 'format-version' = '2' in WITH", () => {
    const r = render("IcebergSink", sink(customers, { primaryKey: ["id"], upsertEnabled: true }), "customers");
    expect(r.ddl).to.contain("'format-version' = '2'");
  });

  const orders = [{ name: "id", type: "BIGINT" }, { name: "event_date", type: "DATE" }, { name: "amount", type: "DECIMAL(12,2)" }];
  it("C04: a partition column outside the key is a preview error", () => {
    const e = planError("IcebergSink", sink(orders, { partitionedBy: ["event_date"], primaryKey: ["id"], formatVersion: 2, upsertEnabled: true }), "orders");
    expect(paths(e)).to.deep.equal(["partitionedBy[0]"]);
    expect(e.message).to.contain('IcebergSink "orders"').and.contain("event_date").and.contain("partition").and.contain("primaryKey").and.contain("upsert");
  });
  it("C04: with the partition column in the key it renders both clauses", () => {
    const r = render("IcebergSink", sink(orders, { partitionedBy: ["event_date"], primaryKey: ["id", "event_date"], formatVersion: 2, upsertEnabled: true }), "orders");
    expect(r.ddl).to.contain("PRIMARY KEY (`id`, `event_date`) NOT ENFORCED");
    expect(r.ddl).to.contain("PARTITIONED BY (`event_date`)");
  });

  it("C11: reserved words and special characters are back-quoted, back-ticks doubled, case preserved", () => {
    const r = render(
      "IcebergSink",
      {
        catalog: hive,
        database: "default",
        table: "user-events",
        tableName: "user-events",
        columns: [{ name: "timestamp", type: "TIMESTAMP(3)" }, { name: "value", type: "DOUBLE" }, { name: "@version", type: "STRING" }, { name: "we`ird", type: "STRING" }, { name: "MixedCase", type: "INT" }],
        writeFormat: "parquet",
        primaryKey: ["@version"],
        partitionedBy: ["@version", "MixedCase"],
      },
      "ev",
    );
    expect(r.ddl.startsWith("CREATE TABLE `user-events` (\n  `timestamp` TIMESTAMP(3),\n  `value` DOUBLE,\n  `@version` STRING NOT NULL,\n  `we``ird` STRING,\n  `MixedCase` INT,")).to.equal(true);
    expect(r.ddl).to.contain("PRIMARY KEY (`@version`) NOT ENFORCED");
    expect(r.ddl).to.contain("PARTITIONED BY (`@version`, `MixedCase`)");
    expect(r.options["catalog-database"]).to.equal("default");
    expect(r.options["catalog-table"]).to.equal("user-events");
  });

  it("C12: quotes and semicolons stay inside their literals, doubled", () => {
    const r = render(
      "IcebergSink",
      sink([{ name: "cust", type: "STRING", comment: "customer's id; PII" }], { extraOptions: { "write.metadata.note": "owner's team; EU" } }),
      "t",
    );
    expect(r.ddl).to.contain("`cust` STRING COMMENT 'customer''s id; PII'");
    expect(r.ddl.split("\n")).to.include("  'write.metadata.note' = 'owner''s team; EU'");
    expect(r.options["write.metadata.note"]).to.equal("owner's team; EU");
  });
  it("C12 variant: a value with a newline stays inside its literal", () => {
    const r = render("IcebergSink", sink([{ name: "c", type: "STRING" }], { extraOptions: { "write.metadata.note": "a\nb" } }), "t");
    expect(r.ddl).to.contain("'write.metadata.note' = 'a\nb'");
  });
});
