/**
 * Column names that are reserved words of Flink SQL, written without back-quotes. Flink's parser
 * (Calcite's, with Flink's keywords) reads an unquoted reserved word as the keyword, never as a
 * name, so `SELECT value, timestamp FROM t` or `INSERT INTO t (user, value) ...` fails when the
 * job starts ("Encountered "value" at line ..."), however the table's column is spelt; back-quoted
 * (`` `value` ``) it is the column.
 * The words here are the reserved words of SQL:2003 that Calcite's parser reserves and that
 * tables often use as column names; the full list, which also holds words Flink accepts unquoted
 * (e.g. DATA, KEY), is in flink `docs/content/docs/dev/table/sql/overview.md` ("Reserved Keywords").
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
import { quoteIdentifier } from "../types/data-type.js";

export const RESERVED_COLUMN_WORDS: ReadonlySet<string> = new Set([
  "VALUE", "VALUES", "TIMESTAMP", "TIME", "DATE", "USER", "YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND",
  "ORDER", "GROUP", "END", "START", "POSITION", "RESULT", "LANGUAGE", "COUNT", "RANK", "RANGE", "ROWS", "TABLE",
  "PARTITION", "SYSTEM", "MATCH", "WINDOW", "CURRENT", "ELEMENT", "OFFSET", "SUM", "MIN", "MAX", "AVG", "LOWER",
  "UPPER", "TRIM", "CHAR", "METHOD", "SCOPE", "SQL",
]);

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

/**
 * The reserved word `written` (as written in the statement, unquoted) when it names one of
 * `columns` (exactly, else in another case): the column, the back-quoted name to write (after
 * `qualifier` when there is one), and the word in upper case; undefined otherwise.
 */
function reservedColumn(written: string, columns: readonly TableColumn[], qualifier?: WrittenQualifier): { column: TableColumn; quoted: string; upper: string } | undefined {
  if (written.startsWith("`") || !RESERVED_COLUMN_WORDS.has(written.toUpperCase())) return undefined;
  const column = columns.find((c) => c.name === written) ?? columns.find((c) => c.name.toLowerCase() === written.toLowerCase());
  if (column === undefined) return undefined;
  const quoted = quoteIdentifier(column.name);
  const fix = qualifier?.hiddenBy !== undefined ? { shown: qualifier.hiddenBy, template: qualifier.hiddenBy } : qualifier;
  const plain = fix === undefined ? quoted : `${fix.shown}.${quoted}`;
  const template = fix === undefined ? quoted : `${fix.template}.${quoted}`;
  return { column, quoted: withTemplateForm(plain, template), upper: written.toUpperCase() };
}

/** What Flink's parser makes of the unquoted reserved word `written` where a name is expected. */
function neverAName(written: string): string {
  return `the parser never reads it as a name: the job fails when it starts ("Encountered \\"${written}\\"")`;
}

/**
 * The message for `written` (as written in the statement, unquoted), read by `where` (the SELECT
 * list, the WHERE clause) as a column of `table`, when it is a reserved word that names one of
 * `columns` (in any case); undefined otherwise. With `qualifier` (`t.value`) the word follows a
 * dot, where the parser takes no reserved word at all (see the module comment), whatever the
 * qualifier resolves to: after a table name an alias hides, the fix names the alias.
 */
export function unquotedReservedColumn(where: string, written: string, table: TableDefinition, columns: readonly TableColumn[], qualifier?: WrittenQualifier): string | undefined {
  const r = reservedColumn(written, columns, qualifier);
  if (r === undefined) return undefined;
  if (qualifier !== undefined) {
    return (
      `${where} reads the column ${JSON.stringify(r.column.name)} of ${table.label} as ${qualifier.shown}.${written} without back-quotes, but ${r.upper} is a reserved word of Flink SQL: ` +
      `the parser takes no reserved word after a dot either, so it reads ${qualifier.shown} and fails on the dot when the job starts ("Encountered \\". ${written}\\""); write ${r.quoted}` +
      (qualifier.hiddenBy !== undefined ? `: the alias ${qualifier.hiddenBy} hides the table's own name (${qualifier.shown}.${quoteIdentifier(r.column.name)} fails with "Table '${table.tableName}' not found")` : "")
    );
  }
  if (readsAsFunction(written)) {
    return `${where} has ${written} without back-quotes, which Flink's parser reads as the SQL function ${r.upper} (the name of the user), never as the column ${JSON.stringify(r.column.name)} of ${table.label}: if you mean the column, write ${r.quoted}`;
  }
  return `${where} reads the column ${JSON.stringify(r.column.name)} of ${table.label} as ${written} without back-quotes, but ${r.upper} is a reserved word of Flink SQL: ${neverAName(written)}; write ${r.quoted}`;
}

/**
 * Whether the unquoted reserved word `written` is also a function without parentheses (USER), so
 * the statement may mean it: unquotedReservedColumn's message is then a warning, not an error.
 * Never after a qualifier (`t.user`): a dot is followed by a name or nothing the parser reads.
 */
export function readsAsFunction(written: string, qualified = false): boolean {
  return !qualified && written.toUpperCase() === "USER";
}

/**
 * The message for `written` (as written, unquoted) in the column list after the INSERT's `target`
 * (`INSERT INTO ${sink} (user, value) SELECT ...`), when it is a reserved word that names one of
 * the sink's `columns` (in any case); undefined otherwise. The list takes plain identifiers only,
 * so every reserved word there (USER too) fails the parser.
 */
export function unquotedReservedSinkColumn(written: string, target: TableDefinition, columns: readonly TableColumn[]): string | undefined {
  const r = reservedColumn(written, columns);
  if (r === undefined) return undefined;
  return `the column list after ${target.label} names its column ${JSON.stringify(r.column.name)} as ${written} without back-quotes, but ${r.upper} is a reserved word of Flink SQL: ${neverAName(written)}; write ${r.quoted}`;
}
