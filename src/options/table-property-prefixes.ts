/**
 * The catalog property prefixes that set table properties of the tables a catalog creates
 * (iceberg core/.../CatalogProperties.java TABLE_OVERRIDE_PREFIX, TABLE_DEFAULT_PREFIX), with the
 * table's own property between them, in precedence: a `table-override.` property replaces the
 * table's own value, which wins over a `table-default.` one (the catalogs' table builders apply
 * defaults, then the table's properties, then overrides: BaseMetastoreCatalog, RESTSessionCatalog).
 * The connector passes every WITH option to the catalog, so each spelling reaches a created table.
 */
export const TABLE_PROPERTY_PREFIXES = ["table-override.", "", "table-default."] as const;

/** The two catalog prefixes alone (a key that starts with one names a table property behind it). */
export const CATALOG_TABLE_PREFIXES = TABLE_PROPERTY_PREFIXES.filter((p) => p !== "");

/** The catalog's table-property prefix `key` starts with (`table-default.`, `table-override.`), or undefined. */
export function catalogTablePrefix(key: string): string | undefined {
  return CATALOG_TABLE_PREFIXES.find((p) => key.startsWith(p));
}
