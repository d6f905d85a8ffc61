/**
 * Flink's implicit casts: which query column types Flink writes into a sink column without an
 * explicit CAST. Every INSERT is checked with them when the job is planned (flink
 * `table/planner/.../connectors/DynamicSinkUtils.java` `validateSchemaAndApplyImplicitCast` calls
 * `LogicalTypeCasts.supportsImplicitCast` per column, after turning every sink type nullable:
 * NOT NULL is enforced while the job runs, by `table.exec.sink.not-null-enforcer`, never here).
 * Nullable at every level: `fixSinkDataType` applies `TypeTransformations.toNullable()` through
 * `DataTypeUtils.transform`, which transforms the children of ARRAY, MULTISET, MAP and ROW first,
 * so LogicalTypeCasts' "nullable into NOT NULL" refusal never fires for a sink, nested or not:
 * `MAP<STRING, STRING>` goes into `MAP<STRING NOT NULL, STRING>`, `ROW<a INT>` into
 * `ROW<a INT NOT NULL>`, `ARRAY<INT>` into `ARRAY<INT NOT NULL>` (and NOT NULL into nullable
 * anyway). The enforcer checks top-level columns only (CommonExecSink `getNotNullFieldIndices`):
 * a nested NOT NULL is checked by nothing in Flink.
 * The rules follow flink `table/types/logical/utils/LogicalTypeCasts.java` (Flink 1.15 and later,
 * incl. 1.19, 1.20 and 2.x): widening within the integers, any number into DECIMAL and DOUBLE,
 * CHAR into VARCHAR, BINARY into VARBINARY, TIMESTAMP into DATE and TIME, TIMESTAMP and
 * TIMESTAMP_LTZ into each other; same type roots always (any length, precision or scale:
 * narrowing within a root is the runtime's `table.exec.sink.type-length-enforcer`); collections,
 * maps and rows when their element or field types are; NULL into anything.
 */
import type { DataType, IntervalResolution } from "./data-type.js";

/** Flink's LogicalTypeRoot, as this package's DataType kinds name them (INTERVAL split by resolution). */
type Root = Exclude<DataType["kind"], "INTERVAL"> | "INTERVAL_YEAR_MONTH" | "INTERVAL_DAY_TIME";

const YEAR_MONTH: ReadonlySet<IntervalResolution> = new Set(["YEAR", "YEAR_TO_MONTH", "MONTH"]);
const SINGLE_FIELD: ReadonlySet<IntervalResolution> = new Set(["YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND"]);

function root(t: DataType): Root {
  if (t.kind !== "INTERVAL") return t.kind;
  return YEAR_MONTH.has(t.resolution) ? "INTERVAL_YEAR_MONTH" : "INTERVAL_DAY_TIME";
}

const NUMERIC: readonly Root[] = ["TINYINT", "SMALLINT", "INT", "BIGINT", "DECIMAL", "FLOAT", "DOUBLE"];
const EXACT_NUMERIC: ReadonlySet<Root> = new Set(["TINYINT", "SMALLINT", "INT", "BIGINT", "DECIMAL"]);

/** Target root → the source roots it takes implicitly besides its own (LogicalTypeCasts' `implicitFrom`). */
const IMPLICIT_FROM: Partial<Record<Root, ReadonlySet<Root>>> = {
  VARCHAR: new Set(["CHAR"]),
  VARBINARY: new Set(["BINARY"]),
  DECIMAL: new Set(NUMERIC),
  SMALLINT: new Set(["TINYINT"]),
  INT: new Set(["TINYINT", "SMALLINT"]),
  BIGINT: new Set(["TINYINT", "SMALLINT", "INT"]),
  FLOAT: new Set(["TINYINT", "SMALLINT", "INT", "BIGINT", "DECIMAL"]),
  DOUBLE: new Set(NUMERIC),
  DATE: new Set(["TIMESTAMP"]),
  TIME: new Set(["TIMESTAMP"]),
  TIMESTAMP: new Set(["TIMESTAMP_LTZ"]),
  TIMESTAMP_LTZ: new Set(["TIMESTAMP"]),
};

/** The nested types a constructed type's cast compares, in order (field names are ignored). */
function children(t: DataType): readonly DataType[] | undefined {
  switch (t.kind) {
    case "ARRAY":
    case "MULTISET":
      return [t.elementType];
    case "MAP":
      return [t.keyType, t.valueType];
    case "ROW":
      return t.fields.map((f) => f.type);
    default:
      return undefined;
  }
}

/**
 * True when Flink writes a value of `source` into a sink column of `target` without an explicit
 * CAST (nullability ignored at every level, as the planner ignores it for sinks). Pure; no errors raised.
 */
export function supportsImplicitCast(source: DataType, target: DataType): boolean {
  if (source === target) return true;
  const s = root(source);
  const t = root(target);
  if (s === "NULL") return true;
  // An interval of one field and an exact number convert into each other (LogicalTypeCasts).
  if (source.kind === "INTERVAL" && EXACT_NUMERIC.has(t)) return SINGLE_FIELD.has(source.resolution);
  if (target.kind === "INTERVAL" && EXACT_NUMERIC.has(s)) return SINGLE_FIELD.has(target.resolution);
  const sc = children(source);
  const tc = children(target);
  if (sc !== undefined || tc !== undefined) {
    return s === t && sc !== undefined && tc !== undefined && sc.length === tc.length && sc.every((c, i) => supportsImplicitCast(c, tc[i]!));
  }
  // A RAW type only into the same RAW type (class and serializer); every other root into itself at
  // any length, precision or scale (LogicalTypeCasts' identity casts), and as IMPLICIT_FROM lists.
  if (s === "RAW" || t === "RAW") return s === t && source.nullable().toString() === target.nullable().toString();
  return s === t || IMPLICIT_FROM[t]?.has(s) === true;
}
