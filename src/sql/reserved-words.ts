/**
 * Column names that are reserved words of Flink SQL, written without back-quotes. Flink's parser
 * (Calcite's, with Flink's keywords) reads an unquoted reserved word as the keyword, never as a
 * name, so `SELECT value, timestamp FROM t` or `INSERT INTO t (user, value) ...` fails when the
 * job starts ("Encountered "value" at line ..."), however the table's column is spelt; back-quoted
 * (`` `value` ``) it is the column.
 * The words are the reserved words of SQL:2003 that Calcite's parser reserves and that tables
 * often use as column names (SQL_2003_WORDS; the full list, which also holds words Flink accepts
 * unquoted such as DATA and KEY, is in flink `docs/content/docs/dev/table/sql/overview.md`,
 * "Reserved Keywords"), and the words Flink's own parser reserves beyond Calcite's
 * (flink-reserved-words.ts: `comment`, `views`, `bytes`, `watermark` ...), some only on some Flink
 * versions: such a word is an error on a job whose flinkVersion reserves it, nothing on one whose
 * version does not, and a warning naming the versions where the version is not known at preview
 * (a SQL Gateway target, or a job without a target).
 *
 * After a qualifier (`t.value`, `${source}.timestamp`, `t.user`) the word is refused too: every
 * dot in Calcite's grammar is followed by an identifier segment or `*` (calcite
 * `core/src/main/codegen/templates/Parser.jj`: `CompoundIdentifier` reads `<DOT>
 * IdentifierSegment` under LOOKAHEAD(2), and `IdentifierSegment` takes a plain, quoted or
 * back-quoted identifier or a `NonReservedKeyWord()` only; the `<DOT> SimpleIdentifier()` of
 * `Expression2b` for field access goes through the same segment), and flink-sql-parser's
 * `src/main/codegen/data/Parser.tdd` makes none of these words non-reserved
 * (`nonReservedKeywordsToAdd`). So `t.value` stops at `t` and the parser fails on the dot
 * ("Encountered \". value\""; apache/iceberg#2822 shows the same for `hive_catalog.default`), and
 * USER after a dot is no function call either: always an error.
 */
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import { flinkVersionLabel, isSupportedFlinkVersion, SUPPORTED_FLINK_VERSIONS, type FlinkVersion } from "../deploy/kubernetes/versions.js";
import { quoteIdentifier } from "../types/data-type.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { FLINK_RESERVED_WORDS } from "./flink-reserved-words.js";

/** The reserved words of SQL:2003 that Calcite's parser reserves on every Flink version, as tables often name columns. */
const SQL_2003_WORDS: ReadonlySet<string> = new Set([
  "VALUE", "VALUES", "TIMESTAMP", "TIME", "DATE", "USER", "YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND",
  "ORDER", "GROUP", "END", "START", "POSITION", "RESULT", "LANGUAGE", "COUNT", "RANK", "RANGE", "ROWS", "TABLE",
  "PARTITION", "SYSTEM", "MATCH", "WINDOW", "CURRENT", "ELEMENT", "OFFSET", "SUM", "MIN", "MAX", "AVG", "LOWER",
  "UPPER", "TRIM", "CHAR", "METHOD", "SCOPE", "SQL",
]);

/**
 * Every word above, and every word Flink's parser reserves on some supported version
 * (flink-reserved-words.ts), in upper case: a name that must be back-quoted somewhere. Whether the
 * job's own version reserves it: reservation.
 */
export const RESERVED_COLUMN_WORDS: ReadonlySet<string> = new Set([...SQL_2003_WORDS, ...FLINK_RESERVED_WORDS.keys()]);

/** Calcite's `<IDENTIFIER>` token: a `LETTER` (ASCII letters, `_`, the Latin-1 and other letters from U+00C0 to U+1FFF) then letters, digits and `$` (calcite `Parser.jj`). */
const LETTER = "A-Za-z_\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u1fff";
const PLAIN_NAME = new RegExp(`^[${LETTER}][${LETTER}0-9$]*$`);

/**
 * `name` as it must be written in SQL: back-quoted (quoteIdentifier) when it is one of `words`
 * (RESERVED_COLUMN_WORDS; a caller that may meet any keyword passes sql-words.ts SQL_WORDS, where
 * a back-quote too many is harmless) or no plain identifier (a space, a dash: PLAIN_NAME), as it is otherwise.
 */
export function sqlName(name: string, words: ReadonlySet<string> = RESERVED_COLUMN_WORDS): string {
  return PLAIN_NAME.test(name) && !words.has(name.toUpperCase()) ? name : quoteIdentifier(name);
}

/**
 * `written` (SQL text) for a message, followed by how a sql`...` template writes it when it holds
 * back-quotes: there a back-quote ends the template literal, so it is written \` (`template`: the
 * same text with an interpolated table as `${<the FlinkTable object>}`).
 */
