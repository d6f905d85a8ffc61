/**
 * The words Flink's own SQL parser reserves on top of Calcite's, by Flink version. Flink's parser
 * (flink-sql-parser, generated from Calcite's `Parser.jj` template) adds the `keywords` of
 * `flink-table/flink-sql-parser/src/main/codegen/data/Parser.tdd`; a keyword that is neither in
 * that file's `nonReservedKeywords` (the full non-reserved list, which replaces Calcite's) nor in
 * its `nonReservedKeywordsToAdd` is reserved: unquoted, it is never an identifier (calcite
 * `Parser.jj`: `Identifier` takes `<IDENTIFIER>`, a quoted name or a `NonReservedKeyWord()` only),
 * so `SELECT comment FROM t` fails when the job starts ("SQL parse failed. Encountered "comment"
 * ..."), as a column name, an alias or a table name alike, and back-quoted (`` `comment` ``) it is
 * a name on every version.
 *
 * Not reserved, and so not here: Flink's keywords in `nonReservedKeywordsToAdd` (ANALYZE,
 * CHANGELOG_MODE, COLUMNS, COMPUTE, ENFORCED, ESTIMATED_COST, IF, JSON_EXECUTION_PLAN, METADATA,
 * OVERWRITE, OVERWRITING, PARTITIONED, PARTITIONS, PLAN_ADVICE, STATISTICS, VIRTUAL, and MODEL
 * from 2.1 on) and those in `nonReservedKeywords` (COMPACT, COMPILE, DRAIN, JAR, JARS, JOB, JOBS,
 * LOAD, PYTHON, REMOVE, STOP, UNLOAD), nor Calcite's non-reserved words that list keeps (DATA,
 * KEY, NAME, STATE, TYPE, VERSION, ZONE ...; STATUS is no keyword at all).
 *
 * Sources (Parser.tdd, `keywords` against `nonReservedKeywords` / `nonReservedKeywordsToAdd`):
 * - every supported version (1.19 to 2.1): reserved in the Parser.tdd of Flink 1.18's master (the
 *   parser of SHOW PROCEDURES, FLIP-311) and still in apache/flink master's;
 * - from 1.20 on: BUCKETS, DISTRIBUTED, DISTRIBUTION, HASH (the DISTRIBUTED BY clause, FLIP-376,
 *   FLINK-33495, fixed in 1.20.0; reserved in the 1.20-SNAPSHOT Parser.tdd and in master's);
 *   MATERIALIZED, FRESHNESS, REFRESH_MODE, CONTINUOUS, SUSPEND, RESUME, REFRESH (materialized
 *   tables, FLIP-435, Flink 1.20); MODELS and MODEL (model DDL, FLINK-34993, apache/flink#24769,
 *   merged 2024-05-27 for 1.20);
 * - MODEL is non-reserved again from 2.1 on: FLINK-37789 (the ML_PREDICT validation of Flink 2.1,
 *   release notes `docs/content/release-notes/flink-2.1.md`, FLINK-37777) adds it to
 *   `nonReservedKeywordsToAdd`;
 * - STRUCTURED from 2.1 on (inline structured types in SQL, FLINK-37862, apache/flink#26638;
 *   release notes flink-2.1.md, FLINK-37861).
 * Words that came after 2.1 (CONNECTIONS, FLIP-529) are not reserved on any supported version.
 */
import { SUPPORTED_FLINK_VERSIONS, type FlinkVersion } from "../deploy/kubernetes/versions.js";

const FROM_1_20: readonly FlinkVersion[] = ["v1_20", "v2_0", "v2_1"];

/** Each word Flink's parser reserves beyond Calcite's (upper case), with the supported versions that reserve it, oldest first. */
export const FLINK_RESERVED_WORDS: ReadonlyMap<string, readonly FlinkVersion[]> = new Map<string, readonly FlinkVersion[]>([
  ...(
    "BYTES CATALOGS COMMENT DATABASES EXTENDED FUNCTIONS MODIFY MODULES PROCEDURES RAW RENAME SCALA STRING TABLES TIMESTAMP_LTZ USE " +
    "VIEWS WATERMARK WATERMARKS"
  )
    .split(" ")
    .map((w): [string, readonly FlinkVersion[]] => [w, SUPPORTED_FLINK_VERSIONS]),
  ..."BUCKETS CONTINUOUS DISTRIBUTED DISTRIBUTION FRESHNESS HASH MATERIALIZED MODELS REFRESH REFRESH_MODE RESUME SUSPEND"
    .split(" ")
    .map((w): [string, readonly FlinkVersion[]] => [w, FROM_1_20]),
  ["MODEL", ["v1_20", "v2_0"]],
  ["STRUCTURED", ["v2_1"]],
]);
