/**
 * The catalog a job's unqualified table names resolve in, per deploy target, and whether it is
 * certain to hold nothing but the job's own tables and views. Flink qualifies a one-part name with
 * the current catalog and database (flink `table/api/.../catalog/CatalogManager.java`
 * `qualifyIdentifier`), and a new TableEnvironment or SQL Gateway session starts in its default
 * catalog, named by `table.builtin-catalog-name` (default `default_catalog`; flink
 * `TableConfigOptions.java`). The script the job renders creates only the interpolated tables and
 * the views, so an undeclared name can resolve only when that default catalog is a stored one.
 *
 * - Kubernetes, Flink 1.19/1.20 (the operator's SQL runner, `examples/flink-sql-runner-example/
 *   .../SqlRunner.java`): `TableEnvironment.create(new Configuration())`, and
 *   `TableEnvironmentImpl.create` always makes the default catalog a new `GenericInMemoryCatalog`
 *   (flink `table/api/internal/TableEnvironmentImpl.java`): certain, whatever the configuration.
 * - Kubernetes, Flink 2.x (SqlDriver runs flink-sql-gateway's `service/application/ScriptRunner.java`):
 *   a session made from the cluster's configuration (`SessionContext.create`), whose default catalog
 *   is the catalog store's catalog of the built-in name when the store holds one, else a new
 *   in-memory catalog (flink-sql-gateway `service/context/SessionContext.java` `buildCatalogManager`,
 *   FLINK-32749, Flink 1.18+). The store is `table.catalog-store.kind`, default
 *   `generic_in_memory`, a new empty store each time (flink `CommonCatalogOptions.java`,
 *   `GenericInMemoryCatalogStoreFactory.java`). The cluster's configuration is the FlinkDeployment's
 *   (kubernetes.flinkConfiguration and the job's configuration): certain unless they set another store.
 * - SQL Gateway: the same `SessionContext.create`, from the gateway's own configuration (which a
 *   program cannot see) with the session's properties over it (the job's configuration, then
 *   sqlGateway.sessionProperties). The REST endpoint opens a session with no catalog of its own
 *   (flink-sql-gateway `rest/handler/session/OpenSessionHandler.java`), and the job opens a new
 *   session for each submission (deploy/sql-gateway/client.ts), so nothing of an earlier session is
 *   left. Certain only when the session itself sets `table.catalog-store.kind` to
 *   `generic_in_memory`; otherwise the gateway's configuration may set a store.
 * - No target: the script may run anywhere, so never certain.
 */
import { DEFAULT_CATALOG } from "./view-names.js";

/** The key of Flink's catalog store kind, and its in-memory kind (flink `CommonCatalogOptions.java`). */
export const CATALOG_STORE_KIND_KEY = "table.catalog-store.kind";
export const IN_MEMORY_STORE = "generic_in_memory";

/** Where a job runs, as far as its unqualified names go. */
export interface JobCatalogFacts {
  /** The deploy target; undefined: none (the job only renders). */
  readonly target: "kubernetes" | "sqlGateway" | undefined;
  /** The Kubernetes target's flinkVersion ("v1_19" ... "v2_1"), when known. */
  readonly flinkVersion?: string;
  /**
   * `table.catalog-store.kind` where the job's session or cluster gets it: the value (null when it is
   * an Output or in a map that is one) and the arg that sets it; undefined when nothing sets it.
   */
  readonly catalogStoreKind?: { readonly value: string | null; readonly path: string };
}

/** What the session that runs the job starts in, said in a message: `certain` when it holds only the job's tables and views. */
export interface CurrentCatalog {
  readonly certain: boolean;
  /** Why, as a clause: "the SQL runner runs the script in ...". */
  readonly why: string;
}

/**
 * `table.catalog-store.kind` as the job's session or cluster gets it: the job's configuration, else
 * the first deploy-target setting (`elsewhere`: sqlGateway.sessionProperties,
 * kubernetes.flinkConfiguration; a value that is no string is an Output); undefined when none sets it.
 */
export function catalogStoreKind(
  configuration: Readonly<Record<string, string>> | undefined,
  elsewhere: readonly { readonly value: unknown; readonly path: string }[] | undefined,
): JobCatalogFacts["catalogStoreKind"] {
  const own = configuration?.[CATALOG_STORE_KIND_KEY];
  const first = own !== undefined ? { value: own as unknown, path: `configuration[${JSON.stringify(CATALOG_STORE_KIND_KEY)}]` } : elsewhere?.find((e) => e.value !== undefined);
  return first === undefined ? undefined : { value: typeof first.value === "string" ? first.value : null, path: first.path };
}

/** What a new session's built-in catalog is (named by table.builtin-catalog-name); `store` says when it may be a stored catalog instead. */
const inMemory = (store?: string): string =>
  `the built-in in-memory catalog ${DEFAULT_CATALOG}, which holds only the job's tables and views` +
  (store === undefined ? "" : ` unless ${store} holds a catalog of that name`);

/** The catalog the job's unqualified names resolve in, per target (see the module comment). */
export function currentCatalog(facts: JobCatalogFacts): CurrentCatalog {
  const kind = facts.catalogStoreKind;
  const setsStore = kind !== undefined && kind.value !== IN_MEMORY_STORE;
  const store =
    kind === undefined
      ? `a catalog store (${CATALOG_STORE_KIND_KEY})`
      : `the catalog store ${kind.path} sets (${kind.value === null ? "not known at preview" : JSON.stringify(kind.value)})`;
  if (facts.target === "kubernetes") {
    if (facts.flinkVersion?.startsWith("v1_") === true) return { certain: true, why: `the SQL runner runs the script in a new TableEnvironment, which always starts in ${inMemory()}` };
    const driver = "Flink's SqlDriver runs the script in a new session, which starts in";
    if (!setsStore) return { certain: true, why: `${driver} ${inMemory()} (${kind === undefined ? `no catalog store is set: ${CATALOG_STORE_KIND_KEY}` : `${kind.path} is ${JSON.stringify(IN_MEMORY_STORE)}`})` };
    return { certain: false, why: `${driver} ${inMemory(store)}` };
  }
  if (facts.target === "sqlGateway") {
    if (kind !== undefined && !setsStore) return { certain: true, why: `the job's gateway session starts in ${inMemory()} (${kind.path} is ${JSON.stringify(IN_MEMORY_STORE)})` };
    return { certain: false, why: `a new gateway session starts in ${inMemory(kind === undefined ? `a catalog store the gateway's configuration sets (${CATALOG_STORE_KIND_KEY})` : store)}` };
  }
  return { certain: false, why: `the job has no deploy target, and a new TableEnvironment or SQL Gateway session starts in ${inMemory(store)}` };
}