export function withTemplateForm(written: string, template = written): string {
  return written.includes("`") ? `${written} (in a sql\`...\` template: ${template.replace(/`/g, "\\`")})` : written;
}

/**
 * A qualifier written before a column name (`t.`, `` `my t`. ``, `${source}.`): as the script
 * shows it and as a sql`...` template writes it (`${source}` as `${<the FlinkTable object>}`).
 */
export interface WrittenQualifier {
  readonly shown: string;
  readonly template: string;
  /** The alias that hides it (`${source}.` after `FROM ${source} AS s`), as the fix is to write it: the qualifier to write instead. */
  readonly hiddenBy?: string;
}

/** Where Flink's parser reserves a word, as a message says it: errors unless `warning`. */
interface Reservation {
  /** `VALUE is a reserved word of Flink SQL`, with the versions and the parser file for Flink's own words. */
  readonly is: string;
  /** Said before what the parser does (`on those versions `) when it is so only on some versions. */
  readonly on: string;
  /** True when the job's Flink version is not known and only some versions reserve the word. */
  readonly warning: boolean;
}

/** Why Flink's own parser refuses the word (flink-reserved-words.ts). */
const PARSER_TDD = "flink-sql-parser's Parser.tdd lists it among its keywords, not among the non-reserved ones";

/** "Flink 1.20, 2.0 and 2.1". */
function versionList(versions: readonly FlinkVersion[]): string {
  const labels = versions.map((v, i) => (i === 0 ? flinkVersionLabel(v) : flinkVersionLabel(v).replace(/^Flink /, "")));
  return labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]!}`;
}

/**
 * Whether the parser of `flinkVersion` ("v1_19" ... "v2_1"; undefined or another value: not
 * known) refuses the unquoted word `upper` as a name, and how a message says so; undefined when
 * it takes the word. A word only some versions reserve is a warning naming them when the version
 * is not known, and nothing on a known version that takes it.
 */
export function reservation(upper: string, flinkVersion: string | undefined): Reservation | undefined {
  if (SQL_2003_WORDS.has(upper)) return { is: `${upper} is a reserved word of Flink SQL`, on: "", warning: false };
  const versions = FLINK_RESERVED_WORDS.get(upper);
  if (versions === undefined) return undefined;
  const known = isSupportedFlinkVersion(flinkVersion) ? flinkVersion : undefined;
  if (known !== undefined && !versions.includes(known)) return undefined;
  if (versions.length === SUPPORTED_FLINK_VERSIONS.length) return { is: `${upper} is a reserved word of Flink SQL (Flink's parser reserves it: ${PARSER_TDD})`, on: "", warning: false };
  if (known !== undefined) {
    const is = `${upper} is a reserved word of Flink SQL on ${flinkVersionLabel(known)}, the version this job runs on (Flink's parser reserves it in ${versionList(versions)}: ${PARSER_TDD})`;
    return { is, on: "", warning: false };
  }
  const others = SUPPORTED_FLINK_VERSIONS.filter((v) => !versions.includes(v));
  return {
    is:
      `${upper} is a reserved word of Flink SQL in ${versionList(versions)} (Flink's parser reserves it there: ${PARSER_TDD}; ${versionList(others)} ${others.length === 1 ? "reads" : "read"} it as a name), ` +
      "and the Flink version this job runs on is not known at preview",
    on: "on those versions ",
    warning: true,
  };
}

/** Reports `use` at `at`: an error, or a warning where the statement may mean the function (USER) or only some versions reserve the word. */
export function reportReserved(at: string, use: ReservedUse, diag: Diagnostics): void {
  if (use.warning) diag.warn(at, use.message);
  else diag.error(at, use.message);
}

/** A reserved word read as a column: the message, and whether it is a warning (USER, which may mean the function; a word only some versions reserve, on an unknown version) rather than an error. */
export interface ReservedUse {
  readonly message: string;
  readonly warning: boolean;
}

/**
 * The reserved word `written` (as written in the statement, unquoted) when it names one of
 * `columns` (exactly, else in another case) and the parser of `flinkVersion` may refuse it: the
 * column, the back-quoted name to write (after `qualifier` when there is one), the word in upper
 * case and its reservation; undefined otherwise.
 */
function reservedColumn(
  written: string,
  columns: readonly TableColumn[],
  flinkVersion: string | undefined,
  qualifier?: WrittenQualifier,
): { column: TableColumn; quoted: string; upper: string; why: Reservation } | undefined {
  if (written.startsWith("`")) return undefined;
  const upper = written.toUpperCase();
  const why = reservation(upper, flinkVersion);
  if (why === undefined) return undefined;
  const column = columns.find((c) => c.name === written) ?? columns.find((c) => c.name.toLowerCase() === written.toLowerCase());
  if (column === undefined) return undefined;
  const quoted = quoteIdentifier(column.name);
  const fix = qualifier?.hiddenBy !== undefined ? { shown: qualifier.hiddenBy, template: qualifier.hiddenBy } : qualifier;
  const plain = fix === undefined ? quoted : `${fix.shown}.${quoted}`;
  const template = fix === undefined ? quoted : `${fix.template}.${quoted}`;
  return { column, quoted: withTemplateForm(plain, template), upper, why };
}

