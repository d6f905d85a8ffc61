/**
 * The Flink release that first has a built-in function, for the names of builtin-functions.ts that
 * came after Flink 1.19 (the oldest version the package deploys). Every other name there counts as
 * a function of every supported version: only a name dated with evidence is listed, and each is
 * dated conservatively, with the earliest release it can be in (a feature is merged to master and
 * released with the next release branch cut from it; features are not backported). A name dated
 * too early only keeps a check quiet on one version; a name dated too late would report a valid call.
 *
 * Release branches (the dates that decide): release-1.19 was cut on 2024-02-07 (FLINK-34282, the
 * docker "dev-master" moved to 1.20 "as a step for creating the release-1.19 branch", apache/flink-docker#177),
 * release-1.20 on 2024-06-24 (apache/flink#24974 "Update master version to 2.0-SNAPSHOT"), release-2.0
 * on 2025-01-21 (FLINK-37035, apache/flink-benchmarks#100 "Bump Flink version to 2.1-SNAPSHOT").
 *
 * Evidence per name (apache/flink pull requests, which add each name to flink-table-common's
 * `functions/BuiltInFunctionDefinitions.java`; the release notes `docs/content/release-notes/flink-2.x.md`):
 * - 1.20 (not on release-1.19): ARRAY_AGG (FLINK-21949, #23411 approved on 2024-02-07 "anyway we need
 *   to wait for a branch cut", the day release-1.19 was cut), ARRAY_SORT (FLINK-26948, #22951 still unmerged in review on
 *   2024-02-12), ARRAY_INTERSECT (FLINK-31664, #24526 in review 2024-05-23), SPLIT (FLINK-32706,
 *   #24365 merged to master 2024-05-22), URL_DECODE and URL_ENCODE (FLINK-34108, #24773 opened
 *   2024-05-12), JSON_QUOTE and JSON_UNQUOTE (FLINK-34111, #24967 opened 2024-06-20; the earlier
 *   #24156 was closed unmerged).
 * - 2.0 (opened after release-1.20 was cut): TRANSLATE (FLINK-26939, #25122, 2024-07-26), BTRIM
 *   (FLINK-35910, #25127, 2024-07-29), PRINTF (FLINK-35920, #25133, 2024-07-30), REGEXP_COUNT,
 *   REGEXP_EXTRACT_ALL, REGEXP_INSTR, REGEXP_SUBSTR (FLINK-35932, FLINK-35931, FLINK-35962,
 *   FLINK-35963; #25137, 2024-07-31), STARTSWITH and ENDSWITH (FLINK-35964, FLINK-35965; #25156,
 *   2024-08-06), ELT (FLINK-35987, #25163, 2024-08-07), UNHEX (FLINK-35993, #25176, 2024-08-08),
 *   PERCENTILE (FLINK-36123, #25291, 2024-09-05), JSON (FLINK-37175, #26022, 2025-01-20, still in
 *   review on 2025-01-31: it may be 2.1's).
 * - 2.1 (release notes flink-2.1.md): PARSE_JSON and TRY_PARSE_JSON (FLINK-37922, the VARIANT
 *   type), ML_PREDICT (FLINK-34992; flink-2.2.md: "supported ... ML_PREDICT ... since version 2.1").
 * - 2.2 (flink-2.2.md): VECTOR_SEARCH (FLINK-38422).
 * - 2.3 (flink-2.3.md): FROM_CHANGELOG and TO_CHANGELOG (FLINK-39261, FLINK-39419, FLIP-564),
 *   IS_VALID_UTF8 and MAKE_VALID_UTF8 (FLINK-39601, FLINK-39602).
 * Not dated (counted as every version's, though some came later): the other master-only names of
 * builtin-functions.ts (ML_EVALUATE, OBJECT_OF, OBJECT_UPDATE, SNAPSHOT, INET_ATON, INET_NTOA, the
 * BITMAP_* and ST_* functions ...), for which no release could be established.
 */
import { BUILTIN_FUNCTION_NAMES } from "./builtin-functions.js";

