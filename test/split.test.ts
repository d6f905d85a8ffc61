import { expect } from "chai";
import * as fc from "fast-check";
import { splitStatements } from "../src/sql/split.js";
import { FlinkIcebergValidationError } from "../src/validation/error.js";

describe("splitStatements", () => {
  it("splits at ; and trims, without the terminating ;", () => {
    expect(splitStatements("SET 'a' = '1';\n  CREATE TABLE t (x INT) ;\nINSERT INTO t SELECT 1")).to.deep.equal([
      "SET 'a' = '1'",
      "CREATE TABLE t (x INT)",
      "INSERT INTO t SELECT 1",
    ]);
  });

  it("keeps ; and quotes inside string literals (C12)", () => {
    const script = "CREATE TABLE t (c STRING COMMENT 'customer''s id; PII') WITH ('write.metadata.note' = 'owner''s team; EU', 'x' = 'a\nb;c');\nSELECT 1;";
    expect(splitStatements(script)).to.deep.equal([
      "CREATE TABLE t (c STRING COMMENT 'customer''s id; PII') WITH ('write.metadata.note' = 'owner''s team; EU', 'x' = 'a\nb;c')",
      "SELECT 1",
    ]);
  });

  it("keeps ; inside back-quoted identifiers with doubled back-ticks", () => {
    expect(splitStatements("SELECT `a;b``c` FROM `t;`; SELECT 2")).to.deep.equal(["SELECT `a;b``c` FROM `t;`", "SELECT 2"]);
  });

  it("ignores ; in line and block comments and drops comment-only fragments", () => {
    const script = "-- header; not a statement\n/* block; comment */\nSELECT 1 -- trailing; comment\n;\n-- only a comment;\n;;/* x */;SELECT 2;";
    expect(splitStatements(script)).to.deep.equal(["SELECT 1", "SELECT 2"]);
  });

  it("// starts a line comment as -- does (Calcite SINGLE_LINE_COMMENT), outside literals only", () => {
    expect(splitStatements("SELECT 1 // it's x; y\n;SELECT 's3://a;b' // c\r;// only\nSELECT 2")).to.deep.equal(["SELECT 1", "SELECT 's3://a;b'", "SELECT 2"]);
  });

  it("keeps comments inside a statement and keeps /*+ hints */", () => {
    const script = "INSERT INTO s /*+ OPTIONS('sink.parallelism'='2;') */\n-- pick all; rows\nSELECT * FROM t /*+ OPTIONS('streaming'='true') */;";
    expect(splitStatements(script)).to.deep.equal([
      "INSERT INTO s /*+ OPTIONS('sink.parallelism'='2;') */\n-- pick all; rows\nSELECT * FROM t /*+ OPTIONS('streaming'='true') */",
    ]);
  });

  it("keeps an EXECUTE STATEMENT SET block as one statement", () => {
    const script = [
      "SET 'pipeline.name' = 'ingest';",
      "EXECUTE STATEMENT SET",
      "BEGIN",
      "INSERT INTO `sink_a` SELECT CASE WHEN x > 0 THEN 'a;' ELSE 'b' END FROM src;",
      "INSERT INTO `sink_b` SELECT * FROM src;",
      "END;",
      "",
    ].join("\n");
    expect(splitStatements(script)).to.deep.equal([
      "SET 'pipeline.name' = 'ingest'",
      "EXECUTE STATEMENT SET\nBEGIN\nINSERT INTO `sink_a` SELECT CASE WHEN x > 0 THEN 'a;' ELSE 'b' END FROM src;\nINSERT INTO `sink_b` SELECT * FROM src;\nEND",
    ]);
  });

  it("keeps an EXPLAIN ... STATEMENT SET BEGIN ... END block as one statement", () => {
    const set = "EXPLAIN ESTIMATED_COST, CHANGELOG_MODE, PLAN_ADVICE, JSON_EXECUTION_PLAN STATEMENT SET BEGIN\nINSERT INTO a SELECT 1;\nINSERT INTO b SELECT 2;\nEND";
    expect(splitStatements(`${set};\nEXPLAIN PLAN FOR SELECT 3;`)).to.deep.equal([set, "EXPLAIN PLAN FOR SELECT 3"]);
  });

  it("accepts lower case and a block without the final ;", () => {
    expect(splitStatements("execute statement set begin insert into a select 1; insert into b select 2; end")).to.deep.equal([
      "execute statement set begin insert into a select 1; insert into b select 2; end",
    ]);
  });

  it("turns the legacy BEGIN STATEMENT SET; ... END; form into one EXECUTE STATEMENT SET statement", () => {
    expect(splitStatements("BEGIN STATEMENT SET;\nINSERT INTO a SELECT 1;\nINSERT INTO b SELECT ';';\nEND;\nSELECT 3;")).to.deep.equal([
      "EXECUTE STATEMENT SET\nBEGIN\nINSERT INTO a SELECT 1;\nINSERT INTO b SELECT ';';\nEND",
      "SELECT 3",
    ]);
  });

  it("returns [] for an empty or comment-only script", () => {
    expect(splitStatements("")).to.deep.equal([]);
    expect(splitStatements("  -- nothing\n/* here */ ;\n")).to.deep.equal([]);
  });

  const errorOf = (script: string): string => {
    try {
      splitStatements(script);
    } catch (e) {
      expect(e).to.be.instanceOf(FlinkIcebergValidationError);
      return (e as FlinkIcebergValidationError).issues.map((i) => `${i.path}: ${i.message}`).join("\n");
    }
    throw new Error("no error");
  };

  it("rejects unterminated literals, comments and statement sets with the line", () => {
    expect(errorOf("SELECT 1;\nSELECT 'abc;")).to.equal("script: line 2: unterminated string literal (a ' inside is written doubled: '')");
    expect(errorOf("SELECT `abc;")).to.equal("script: line 1: unterminated back-quoted identifier (a ` inside is written doubled: ``)");
    expect(errorOf("SELECT 1 /* open")).to.equal("script: line 1: unterminated /* comment */");
    expect(errorOf("SELECT 1;\n\nEXECUTE STATEMENT SET BEGIN INSERT INTO a SELECT 1;")).to.equal(
      "script: line 3: statement set without END (write EXECUTE STATEMENT SET BEGIN ... END;)",
    );
  });

  describe("property: splitting joined statements gives the statements back", () => {
    const keyword = fc.constantFrom("SELECT", "INSERT", "CREATE", "SET", "USE", "ALTER", "DROP", "SHOW");
    const word = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/).filter((w) => !/^(END|BEGIN|EXECUTE)$/i.test(w));
    const tricky = fc.constantFrom(";", "'", "--", "/*", "*/", "\n", "\r\n", "`", '"', " ", "a", "END;", "x;y");
    const body = fc.array(fc.oneof(tricky, fc.string({ maxLength: 4 })), { maxLength: 6 }).map((a) => a.join(""));
    const literal = body.map((s) => `'${s.replace(/'/g, "''")}'`);
    const ident = body.map((s) => `\`${s.replace(/`/g, "``")}\``);
    const hint = literal.map((l) => `/*+ OPTIONS('k'=${l}) */`);
    const blockComment = body.map((s) => `/* ${s.replace(/\*\//g, "")}*/`); // "/*+" would open a hint
    const lineComment = body.map((s) => `--${s.replace(/[\r\n]/g, "")}\n`);
    const content = fc.oneof(word, literal, ident, hint, fc.constantFrom("(", ")", ",", "=", "*", "1.5"));
    const fragment = fc.oneof({ weight: 4, arbitrary: content }, { weight: 1, arbitrary: blockComment }, { weight: 1, arbitrary: lineComment });
    const statement = fc
      .tuple(keyword, fc.array(fc.tuple(fc.constantFrom(" ", "\n", "\t "), fragment), { maxLength: 6 }), content)
      .map(([k, parts, last]) => `${k}${parts.map(([sep, f]) => sep + f).join("")} ${last}`);
    const separator = fc.oneof(fc.constantFrom(";\n", ";", "; ", ";\r\n"), blockComment.map((c) => `;\n${c}\n`), lineComment.map((c) => `;\n${c}`));

    it("holds for statements with literals containing ;, quotes, --, /*, newlines", () => {
      fc.assert(
        fc.property(fc.array(fc.tuple(statement, separator), { minLength: 1, maxLength: 6 }), (items) => {
          const script = items.map(([s, sep]) => s + sep).join("");
          expect(splitStatements(script)).to.deep.equal(items.map(([s]) => s));
        }),
        { seed: 20260707, numRuns: 400 },
      );
    });
  });
});
