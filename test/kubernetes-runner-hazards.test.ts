/**
 * The operator's 1.19/1.20 SQL runner hazards (SqlRunner.java; cases C12 and C14): each script the
 * runner would corrupt is found with an exact message, and the rendered shapes it handles pass.
 */
import { expect } from "chai";
import { findRunnerHazards } from "../src/deploy/kubernetes/index.js";
import { runnerHazardMessage } from "../src/deploy/kubernetes/runner-hazards.js";

const R = "the Flink 1.20 SQL runner";
const hazards = (text: string): string[] => findRunnerHazards(text, R);

describe("kubernetes runner hazards (Flink 1.19/1.20 SQL runner)", () => {
  it("passes the C14 shape: one-line SETs, CREATE TABLE, statement set with END; alone", () => {
    const script = [
      "SET 'execution.checkpointing.interval' = '30s';",
      "SET 'pipeline.name' = 'ingest';",
      "CREATE TABLE `sink_a` (`id` BIGINT COMMENT 'customer''s id; PII') WITH ('connector' = 'iceberg', 'write.metadata.note' = 'owner''s team; EU');",
      "-- a comment outside literals is harmless",
      "/* so is a block comment */",
      "EXECUTE STATEMENT SET",
      "BEGIN",
      "INSERT INTO `sink_a` SELECT * FROM `src`;",
      "INSERT INTO `sink_b` SELECT * FROM `src`;",
      "END;",
      "",
    ].join("\n");
    expect(hazards(script)).to.deep.equal([]);
  });

  it("a // comment ending in ; or opening /* (a comment for Flink, text for the runner, which ignores quotes)", () => {
    expect(hazards("INSERT INTO t SELECT a FROM s // copy it all;\n;")).to.deep.equal([
      `the comment // copy it all; ends in ; or opens /*, which ${R} reads as SQL (it strips only -- and /* */ comments); write it as a -- comment`,
    ]);
    expect(hazards("INSERT INTO t SELECT a // don't drop nulls\nFROM s;")).to.deep.equal([]);
  });

  it("'--' inside a string literal (stripped as a comment): split with || where an expression may stand, else the value must change", () => {
    const strip = `which ${R} strips as a comment even inside quotes`;
    const mustChange = "; a table option, SET value or typed literal takes one literal, so the value itself must change";
    expect(hazards("CREATE TABLE t (a INT) WITH ('path' = 's3://b/x--y');")).to.deep.equal([`the string literal 's3://b/x--y' contains "--", ${strip}${mustChange}`]);
    expect(hazards("INSERT INTO t SELECT a FROM s WHERE b <> 'x--y' AND c = 'it''s/*new*/';")).to.deep.equal([
      `the string literal 'x--y' contains "--", ${strip}; write it as 'x-' || '-y' (the same value, split where the runner would cut)`,
      `the string literal 'it''s/*new*/' contains "/*", ${strip}; write it as 'it''s/' || '*new*/' (the same value, split where the runner would cut)`,
    ]);
    expect(hazards("CREATE TEMPORARY VIEW v AS SELECT 'a---b/*c' AS x FROM s;")).to.deep.equal([
      `the string literal 'a---b/*c' contains "--" and "/*", ${strip}; write it as 'a-' || '-' || '-b/' || '*c' (the same value, split where the runner would cut)`,
    ]);
    expect(hazards("SET 'pipeline.name' = 'a--b';")).to.deep.equal([`the string literal 'a--b' contains "--", ${strip}${mustChange}`]);
    expect(hazards("INSERT INTO t SELECT a FROM s WHERE d > DATE '2026--01';")).to.deep.equal([`the string literal '2026--01' contains "--", ${strip}${mustChange}`]);
  });

  it("the deploy checks' message: a hazard with its own fix is followed by ', or' and the way out, another by 'Change that text'", () => {
    const way = 'use flinkVersion "v2_0"/"v2_1" (SqlDriver parses the script with Flink\'s own parser)';
    expect(runnerHazardMessage("the string literal 'x--y' contains \"--\", which r strips; write it as 'x-' || '-y' (the same value)")).to.equal(
      `the string literal 'x--y' contains "--", which r strips; write it as 'x-' || '-y' (the same value), or ${way}`,
    );
    expect(runnerHazardMessage("the quoted identifier a/*b contains \"/*\", which r strips")).to.equal(`the quoted identifier a/*b contains "/*", which r strips. Change that text, or ${way}`);
  });

  it("'/*' inside a quoted identifier", () => {
    expect(hazards("SELECT `a/*b` FROM t;")).to.deep.equal([`the quoted identifier a/*b contains "/*", which ${R} strips as a comment even inside quotes`]);
  });

  it("an OPTIONS hint is dropped", () => {
    expect(hazards("INSERT INTO `d` SELECT * FROM `src` /*+ OPTIONS('streaming'='true') */;")).to.deep.equal([
      `the hint /*+ OPTIONS('streaming'='true') */ would be dropped: ${R} strips every /* */ block, hints included; ` +
        "set those options on the table instead (IcebergSource / IcebergSink extraOptions or their own props, FlinkTable options), which renders them into its WITH clause",
    ]);
    // Another hint (a join or state TTL hint) has no table option to move to.
    expect(hazards("INSERT INTO `d` SELECT /*+ STATE_TTL('o' = '1d') */ * FROM `src` o;")).to.deep.equal([
      `the hint /*+ STATE_TTL('o' = '1d') */ would be dropped: ${R} strips every /* */ block, hints included`,
    ]);
  });

  it("LF or CR inside a literal (C12 variant)", () => {
    expect(hazards("CREATE TABLE t (a INT COMMENT 'a\nb');")).to.deep.equal([
      `the string literal 'a\\nb' contains a line break (CR or LF), which ${R} mis-splits (it trims lines, drops blank ones and ends a statement at any line ending in ;)`,
    ]);
    expect(hazards("SELECT 'x\r';")).to.have.length(1);
  });

  it("a quote in a SET value is passed on doubled, naming the key", () => {
    expect(hazards("SET 'pipeline.name' = 'owner''s job';")).to.deep.equal([
      `the value of SET key "pipeline.name" contains a quote ('' in SQL), which ${R} passes on doubled ('') instead of turning it back into '`,
    ]);
  });

  it("a SET not in the runner's one-line form", () => {
    expect(hazards("SET 'a'='b';")).to.deep.equal([`SET 'a'='b'; is not in the form SET 'key' = 'value'; (quoted key and value, spaces around =), which ${R} requires (anything else fails in executeSql)`]);
    expect(hazards("SET 'a' =\n'b';")).to.deep.equal([`the SET statement spans several lines; ${R} only applies a one-line SET 'key' = 'value';`]);
  });

  it("SET execution.runtime-mode fails under the runner", () => {
    expect(hazards("SET 'execution.runtime-mode' = 'batch';")).to.deep.equal([
      `SET 'execution.runtime-mode' fails under ${R} (it creates a streaming environment): the runtime mode belongs in the deployment's flinkConfiguration`,
    ]);
  });

  it("a statement set in lower case, or not ended by a line END;", () => {
    expect(hazards("execute statement set\nbegin\nINSERT INTO a SELECT 1;\nend;")).to.deep.equal([
      `the statement set must start a line with upper-case EXECUTE STATEMENT SET for ${R} to keep its INSERTs together`,
      `the statement set must end with a line that is exactly END; for ${R}`,
    ]);
    expect(hazards("EXECUTE STATEMENT SET\nBEGIN\nINSERT INTO a SELECT 1; END;")).to.deep.equal([`the statement set must end with a line that is exactly END; for ${R}`]);
  });

  it("an empty /**/ comment swallows text up to the next */", () => {
    expect(hazards("SELECT 1 /**/;")).to.deep.equal([`the empty comment /**/ makes ${R} strip everything up to the next */`]);
  });

  it("an unclosed literal", () => {
    expect(hazards("SELECT 'abc;")).to.deep.equal([`the string literal 'abc;' is not closed`]);
  });

  it("comment markers inside a comment or a literal's doubled quote are not hazards", () => {
    expect(hazards("-- it's /* fine\nSELECT 'it''s' FROM t;")).to.deep.equal([]);
  });
});