/** When a built-in function came: the first Flink release with it, and the issue that added it. */
export interface FunctionIntroduction {
  /** The function's name, upper case. */
  readonly name: string;
  /** "2.0": the first release that has the function. */
  readonly since: string;
  /** The JIRA issue that added it, for a message ("FLINK-35910"). */
  readonly issue: string;
}

const since = (version: string, entries: Record<string, string>): [string, FunctionIntroduction][] =>
  Object.entries(entries).map(([name, issue]) => [name, { name, since: version, issue }]);

/** The dated names (upper case), see the module comment. */
const INTRODUCED: ReadonlyMap<string, FunctionIntroduction> = new Map([
  ...since("1.20", {
    ARRAY_AGG: "FLINK-21949",
    ARRAY_SORT: "FLINK-26948",
    ARRAY_INTERSECT: "FLINK-31664",
    SPLIT: "FLINK-32706",
    URL_DECODE: "FLINK-34108",
    URL_ENCODE: "FLINK-34108",
    JSON_QUOTE: "FLINK-34111",
    JSON_UNQUOTE: "FLINK-34111",
  }),
  ...since("2.0", {
    TRANSLATE: "FLINK-26939",
    BTRIM: "FLINK-35910",
    PRINTF: "FLINK-35920",
    REGEXP_COUNT: "FLINK-35932",
    REGEXP_EXTRACT_ALL: "FLINK-35931",
    REGEXP_INSTR: "FLINK-35962",
    REGEXP_SUBSTR: "FLINK-35963",
    STARTSWITH: "FLINK-35964",
    ENDSWITH: "FLINK-35965",
    ELT: "FLINK-35987",
    UNHEX: "FLINK-35993",
    PERCENTILE: "FLINK-36123",
    JSON: "FLINK-37175",
  }),
  ...since("2.1", { PARSE_JSON: "FLINK-37922", TRY_PARSE_JSON: "FLINK-37922", ML_PREDICT: "FLINK-34992" }),
  ...since("2.2", { VECTOR_SEARCH: "FLINK-38422" }),
  ...since("2.3", { FROM_CHANGELOG: "FLINK-39261", TO_CHANGELOG: "FLINK-39419", IS_VALID_UTF8: "FLINK-39601", MAKE_VALID_UTF8: "FLINK-39602" }),
]);

/** [major, minor] of "v1_19" (the operator's spelling) or "1.19"; undefined for other text. */
export function versionNumbers(version: string): readonly [number, number] | undefined {
  const m = /^v?(\d+)[._](\d+)$/.exec(version);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/** a < b, both [major, minor]. */
const older = (a: readonly [number, number], b: readonly [number, number]): boolean => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** When the built-in function `name` (any case) came, or undefined when it is not dated (every supported version has it). */
export function functionIntroduction(name: string): FunctionIntroduction | undefined {
  return INTRODUCED.get(name.toUpperCase());
}

/**
 * The introduction of the built-in function `name` (any case) when `flinkVersion` ("v1_19") is
 * older than its first release: that Flink has no built-in function of the name. Undefined when it
 * has it, when the name is not dated, or when the version is unknown (undefined or unreadable).
 */
export function missingOnVersion(name: string, flinkVersion: string | undefined): FunctionIntroduction | undefined {
  const intro = functionIntroduction(name);
  const version = flinkVersion === undefined ? undefined : versionNumbers(flinkVersion);
  return intro !== undefined && version !== undefined && older(version, versionNumbers(intro.since)!) ? intro : undefined;
}

const namesOn = new Map<string, readonly string[]>();

/** The built-in function names (upper case) Flink `flinkVersion` has; all of them when the version is unknown. */
export function builtinFunctionNamesOn(flinkVersion: string | undefined): readonly string[] {
  if (flinkVersion === undefined) return BUILTIN_FUNCTION_NAMES;
  let names = namesOn.get(flinkVersion);
  if (names === undefined) namesOn.set(flinkVersion, (names = BUILTIN_FUNCTION_NAMES.filter((n) => missingOnVersion(n, flinkVersion) === undefined)));
  return names;
}
