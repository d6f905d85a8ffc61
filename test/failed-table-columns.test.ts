/**
 * synth's collecting mode: a FlinkTable with a column whose type (or expression) does not read
 * still gives its other columns to the jobs (src/components/failed-flink-columns.ts), so a job's
 * column checks run in the same run; the unread column is a known name whose type and time
 * attribute the checks leave alone.
 */
import { expect } from "chai";
import { mockedApi, type Api } from "./api.js";
import { collectEachTest, jobMessages } from "./collecting.js";

const NOT_FOUND = '; Flink fails when the job starts ("Column ... not found in any table")';

describe("a FlinkTable with one bad column type: its other columns reach the jobs", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  collectEachTest();

  const columns = [
    { name: "id", type: "BIGINT" },
    { name: "page", type: "STRNG" },
    { name: "ts", type: "TIMESTAMP(3)" },
    { name: "pt", expression: "PROCTIME(" },
  ];

  it("a misspelt column is reported with the table's columns, the bad one among them; reading the bad one is no error", () => {
    const src = new api.FlinkTable("fc_src1", { columns, watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen" } });
    const sink = new api.FlinkTable("fc_sink1", { columns: [{ name: "id", type: "BIGINT" }, { name: "p", type: "STRING" }], options: { connector: "blackhole" } });
    new api.FlinkSqlJob("fc-job1", {
      statements: [api.sql`INSERT INTO ${sink} SELECT id, page FROM ${src} WHERE UPPER(pgae) <> ''`, api.sql`INSERT INTO ${sink} SELECT id, CAST(pt AS STRING) FROM ${src}`],
    });
    expect(jobMessages("fc-job1")).to.deep.equal([
      `statements[0]: the WHERE clause reads "pgae", which is not a column of FlinkTable "${src.tableName}"; did you mean "page"? (its columns: id, page, ts, pt)${NOT_FOUND}`,
    ]);
  });

  it("an INSERT into a table with a bad column counts it; a window over the unread computed column says nothing, one over a plain column still errs", () => {
    const src = new api.FlinkTable("fc_src2", { columns, watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen" } });
    const sink = new api.FlinkTable("fc_sink2", { columns: [{ name: "id", type: "BIGINT" }, { name: "n", type: "BIGNT" }], options: { connector: "blackhole" } });
    const ok = new api.FlinkTable("fc_ok2", { columns: [{ name: "id", type: "BIGINT" }, { name: "n", type: "BIGINT" }], options: { connector: "blackhole" } });
    new api.FlinkSqlJob("fc-job2", {
      statements: [
        api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`,
        api.sql`INSERT INTO ${ok} SELECT id, COUNT(*) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(pt), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, id`,
        api.sql`INSERT INTO ${ok} SELECT id, COUNT(*) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(id), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, id`,
      ],
    });
    expect(jobMessages("fc-job2")).to.deep.equal([
      `statements[0]: the SELECT list has 1 value, but FlinkTable "fc_sink2" has 2 columns to fill (id, n); Flink fails when the job starts ("Different number of columns"): ` +
        "select one value per column, in this order, or name the columns you fill, as the values' names say: INSERT INTO ${sink} (id) SELECT ...",
      `statements[2]: TUMBLE(TABLE fc_src2, DESCRIPTOR(id), ...) in a streaming job needs a time attribute, and id of FlinkTable "fc_src2" is a plain BIGINT column: ` +
        `Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); declare watermark: { column: "id", expression: "\`id\` - INTERVAL '5' SECOND" } ` +
        `on FlinkTable "fc_src2" for event time, or a computed column { name: "proc_time", expression: "PROCTIME()" } and DESCRIPTOR(proc_time) for processing time`,
    ]);
  });

  it("a column whose name does not read: no columns reach the jobs (a name the job reads could be it), as before", () => {
    const src = new api.FlinkTable("fc_src3", { columns: [{ name: "id", type: "BIGINT" }, { name: "", type: "STRING" }], options: { connector: "datagen" } });
    const sink = new api.FlinkTable("fc_sink3", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "blackhole" } });
    new api.FlinkSqlJob("fc-job3", { statements: [api.sql`INSERT INTO ${sink} SELECT page FROM ${src}`] });
    expect(jobMessages("fc-job3")).to.deep.equal([]);
  });
});