/** What Flink's parser makes of the unquoted reserved word `written` where a name is expected (`on`: Reservation.on). */
function neverAName(written: string, on: string): string {
  return `${on}the parser never reads it as a name: the job fails when it starts ("Encountered \\"${written}\\"")`;
}

/**
 * The message for `written` (as written in the statement, unquoted), read by `where` (the SELECT
 * list, the WHERE clause) as a column of `table`, when it is a word the parser of `flinkVersion`
 * reserves (reservation) and names one of `columns` (in any case); undefined otherwise. With
 * `qualifier` (`t.value`) the word follows a dot, where the parser takes no reserved word at all
 * (see the module comment), whatever the qualifier resolves to: after a table name an alias
 * hides, the fix names the alias.
 */
export function unquotedReservedColumn(
  where: string,
  written: string,
  table: TableDefinition,
  columns: readonly TableColumn[],
  flinkVersion: string | undefined,
  qualifier?: WrittenQualifier,
): ReservedUse | undefined {
  const r = reservedColumn(written, columns, flinkVersion, qualifier);
  if (r === undefined) return undefined;
  const warning = r.why.warning;
  if (qualifier !== undefined) {
    const message =
      `${where} reads the column ${JSON.stringify(r.column.name)} of ${table.label} as ${qualifier.shown}.${written} without back-quotes, but ${r.why.is}: ` +
      `${r.why.on}the parser takes no reserved word after a dot either, so it reads ${qualifier.shown} and fails on the dot when the job starts ("Encountered \\". ${written}\\""); write ${r.quoted}` +
      (qualifier.hiddenBy !== undefined ? `: the alias ${qualifier.hiddenBy} hides the table's own name (${qualifier.shown}.${quoteIdentifier(r.column.name)} fails with "Table '${table.tableName}' not found")` : "");
    return { message, warning };
  }
  if (readsAsFunction(written)) {
    const message = `${where} has ${written} without back-quotes, which Flink's parser reads as the SQL function ${r.upper} (the name of the user), never as the column ${JSON.stringify(r.column.name)} of ${table.label}: if you mean the column, write ${r.quoted}`;
    return { message, warning: true };
  }
  return { message: `${where} reads the column ${JSON.stringify(r.column.name)} of ${table.label} as ${written} without back-quotes, but ${r.why.is}: ${neverAName(written, r.why.on)}; write ${r.quoted}`, warning };
}

/**
 * Whether the unquoted reserved word `written` is also a function without parentheses (USER), so
 * the statement may mean it: unquotedReservedColumn's message is then a warning, not an error.
 * Never after a qualifier (`t.user`): a dot is followed by a name or nothing the parser reads.
 */
function readsAsFunction(written: string): boolean {
  return written.toUpperCase() === "USER";
}

/**
 * The message for `written` (as written, unquoted) in the column list after the INSERT's `target`
 * (`INSERT INTO ${sink} (user, value) SELECT ...`), when it is a word the parser of `flinkVersion`
 * reserves (reservation) and names one of the sink's `columns` (in any case); undefined otherwise.
 * The list takes plain identifiers only, so every reserved word there (USER too) fails the parser.
 */
export function unquotedReservedSinkColumn(written: string, target: TableDefinition, columns: readonly TableColumn[], flinkVersion: string | undefined): ReservedUse | undefined {
  const r = reservedColumn(written, columns, flinkVersion);
  if (r === undefined) return undefined;
  return {
    message: `the column list after ${target.label} names its column ${JSON.stringify(r.column.name)} as ${written} without back-quotes, but ${r.why.is}: ${neverAName(written, r.why.on)}; write ${r.quoted}`,
    warning: r.why.warning,
  };
}

/**
 * The message for the alias `aliasWritten` (as written after AS, unquoted) of the SELECT item
 * `item` (as shown), when the parser of `flinkVersion` reserves it (reservation): an alias is a
 * `SimpleIdentifier` in Calcite's grammar (`SelectItem`: `[ AS ] SimpleIdentifier()`), which takes
 * no reserved word, so `COUNT(*) AS count` or `x AS comment` fails when the job starts; undefined otherwise.
 */
export function unquotedReservedAlias(item: string, aliasWritten: string, flinkVersion: string | undefined): ReservedUse | undefined {
  if (aliasWritten.startsWith("`")) return undefined;
  const why = reservation(aliasWritten.toUpperCase(), flinkVersion);
  if (why === undefined) return undefined;
  return {
    message: `the SELECT item ${item} names its value ${aliasWritten} without back-quotes, but ${why.is}: ${neverAName(aliasWritten, why.on)}; write ${withTemplateForm(`AS ${quoteIdentifier(aliasWritten)}`)}`,
    warning: why.warning,
  };
}
