/**
 * Spellings of other dialects that Flink's SQL conformance refuses (flink FlinkSqlConformance,
 * calcite Parser.jj): `!=`, `LIMIT m, n`, `OFFSET m LIMIT n` and text in double quotes are each
 * an error at the statement (or the column expression) with the rewrite; `<>`, `LIMIT n OFFSET m`,
 * plural interval units, `%` and `MOD`, and `!=` or `"` inside literals, comments and back-quoted
 * names stay quiet.
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";
import { hive } from "./iceberg-table-helpers.js";
import { conformanceProblems } from "../src/sql/conformance.js";

const FAILS = "so the job fails when it starts";
const BANG = `Flink SQL has no != operator (its parser refuses it: "Bang equal '!=' is not allowed under the current SQL conformance level", flink FlinkSqlConformance.isBangEqualAllowed), ${FAILS}`;
const LIMIT_COMMA = `is MySQL's LIMIT offset, count, which Flink's parser refuses ("'LIMIT start, count' is not allowed under the current SQL conformance level", flink FlinkSqlConformance.isLimitStartCountAllowed), ${FAILS}`;
const OFFSET_FIRST = `Flink's parser takes LIMIT before OFFSET only ("'OFFSET start LIMIT count' is not allowed under the current SQL conformance level", flink FlinkSqlConformance.isOffsetLimitAllowed), ${FAILS}`;
const DOUBLE = `is in double quotes, which Flink SQL reads as neither a string nor a name (with back-quoted names its parser has no token for '"' and fails there: SQL parse failed. Encountered "\\""), ${FAILS}`;

describe("spellings Flink's SQL conformance refuses", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const cols = [{ name: "id", type: "BIGINT" }, { name: "country", type: "STRING" }];
  const tables = (p: string) => ({
    src: new api.IcebergSource(`${p}-src`, { catalog: hive, database: "shop", table: `${p}_orders`, columns: cols }),
    sink: new api.IcebergSink(`${p}-sink`, { catalog: hive, database: "dw", table: `${p}_out`, columns: cols }),
  });

  it("!=, LIMIT m, n, OFFSET m LIMIT n and double-quoted text: one error each at its statement (views too), with the rewrite", () => {
    const { src, sink } = tables("cf1");
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("cf1", {
          runtimeMode: "batch",
          statements: [
            api.sql`INSERT INTO ${sink} SELECT id, country FROM ${src} WHERE country != 'DE' AND id <> 3`,
            api.sql`INSERT INTO ${sink} SELECT id, country FROM ${src} WHERE country = "DE"`,
            api.sql`INSERT INTO ${sink} SELECT id, country FROM ${src} ORDER BY id LIMIT 5, 10`,
            api.sql`INSERT INTO ${sink} SELECT id, country FROM ${src} ORDER BY id OFFSET 5 ROWS LIMIT 10`,
            api.sql`CREATE TEMPORARY VIEW v AS SELECT id, country FROM ${src} WHERE id != ALL (SELECT id FROM ${src} WHERE country != 'x')`,
            // A double-quoted SELECT item is this one error, not also a column "\"country\"" that the table lacks.
            api.sql`INSERT INTO ${sink} SELECT id, "country" FROM ${src}`,
          ],
        }),
    );
    expect(issues).to.deep.equal([
      { path: "statements[0]", message: `country != 'DE': ${BANG}; write country <> 'DE'` },
      { path: "statements[1]", message: `"DE" ${DOUBLE}; write 'DE' for a string, or \`DE\` for a column name` },
      { path: "statements[2]", message: `LIMIT 5, 10 ${LIMIT_COMMA}; write LIMIT 10 OFFSET 5` },
      { path: "statements[3]", message: `OFFSET 5 ROWS LIMIT 10: ${OFFSET_FIRST}; write LIMIT 10 OFFSET 5` },
      { path: "statements[4]", message: `id != ALL: ${BANG}; write id <> ALL` },
      { path: "statements[4]", message: `country != 'x': ${BANG}; write country <> 'x'` },
      { path: "statements[5]", message: `"country" ${DOUBLE}; write 'country' for a string, or \`country\` for a column name` },
    ]);
  });

  it("a computed column's expression with != is an error at the expression", () => {
    const issues = issuesOrNone(
      () => new api.FlinkTable("cf2", { columns: [...cols, { name: "foreign", expression: "country!='DE'" }], options: { connector: "datagen" } }),
    );
    expect(issues).to.deep.equal([{ path: "columns[2].expression", message: `country != 'DE': ${BANG}; write country <> 'DE'` }]);
  });

  it("<>, LIMIT n OFFSET m, plural interval units, % and MOD, and != or double quotes in literals, comments and back-quoted names stay quiet", () => {
    const { src, sink } = tables("cf3");
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("cf3", {
          runtimeMode: "batch",
          statements: [
            api.sql`CREATE TEMPORARY VIEW w AS SELECT id AS \`a!=b\`, country AS \`say "hi"\` FROM ${src} -- != "x"`,
            api.sql`INSERT INTO ${sink} SELECT id, country FROM ${src} WHERE country <> '!= "DE"' /* a != b, LIMIT 5, 10 */ AND MOD(id, 2) = 1 AND id % 2 = 1
              AND CURRENT_TIMESTAMP > CURRENT_TIMESTAMP - INTERVAL '2' DAYS AND CURRENT_TIMESTAMP > CURRENT_TIMESTAMP - INTERVAL '2' DAY
              ORDER BY id LIMIT 10 OFFSET 5`,
            api.sql`INSERT INTO ${sink} SELECT id, country FROM ${src} ORDER BY id OFFSET 5 ROWS FETCH NEXT 10 ROWS ONLY`,
          ],
        }),
    );
    expect(issues).to.deep.equal([]);
  });

  it("reads each place once, in order, and shows the rewrite as written", () => {
    expect(conformanceProblems("a!=b OR c != 'x' LIMIT ?, ? ")).to.deep.equal([
      `a != b: ${BANG}; write a <> b`,
      `c != 'x': ${BANG}; write c <> 'x'`,
      `LIMIT ?, ? ${LIMIT_COMMA}; write LIMIT ? OFFSET ?`,
    ]);
    expect(conformanceProblems(`SELECT 1 FROM t OFFSET 3 limit all`)).to.deep.equal([`OFFSET 3 LIMIT all: ${OFFSET_FIRST}; write LIMIT ALL OFFSET 3`]);
    expect(conformanceProblems(`x = "it's ""q"""`)).to.deep.equal([`"it's ""q""" ${DOUBLE}; write 'it''s "q"' for a string, or \`it's "q"\` for a column name`]);
    // U&"..." is a name in every lexical state; MINUS has its own message (anti-joins.ts).
    expect(conformanceProblems(`SELECT U&"id" FROM t WHERE a <> b AND x LIKE '%' LIMIT 5 OFFSET 2`)).to.deep.equal([]);
  });
});
