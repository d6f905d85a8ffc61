/**
 * The words misplaced-names.ts reads: which words of the grammar may be column names, where an
 * operand starts, where a clause ends, and per place the keywords Flink's parser takes there (the
 * near misses its messages suggest). Sources: flink-sql-parser `src/main/codegen/data/Parser.tdd`
 * (`nonReservedKeywords`, no `extraBinaryExpressions`, no `joinTypes`) and
 * `src/main/codegen/templates/Parser.jj` (Flink's copy of calcite's: `TableRef3`, `JoinTable`,
 * `Where`, `GroupBy`, `Having`, `Qualify`, `Window`, `AddOrderItem`, `Expression2`).
 */

/** Tokens of calcite `Parser.jj` that sql-words.ts does not list (PIVOT, UNPIVOT, STRING_AGG ...): keywords here too. */
export const MORE_KEYWORDS: ReadonlySet<string> = new Set(["PIVOT", "UNPIVOT", "INCLUDE", "SEPARATOR", "GROUP_CONCAT", "STRING_AGG"]);

/**
 * Non-reserved keywords that tables often name columns (`name`, `data`, `type`, `a`): flink-sql-parser
 * `Parser.tdd` lists each in `nonReservedKeywords`, so calcite's `SimpleIdentifier` reads it as a
 * name. One is an operand right after what starts an operand (OPERAND_STARTS); elsewhere it may be
 * syntax (`IS A SET`, `KEY 'k' VALUE v`).
 */
export const COLUMN_KEYWORDS: ReadonlySet<string> = new Set(
  ("A C DATA NAME NAMES KEY TYPE SOURCE LEVEL LABEL LENGTH VERSION STATE ZONE DESCRIPTION NUMBER PATH ROLE SCALE SIZE SPACE " +
    "STYLE USAGE WORK WRITE XML ACTION CATALOG DATABASE SCHEMA DEPTH DOMAIN EPOCH INPUT OUTPUT OPTION OPTIONS PUBLIC " +
    "SECTION SEQUENCE SERVER INSTANCE").split(" "),
);

/** Tokens after which an operand starts: operators, `(`, `,` and the keywords that take one. */
export const OPERAND_STARTS: ReadonlySet<string> = new Set([
  ..."= <> != < > <= >= + - * / % || ( ,".split(" "),
  ..."AND OR NOT WHERE ON HAVING QUALIFY WHEN THEN ELSE BETWEEN LIKE BY SELECT".split(" "),
]);

/** Keywords after which a clause of the query ends, none that a name checked here follows. */
export const ENDS_CLAUSE: ReadonlySet<string> = new Set([
  "GROUP", "ORDER", "PARTITION", "WINDOW", "LIMIT", "OFFSET", "FETCH", "UNION", "INTERSECT", "EXCEPT", "MINUS", "VALUES", "WITH",
  "MEASURES", "PATTERN", "DEFINE", "EMIT", "INSERT", "CREATE",
]);

/** Words before a `(` that groups operands of a condition (`AND (a OR b)`, `IN (1, 2)`); a call's `(` follows its name. */
export const GROUPING: ReadonlySet<string> = new Set(["AND", "OR", "NOT", "WHERE", "HAVING", "QUALIFY", "ON", "IN", "WHEN", "THEN", "ELSE", "BETWEEN"]);

/** Words before a `(` that holds a table reference (`FROM (SELECT ...)`, `TABLE(...)`, `UNNEST(...)`): an alias may follow its `)`. */
export const RELATION_OPENERS: ReadonlySet<string> = new Set(["FROM", "JOIN", ",", "TABLE", "UNNEST", "LATERAL", "MATCH_RECOGNIZE"]);

/** Keywords the parser takes after an operand of a condition (`Expression2`), then the clauses that may follow one. */
const AFTER_OPERAND = ["AND", "OR", "NOT", "IS", "IN", "LIKE", "BETWEEN", "SIMILAR", "ESCAPE", "THEN", "WHEN", "ELSE", "END"];
const AFTER_WHERE = [...AFTER_OPERAND, "GROUP BY", "HAVING", "WINDOW", "QUALIFY", "ORDER BY", "LIMIT", "OFFSET", "FETCH", "UNION", "INTERSECT", "EXCEPT", "GROUP", "ORDER"];
const JOINS = ["JOIN", "LEFT", "RIGHT", "FULL", "INNER", "CROSS", "NATURAL"];

