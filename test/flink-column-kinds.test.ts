/**
 * A FlinkTable column is of one kind: physical (`type`), computed (`expression`) or metadata
 * (`type` + `metadata`). The typings refuse a column of two kinds (new-user trial: `{ name, type,
 * expression }` passed the compiler and failed only at preview); `npm test` type-checks this file
 * first, so the `@ts-expect-error` lines below fail it when the typings accept such a column again.
 * Preview refuses the same columns, for programs in plain JavaScript.
 */
import { expect } from "chai";
import { planGenericTable, type FlinkColumn } from "../src/sql/generic-table.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

const good: FlinkColumn[] = [{ name: "a", type: "INT" }, { name: "b", expression: "a + 1" }, { name: "c", type: "STRING", metadata: { from: "topic" } }];
// @ts-expect-error a physical column with an expression
const typedComputed: FlinkColumn = { name: "k", type: "INT", expression: "CAST(a AS INT)" };
// @ts-expect-error a computed column with metadata
const computedMetadata: FlinkColumn = { name: "k", expression: "a", metadata: {} };
// @ts-expect-error a metadata column with an expression
const metadataComputed: FlinkColumn = { name: "k", type: "STRING", metadata: {}, expression: "a" };

describe("FlinkTable columns of one kind", () => {
  const problems = (columns: unknown[]) => {
    const d = new Diagnostics();
    planGenericTable("t", { columns: columns as FlinkColumn[], options: { connector: "datagen" } }, d);
    return d.errors.map((e) => [e.path, e.message]);
  };

  it("the three kinds pass; a column of two kinds is an error at preview too", () => {
    expect(problems(good)).to.deep.equal([]);
    // A column with an expression is read as computed: the other kind's props are unknown args there.
    const unknown = (arg: string) => [`columns[1].${arg}`, `unknown arg "${arg}" (known: name, expression, comment)`];
    expect(problems([{ name: "a", type: "INT" }, typedComputed])).to.deep.equal([unknown("type")]);
    expect(problems([{ name: "a", type: "INT" }, computedMetadata])).to.deep.equal([unknown("metadata")]);
    expect(problems([{ name: "a", type: "INT" }, metadataComputed])).to.deep.equal([unknown("type"), unknown("metadata")]);
  });
});
