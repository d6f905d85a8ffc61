/**
 * temporal-join-on.ts readTemporalJoinOn: one reading of a temporal join's ON condition (the right
 * table's alias, the condition to the end of its parenthesis level, the key columns it equates)
 * that both temporal-join.ts and temporal-join-conditions.ts use.
 */
import { expect } from "chai";
import type { TableDefinition } from "../src/components/table-definition.js";
import { readTemporalJoinOn } from "../src/sql/temporal-join-on.js";

describe("temporal-join-on.ts readTemporalJoinOn", () => {
  const orders = { tableName: "orders" } as TableDefinition;
  const rates = { tableName: "rates" } as TableDefinition;
  const tables = [orders, rates];
  /** The reading after `\u00001\u0000 FOR SYSTEM_TIME AS OF o.ts` in `code` (rates as table 1). */
  const read = (after: string) => {
    const code = `SELECT * FROM \u00000\u0000 o JOIN \u00001\u0000 FOR SYSTEM_TIME AS OF o.ts${after}`;
    return readTemporalJoinOn(code, code.indexOf("o.ts") + 4, rates, tables);
  };

  it("reads the alias, the condition to the end of its parenthesis level, and the column-to-column keys of the right table", () => {
    expect(read(" AS r ON r.currency = o.cur AND r.active = TRUE AND o.id = r.`id` WHERE o.amount > 0) x")).to.deep.equal({
      alias: "r",
      condition: " r.currency = o.cur AND r.active = TRUE AND o.id = r.`id` WHERE o.amount > 0",
      keys: ["currency", "id"],
    });
  });

  it("without an alias, the table's own name or marker qualifies its columns", () => {
    expect(read(" ON rates.currency = o.cur AND \u00001\u0000.day = o.day")).to.deep.equal({ alias: undefined, condition: " rates.currency = o.cur AND \u00001\u0000.day = o.day", keys: ["currency", "day"] });
    expect(read(" r ON o.cur = rates.currency")).to.deep.equal({ alias: "r", condition: " o.cur = rates.currency", keys: [] });
  });

  it("keys only from the run before WHERE, another join or a parenthesis; the condition goes on", () => {
    expect(read(" r ON o.cur = r.currency JOIN \u00000\u0000 p ON p.id = r.day")?.keys).to.deep.equal(["currency"]);
    expect(read(" r ON o.cur = r.currency WHERE r.day = o.day")).to.deep.equal({ alias: "r", condition: " o.cur = r.currency WHERE r.day = o.day", keys: ["currency"] });
  });

  it("no ON right after the operand and its alias: nothing read, not even a later join's ON", () => {
    expect(read(" AS r, \u00000\u0000 p WHERE r.currency = p.cur")).to.equal(undefined);
    expect(read(" AS r USING (currency) JOIN \u00000\u0000 p ON p.cur = r.currency")).to.equal(undefined);
  });
});