/** What may follow a table reference's alias (`TableRef3`, `JoinOrCommaTable`, `SqlSelect`), in the order suggested. */
export const AFTER_ALIAS = [
  ...["WHERE", "GROUP BY", "HAVING", "WINDOW", "QUALIFY", "ORDER BY", "LIMIT", "OFFSET", "FETCH", ...JOINS, "ON", "USING", "UNION", "INTERSECT", "EXCEPT", "TABLESAMPLE"],
  // `ORDR BY`: the word alone.
  ...["GROUP", "ORDER"],
];
/** Right after the table (no alias yet): also FOR SYSTEM_TIME and MATCH_RECOGNIZE. */
export const AFTER_TABLE = [...AFTER_ALIAS, "FOR", "MATCH_RECOGNIZE"];

/** What the messages say the parser takes after a table reference's alias. */
export const TAKES_AFTER_ALIAS = "WHERE, GROUP BY, ORDER BY, a JOIN, a comma or the end of the query";

/** Per clause: the keywords suggested for a near miss, how the message names the place, and what the parser takes there. */
export const PLACES: Readonly<Record<string, { keywords: readonly string[]; place: string; takes: string; fix: (x: string) => string }>> = (() => {
  const condition = (place: string, keywords: readonly string[]) => ({
    keywords,
    place,
    takes: "an operator (AND, OR, IS, IN, LIKE, BETWEEN, = ...) or the next clause",
    fix: (x: string) => `write the operator meant before ${x} (AND, OR, = ...), or remove ${x}`,
  });
  const list = (place: string, keywords: readonly string[], takes: string) => ({ keywords, place, takes, fix: (x: string) => `write a comma before ${x} if it is another item, or remove ${x}` });
  return {
    where: condition("the WHERE condition", AFTER_WHERE),
    having: condition("the HAVING condition", [...AFTER_OPERAND, "WINDOW", "QUALIFY", "ORDER BY", "LIMIT", "OFFSET", "FETCH", "UNION", "INTERSECT", "EXCEPT", "ORDER"]),
    qualify: condition("the QUALIFY condition", [...AFTER_OPERAND, "ORDER BY", "LIMIT", "OFFSET", "FETCH", "UNION", "INTERSECT", "EXCEPT"]),
    on: condition("the ON condition", [...AFTER_OPERAND, ...JOINS, "WHERE", "GROUP BY", "HAVING", "WINDOW", "ORDER BY", "LIMIT", "UNION", "INTERSECT", "EXCEPT"]),
    group: list("the GROUP BY list", ["HAVING", "WINDOW", "QUALIFY", "ORDER BY", "LIMIT", "OFFSET", "FETCH", "UNION", "INTERSECT", "EXCEPT"], "a comma and another item, or the next clause (HAVING, ORDER BY, LIMIT ...)"),
    order: list("the ORDER BY list", ["ASC", "DESC", "NULLS", "LIMIT", "OFFSET", "FETCH", "ROWS", "RANGE", "UNION", "INTERSECT", "EXCEPT"], "ASC, DESC, NULLS FIRST / LAST, a comma and another item, or the next clause (LIMIT ...)"),
    partition: list("the PARTITION BY list", ["ORDER BY", "ROWS", "RANGE"], "a comma and another item, or ORDER BY"),
  };
})();

/** What the parser takes after IS [NOT] (`PostfixRowOperator`, `BinaryRowOperator`: IS DISTINCT FROM), the near misses suggested there. */
export const AFTER_IS = ["NULL", "TRUE", "FALSE", "UNKNOWN", "DISTINCT"];
/** What the parser takes after a select item's alias (`AddSelectItem`, then `SqlSelect`'s FROM or a set operator). */
export const AFTER_SELECT_ALIAS = ["FROM", "UNION", "INTERSECT", "EXCEPT"];
