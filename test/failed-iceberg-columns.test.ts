/**
 * synth's collecting mode: an IcebergSource or IcebergSink with a column whose type does not read
 * still gives its other columns to the jobs, with their types (src/components/failed-iceberg-columns.ts),
 * so a job's column checks run in the same run; the unread column is a known name whose type,
 * nullability and time attribute the checks leave alone.
 */
import { expect } from "chai";
import { mockedApi, type Api } from "./api.js";
import { collectedErrors } from "../src/components/collect.js";
import { collectEachTest, jobMessages } from "./collecting.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const NOT_FOUND = '; Flink fails when the job starts ("Column ... not found in any table")';
const COUNT = '; Flink fails when the job starts ("Different number of columns"): select one value per column, in this order';
const WIDENS =
  "(without a CAST Flink only widens: a smaller integer into a larger one, any number into DECIMAL or DOUBLE, an integer or DECIMAL into FLOAT, CHAR into VARCHAR, BINARY into VARBINARY, " +
  "TIMESTAMP into DATE or TIME, TIMESTAMP and TIMESTAMP_LTZ into each other)";

describe("an Iceberg table with one bad column type: its other columns reach the jobs", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  collectEachTest();
  const table = (name: string) => ({ catalog, database: "db", table: name });
  const columns = [
    { name: "id", type: "BIGINT" },
    { name: "page", type: "STRNG" },
    { name: "ts", type: "TIMESTAMP(3)" },
  ];

  it("a source: a misspelt column is reported with its columns, the bad one among them; reading the bad one is no error; SELECT * counts it", () => {
    const src = new api.IcebergSource("ic_src1", { ...table("ic_src1"), columns });
    const ok = new api.IcebergSink("ic_ok1", { ...table("ic_ok1"), columns: [{ name: "id", type: "BIGINT" }, { name: "p", type: "STRING" }] });
    new api.FlinkSqlJob("ic-job1", {
      statements: [
        api.sql`INSERT INTO ${ok} SELECT id, page FROM ${src} WHERE UPPER(pgae) <> ''`,
        api.sql`INSERT INTO ${ok} SELECT id, CAST(page AS STRING) FROM ${src} WHERE page IS NOT NULL`,
        api.sql`INSERT INTO ${ok} SELECT * FROM ${src}`,
        api.sql`INSERT INTO ${ok} SELECT id, ts FROM ${src}`,
      ],
    });
    expect(jobMessages("ic-job1")).to.deep.equal([
      `statements[0]: the WHERE clause reads "pgae", which is not a column of IcebergSource "ic_src1"; did you mean "page"? (its columns: id, page, ts)${NOT_FOUND}`,
      `statements[2]: the SELECT list has 3 values, but IcebergSink "ic_ok1" has 2 columns to fill (id, p)${COUNT}, and leave out the values that have no column`,
      `statements[3]: value 2 of the SELECT list, ts (TIMESTAMP(3)), goes into IcebergSink "ic_ok1"'s column "p" (STRING), and Flink does not convert TIMESTAMP(3) to STRING by itself: ` +
        `the job fails when it starts ("Incompatible types for sink column 'p' at position 1"). Convert it in the SELECT, e.g. CAST(\`ts\` AS STRING) ${WIDENS}`,
    ]);
  });

  it("a sink: an INSERT counts its bad column; types and NOT NULL are checked for the others, not for it nor for a bad source column", () => {
    const src = new api.IcebergSource("ic_src2", { ...table("ic_src2"), columns });
    const sink = new api.IcebergSink("ic_sink2", { ...table("ic_sink2"), columns: [{ name: "id", type: "BIGINT" }, { name: "n", type: "BIGNT" }, { name: "s", type: "STRING" }], primaryKey: ["id"] });
    new api.FlinkSqlJob("ic-job2", {
      statements: [
        api.sql`INSERT INTO ${sink} SELECT id, page FROM ${src}`,
        api.sql`INSERT INTO ${sink} SELECT id, ts, ts FROM ${src}`,
        api.sql`INSERT INTO ${sink} (id, n) SELECT id, ts FROM ${src}`,
        api.sql`INSERT INTO ${sink} SELECT CAST(NULL AS BIGINT), page, page FROM ${src}`,
        api.sql`INSERT INTO ${sink} SELECT page, CAST(NULL AS BIGINT), page FROM ${src}`,
      ],
    });
    expect(jobMessages("ic-job2")).to.deep.equal([
      `statements[0]: the SELECT list has 2 values, but IcebergSink "ic_sink2" has 3 columns to fill (id, n, s)${COUNT}, or name the column each value goes into, in the SELECT list's order: INSERT INTO \${sink} (column, ...) SELECT ...`,
      `statements[1]: value 3 of the SELECT list, ts (TIMESTAMP(3)), goes into IcebergSink "ic_sink2"'s column "s" (STRING), and Flink does not convert TIMESTAMP(3) to STRING by itself: ` +
        `the job fails when it starts ("Incompatible types for sink column 's' at position 2"). Convert it in the SELECT, e.g. CAST(\`ts\` AS STRING) ${WIDENS}`,
      `statements[3]: value 1 of the SELECT list, CAST(NULL AS BIGINT), is NULL in every row and goes into IcebergSink "ic_sink2"'s column "id" (BIGINT NOT NULL): ` +
        `Flink fails the job on its first row ("Column 'id' is NOT NULL, however, a null value is being written into it"); give the column a value`,
    ]);
  });

  it("a watermark on the bad column, a window over it: nothing said; a window over a plain column still errs", () => {
    const src = new api.IcebergSource("ic_src3", { ...table("ic_src3"), streaming: true, columns: [...columns, { name: "t2", type: "TIMESTAMP(3" }], watermark: { column: "t2" } });
    const sink = new api.IcebergSink("ic_sink3", { ...table("ic_sink3"), columns: [{ name: "id", type: "BIGINT" }, { name: "n", type: "BIGINT" }] });
    new api.FlinkSqlJob("ic-job3", {
      statements: [
        api.sql`INSERT INTO ${sink} SELECT id, COUNT(*) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(t2), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, id`,
        api.sql`INSERT INTO ${sink} SELECT id, COUNT(*) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(page), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, id`,
        api.sql`INSERT INTO ${sink} SELECT id, COUNT(*) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(id), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, id`,
      ],
    });
    expect(jobMessages("ic-job3")).to.deep.equal([
      `statements[2]: TUMBLE(TABLE ic_src3, DESCRIPTOR(id), ...) in a streaming job needs a time attribute, and id of IcebergSource "ic_src3" is a plain BIGINT column: ` +
        `Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); set watermark: { column: "id" } on IcebergSource "ic_src3" (event time from each data file's statistics)`,
    ]);
  });

  it("a column whose name does not read (empty, declared twice): no columns reach the jobs, as before", () => {
    const empty = new api.IcebergSource("ic_src4", { ...table("ic_src4"), columns: [{ name: "id", type: "BIGINT" }, { name: "", type: "STRING" }] });
    const twice = new api.IcebergSource("ic_src5", { ...table("ic_src5"), columns: [{ name: "id", type: "BIGINT" }, { name: "id", type: "STRNG" }] });
    const sink = new api.IcebergSink("ic_sink4", { ...table("ic_sink4"), columns: [{ name: "id", type: "BIGINT" }] });
    new api.FlinkSqlJob("ic-job4", { statements: [api.sql`INSERT INTO ${sink} SELECT page FROM ${empty}`, api.sql`INSERT INTO ${sink} SELECT idd FROM ${twice}`] });
    expect(jobMessages("ic-job4")).to.deep.equal([]);
  });

  it("a failed sink's commitInterval that reads still bounds the job's checkpoint interval; a writeFormat abbreviation is advised in full", () => {
    const src = new api.FlinkTable("ic_src6", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "datagen" } });
    const sink = new api.IcebergSink("ic_sink6", { ...table("ic_sink6"), commitInterval: "30s", writeFormat: "parq" as "parquet", columns: [{ name: "id", type: "BIGINT" }] });
    new api.FlinkSqlJob("ic-job6", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], configuration: { "execution.checkpointing.interval": "10min" } });
    expect(collectedErrors().flatMap((e) => e.issues.filter((i) => i.path === "writeFormat").map((i) => i.message))).to.deep.equal([
      'writeFormat must be one of "parquet", "orc", "avro", got "parq"; did you mean "parquet"?',
    ]);
    expect(jobMessages("ic-job6")).to.deep.equal([
      'configuration["execution.checkpointing.interval"]: "10min" is larger than the commitInterval "30s" of IcebergSink "ic_sink6": ' +
        "Iceberg sinks commit when a checkpoint completes, so the sink would commit less often than it asks; lower the job's interval or remove the sink's commitInterval",
    ]);
    // A commitInterval with an error of its own is not judged again by the job.
    const bad = new api.IcebergSink("ic_sink7", { ...table("ic_sink7"), commitInterval: "5ms", columns: [{ name: "id", type: "BIGINT" }] });
    new api.FlinkSqlJob("ic-job7", { statements: [api.sql`INSERT INTO ${bad} SELECT id FROM ${src}`], configuration: { "execution.checkpointing.interval": "10min" } });
    expect(jobMessages("ic-job7")).to.deep.equal([]);
  });
});
