import { expect } from "chai";
import { baseArgs, paths, planError, render, withoutCommon } from "./iceberg-table-helpers.js";

const S = "3821550127947089987";
const E = "2357271669960485754";

describe("IcebergSource read options (SPEC decision 4)", () => {
  const table: [string, Record<string, unknown>, Record<string, string>, boolean][] = [
    ["streaming unset", {}, { streaming: "false" }, true],
    ["streaming false, no ids", { streaming: false }, { streaming: "false" }, true],
    ["streaming true, no ids", { streaming: true }, { streaming: "true", "starting-strategy": "TABLE_SCAN_THEN_INCREMENTAL" }, false],
    ["streaming true, start S", { streaming: true, startSnapshotId: S }, { streaming: "true", "starting-strategy": "INCREMENTAL_FROM_SNAPSHOT_ID", "start-snapshot-id": S }, false],
    ["streaming true, end E, no start", { streaming: true, endSnapshotId: E }, { streaming: "false", "snapshot-id": E }, true],
    ["streaming true, start S, end E", { streaming: true, startSnapshotId: S, endSnapshotId: E }, { streaming: "false", "start-snapshot-id": S, "end-snapshot-id": E }, true],
    ["bigint ids", { streaming: true, startSnapshotId: BigInt(S), endSnapshotId: BigInt(E) }, { streaming: "false", "start-snapshot-id": S, "end-snapshot-id": E }, true],
    ["safe-integer number id", { streaming: true, startSnapshotId: 42 }, { streaming: "true", "starting-strategy": "INCREMENTAL_FROM_SNAPSHOT_ID", "start-snapshot-id": "42" }, false],
    ["splitSize number", { splitSize: 1048576 }, { streaming: "false", "split-size": "1048576" }, true],
    ["splitSize text", { splitSize: "64 mb" }, { streaming: "false", "split-size": "67108864" }, true],
    ["splitSize IEC text", { splitSize: "512MiB" }, { streaming: "false", "split-size": "536870912" }, true],
  ];
  for (const [title, opts, expected, bounded] of table) {
    it(`${title} renders exactly ${JSON.stringify(expected)}`, () => {
      const r = render("IcebergSource", { ...baseArgs, ...opts });
      expect(withoutCommon(r.options)).to.deep.equal(expected);
      expect(r.plan.read?.bounded).to.equal(bounded);
      expect(r.plan.read?.streamingRead).to.equal(expected["streaming"] === "true");
      expect(r.options).to.not.have.property("table.exec.iceberg.use-flip27-source");
    });
  }

  it("C15 (a): streaming start/end renders a bounded read and never compares ids numerically", () => {
    const r = render("IcebergSource", { ...baseArgs, streaming: true, startSnapshotId: S, endSnapshotId: E });
    expect(BigInt(E) < BigInt(S)).to.equal(true); // end is numerically smaller: still valid
    expect(r.options["streaming"]).to.equal("false");
    expect(r.options["start-snapshot-id"]).to.equal("3821550127947089987");
    expect(r.options["end-snapshot-id"]).to.equal("2357271669960485754");
    expect(r.ddl).to.contain("'streaming' = 'false'");
    expect(r.ddl).to.not.contain("'streaming' = 'true'");
  });

  it("C15 (b): ids with streaming false are errors naming both ids and streaming", () => {
    const e = planError("IcebergSource", { ...baseArgs, streaming: false, startSnapshotId: S, endSnapshotId: E }, "orders");
    expect(paths(e)).to.deep.equal(["startSnapshotId", "endSnapshotId"]);
    expect(e.message).to.contain('IcebergSource "orders"').and.contain("streaming");
    for (const i of e.issues) expect(i.message).to.contain("streaming: true");
  });

  it("C15 (c): start equal to end is an empty range", () => {
    const e = planError("IcebergSource", { ...baseArgs, streaming: true, startSnapshotId: S, endSnapshotId: S });
    expect(paths(e)).to.deep.equal(["endSnapshotId"]);
    expect(e.issues[0]!.message).to.contain("empty");
  });

  it("an id given as an unsafe JS number is an error that says to pass a string", () => {
    const e = planError("IcebergSource", { ...baseArgs, streaming: true, startSnapshotId: 3821550127947089987 });
    expect(paths(e)).to.deep.equal(["startSnapshotId"]);
    expect(e.issues[0]!.message).to.contain("string");
  });

  const invalid: [string, Record<string, unknown>, string[]][] = [
    ["streaming not boolean", { streaming: "yes" }, ["streaming"]],
    ["startSnapshotId not digits", { streaming: true, startSnapshotId: "abc" }, ["startSnapshotId"]],
    ["endSnapshotId zero", { streaming: true, endSnapshotId: "0" }, ["endSnapshotId"]],
    ["splitSize zero", { splitSize: 0 }, ["splitSize"]],
    ["splitSize unreadable", { splitSize: "big" }, ["splitSize"]],
    ["splitSize wrong type", { splitSize: true }, ["splitSize"]],
    ["unknown arg (typo)", { steaming: true }, ["steaming"]],
    ["a sink arg on a source", { writeFormat: "orc" }, ["writeFormat"]],
  ];
  for (const [title, opts, expected] of invalid) {
    it(`rejects ${title} at ${expected.join(", ")}`, () => {
      expect(paths(planError("IcebergSource", { ...baseArgs, ...opts }))).to.deep.equal(expected);
    });
  }

  describe("extraOptions on a source", () => {
    const rejected: [string, Record<string, unknown>, string, string][] = [
      ["starting-strategy on a read that is not streaming", {}, "starting-strategy", "streaming: true"],
      ["Starting-Strategy (not the exact key, which the runtime reads)", { streaming: true }, "Starting-Strategy", "exact key"],
      ["snapshot-id", {}, "snapshot-id", "endSnapshotId"],
      ["start-snapshot-id", {}, "start-snapshot-id", "startSnapshotId"],
      ["end-snapshot-id", {}, "end-snapshot-id", "endSnapshotId"],
      ["streaming", {}, "streaming", "set streaming"],
      ["split-size", {}, "split-size", "splitSize"],
      ["read.split.target-size", {}, "read.split.target-size", "splitSize"],
      ["use-flip27-source", {}, "table.exec.iceberg.use-flip27-source", "job-level"],
      ["tag on a streaming source", { streaming: true }, "tag", "streaming read"],
      ["end-tag on a streaming source", { streaming: true }, "end-tag", "streaming read"],
      ["start-tag on a streaming source (accepted by the runtime, never read: the whole table would be read)", { streaming: true }, "start-tag", "ContinuousSplitPlannerImpl"],
      ["start-tag with snapshot ids", { streaming: true, startSnapshotId: S }, "start-tag", "conflicts"],
      ["as-of-timestamp on a streaming source", { streaming: true, startSnapshotId: S }, "as-of-timestamp", "streaming read"],
      ["tag with snapshot ids", { streaming: true, endSnapshotId: E }, "tag", "conflicts"],
      ["a write option", {}, "write.upsert.enabled", "IcebergSink"],
      ["a credential", {}, "s3.secret-key", "Kubernetes Secret"],
      ["connector", {}, "connector", "connector"],
      ["catalog-database", {}, "catalog-database", "catalog"],
      ["Catalog-Foo (any catalog-* key)", {}, "Catalog-Foo", "catalog-*"],
    ];
    for (const [title, opts, key, fragment] of rejected) {
      it(`rejects ${title}`, () => {
        const e = planError("IcebergSource", { ...baseArgs, ...opts, extraOptions: { [key]: "x" } });
        expect(paths(e)).to.deep.equal([`extraOptions[${JSON.stringify(key)}]`]);
        expect(e.issues[0]!.message).to.contain(fragment);
      });
    }
    it("accepts tag and as-of-timestamp on a bounded read without ids, and other read options", () => {
      const r = render("IcebergSource", { ...baseArgs, extraOptions: { tag: "v1", "monitor-interval": "10s" } });
      expect(r.options["tag"]).to.equal("v1");
      expect(r.options["monitor-interval"]).to.equal("10s");
    });
    it("accepts start-tag and end-tag on a bounded read (the batch planner reads them)", () => {
      const r = render("IcebergSource", { ...baseArgs, extraOptions: { "start-tag": "v1", "end-tag": "v2" } });
      expect(r.options).to.include({ "start-tag": "v1", "end-tag": "v2", streaming: "false" });
    });
  });

  describe("a streaming read's own starting strategy (extraOptions, exact keys)", () => {
    const chosen: [string, Record<string, string>][] = [
      ["INCREMENTAL_FROM_LATEST_SNAPSHOT", { "starting-strategy": "INCREMENTAL_FROM_LATEST_SNAPSHOT" }],
      ["INCREMENTAL_FROM_LATEST_SNAPSHOT_EXCLUSIVE", { "starting-strategy": "INCREMENTAL_FROM_LATEST_SNAPSHOT_EXCLUSIVE" }],
      ["INCREMENTAL_FROM_EARLIEST_SNAPSHOT", { "starting-strategy": "INCREMENTAL_FROM_EARLIEST_SNAPSHOT" }],
      ["TABLE_SCAN_THEN_INCREMENTAL (the product's own choice, written out)", { "starting-strategy": "TABLE_SCAN_THEN_INCREMENTAL" }],
      ["INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP with its timestamp", { "starting-strategy": "INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP", "start-snapshot-timestamp": "1767225600000" }],
    ];
    for (const [title, extra] of chosen) {
      it(`${title}: rendered instead of TABLE_SCAN_THEN_INCREMENTAL, an unbounded streaming read`, () => {
        const r = render("IcebergSource", { ...baseArgs, streaming: true, extraOptions: extra });
        expect(withoutCommon(r.options)).to.deep.equal({ streaming: "true", ...extra });
        expect(r.plan.read).to.include({ bounded: false, streamingRead: true, pinnedBySnapshotIds: false });
        expect(r.plan.warnings).to.deep.equal([]);
      });
    }

    const wrong: [string, Record<string, unknown>, Record<string, string>, { path: string; message: string }[]][] = [
      [
        "not a streaming read",
        { streaming: false },
        { "starting-strategy": "INCREMENTAL_FROM_LATEST_SNAPSHOT" },
        [{ path: 'extraOptions["starting-strategy"]', message: '"starting-strategy" applies to a streaming read only; set streaming: true (without snapshot ids) to follow the table, or remove it' }],
      ],
      [
        "with startSnapshotId",
        { streaming: true, startSnapshotId: S },
        { "starting-strategy": "INCREMENTAL_FROM_LATEST_SNAPSHOT" },
        [{ path: 'extraOptions["starting-strategy"]', message: '"starting-strategy" conflicts with startSnapshotId, which renders the INCREMENTAL_FROM_SNAPSHOT_ID strategy with its id; use one of them' }],
      ],
      [
        "on a bounded read (endSnapshotId)",
        { streaming: true, endSnapshotId: E },
        { "starting-strategy": "INCREMENTAL_FROM_EARLIEST_SNAPSHOT", "start-snapshot-timestamp": "1" },
        [
          { path: 'extraOptions["starting-strategy"]', message: '"starting-strategy" has no effect on a bounded read (endSnapshotId makes this read end); remove it' },
          { path: 'extraOptions["start-snapshot-timestamp"]', message: '"start-snapshot-timestamp" has no effect on a bounded read (endSnapshotId makes this read end); remove it' },
        ],
      ],
      [
        "INCREMENTAL_FROM_SNAPSHOT_ID (startSnapshotId's)",
        { streaming: true },
        { "starting-strategy": "INCREMENTAL_FROM_SNAPSHOT_ID" },
        [{ path: 'extraOptions["starting-strategy"]', message: "set startSnapshotId instead: it renders INCREMENTAL_FROM_SNAPSHOT_ID together with the id" }],
      ],
      [
        "lower case",
        { streaming: true },
        { "starting-strategy": "incremental_from_latest_snapshot" },
        [
          {
            path: 'extraOptions["starting-strategy"]',
            message:
              '"incremental_from_latest_snapshot" is no starting strategy; use one of TABLE_SCAN_THEN_INCREMENTAL, INCREMENTAL_FROM_LATEST_SNAPSHOT, INCREMENTAL_FROM_LATEST_SNAPSHOT_EXCLUSIVE, INCREMENTAL_FROM_EARLIEST_SNAPSHOT, INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP; write "INCREMENTAL_FROM_LATEST_SNAPSHOT" (exact upper case)',
          },
        ],
      ],
      [
        "the timestamp strategy without its timestamp",
        { streaming: true },
        { "starting-strategy": "INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP" },
        [
          {
            path: 'extraOptions["starting-strategy"]',
            message: 'INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP needs extraOptions["start-snapshot-timestamp"], the epoch milliseconds to start from (the runtime fails with "Invalid starting snapshot timestamp ... null")',
          },
        ],
      ],
      [
        "a timestamp that is no epoch milliseconds",
        { streaming: true },
        { "starting-strategy": "INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP", "start-snapshot-timestamp": "last monday" },
        [{ path: 'extraOptions["start-snapshot-timestamp"]', message: '"last monday" is no timestamp: write the epoch milliseconds as digits, e.g. "1767225600000" for 2026-01-01T00:00:00Z' }],
      ],
      [
        "a timestamp in epoch seconds",
        { streaming: true },
        { "starting-strategy": "INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP", "start-snapshot-timestamp": "1767225600" },
        [
          {
            path: 'extraOptions["start-snapshot-timestamp"]',
            message: "1767225600 looks like epoch seconds (2026-01-01T00:00:00.000Z); the runtime reads milliseconds, where it means January 1970: write 1767225600000",
          },
        ],
      ],
      [
        "a timestamp as date text (converted in the message; no zone read as UTC)",
        { streaming: true },
        { "starting-strategy": "INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP", "start-snapshot-timestamp": "2026-01-01T00:00:00Z" },
        [{ path: 'extraOptions["start-snapshot-timestamp"]', message: '"2026-01-01T00:00:00Z" is a date text; the runtime reads epoch milliseconds as digits: write "1767225600000" (2026-01-01T00:00:00.000Z)' }],
      ],
      [
        "a timestamp in epoch microseconds",
        { streaming: true },
        { "starting-strategy": "INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP", "start-snapshot-timestamp": "1767225600000000" },
        [{ path: 'extraOptions["start-snapshot-timestamp"]', message: "1767225600000000 looks like epoch microseconds (2026-01-01T00:00:00.000Z); the runtime reads milliseconds: write 1767225600000" }],
      ],
      [
        "a timestamp of another era",
        { streaming: true },
        { "starting-strategy": "INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP", "start-snapshot-timestamp": "9007199254740991" + "0" },
        [
          {
            path: 'extraOptions["start-snapshot-timestamp"]',
            message: '90071992547409910 is no epoch-millisecond timestamp of this era (13 digits); write the milliseconds, e.g. "1767225600000" for 2026-01-01T00:00:00Z',
          },
        ],
      ],
      [
        "a timestamp without the timestamp strategy",
        { streaming: true },
        { "start-snapshot-timestamp": "1767225600000" },
        [{ path: 'extraOptions["start-snapshot-timestamp"]', message: '"start-snapshot-timestamp" is read only with extraOptions["starting-strategy"] = "INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP"; set that too, or remove it' }],
      ],
      [
        "a timestamp with another strategy",
        { streaming: true },
        { "starting-strategy": "INCREMENTAL_FROM_LATEST_SNAPSHOT", "start-snapshot-timestamp": "1767225600000" },
        [{ path: 'extraOptions["start-snapshot-timestamp"]', message: '"start-snapshot-timestamp" is read only with the INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP strategy, and this source chose INCREMENTAL_FROM_LATEST_SNAPSHOT; remove it' }],
      ],
    ];
    for (const [title, opts, extra, issues] of wrong) {
      it(`rejects a starting strategy ${title}, once, at its extraOptions key`, () => {
        expect(planError("IcebergSource", { ...baseArgs, ...opts, extraOptions: extra }).issues).to.deep.equal(issues);
      });
    }

    it("a future timestamp is a warning (the source fails at start until a snapshot at or after it exists)", () => {
      const r = render("IcebergSource", { ...baseArgs, streaming: true, extraOptions: { "starting-strategy": "INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP", "start-snapshot-timestamp": "4102444800000" } });
      expect(r.plan.warnings).to.deep.equal([
        {
          path: 'extraOptions["start-snapshot-timestamp"]',
          message:
            '4102444800000 (2100-01-01T00:00:00.000Z) is in the future: until a snapshot is committed at or after it, the source fails at start ("Cannot find a snapshot after: 4102444800000", ContinuousSplitPlannerImpl.startSnapshot) and the job restarts; for "only what is committed from now on" use INCREMENTAL_FROM_LATEST_SNAPSHOT_EXCLUSIVE (Iceberg 1.10.0+)',
        },
      ]);
    });

    it("date texts: converted only when they are real dates of this era in ISO form (no rolled-over days, no lenient parsing)", () => {
      const message = (t: string): string =>
        planError("IcebergSource", { ...baseArgs, streaming: true, extraOptions: { "starting-strategy": "INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP", "start-snapshot-timestamp": t } }).issues[0]!.message;
      expect(message("2026-01-01 10:30")).to.contain('write "1767263400000" (2026-01-01T10:30:00.000Z)');
      expect(message("2026-01-01T00:00:00.5+01:00")).to.contain('write "1767222000500" (2025-12-31T23:00:00.500Z)');
      for (const t of ["2026-02-30", "2026-01-01T25:00", "1999-01-01", "9999-12-31", "2026-01-01 junk", "2026-01-01 (UTC)"]) expect(message(t), t).to.contain("is no timestamp");
    });

    it("reads the args as given: a bad snapshot id still shows the strategy conflict, a bad streaming value adds no strategy error", () => {
      expect(paths(planError("IcebergSource", { ...baseArgs, streaming: true, startSnapshotId: "abc", extraOptions: { "starting-strategy": "INCREMENTAL_FROM_LATEST_SNAPSHOT" } }))).to.deep.equal([
        "startSnapshotId",
        'extraOptions["starting-strategy"]',
      ]);
      expect(paths(planError("IcebergSource", { ...baseArgs, streaming: "yes", extraOptions: { "starting-strategy": "INCREMENTAL_FROM_LATEST_SNAPSHOT" } }))).to.deep.equal(["streaming"]);
    });

    it("START-TAG (not the key the runtime reads) does not get start-tag's explanation", () => {
      const r = render("IcebergSource", { ...baseArgs, streaming: true, extraOptions: { "START-TAG": "v1" } });
      expect(r.plan.warnings.map((w) => w.message).join("\n")).to.not.contain("ContinuousSplitPlannerImpl");
    });

    it("a starting strategy in catalog.properties, or on a sink, is still the covered key's error", () => {
      expect(paths(planError("IcebergSource", { ...baseArgs, streaming: true, catalog: { ...(baseArgs.catalog as object), properties: { "starting-strategy": "INCREMENTAL_FROM_LATEST_SNAPSHOT" } } }))).to.deep.equal([
        'catalog.properties["starting-strategy"]',
      ]);
      expect(planError("IcebergSink", { ...baseArgs, extraOptions: { "starting-strategy": "INCREMENTAL_FROM_LATEST_SNAPSHOT" } }).issues[0]!.message).to.contain("read option of IcebergSource");
    });
  });
});

describe("extraOptions of the other side of the connector (new-user trial)", () => {
  it("a write option on a source, a read option on a sink, a streaming-only option on a bounded read: warnings (the runtime ignores them)", () => {
    const src = render("IcebergSource", { ...baseArgs, extraOptions: { "monitor-interval": "30s", "write-parallelism": "2", "split-lookback": "10", branch: "audit" } });
    expect(src.plan.warnings.map((w) => [w.path, w.message])).to.deep.equal([
      ['extraOptions["monitor-interval"]', '"monitor-interval" is read only by a streaming read (streaming: true without endSnapshotId), and this source reads once (iceberg FlinkReadOptions / FlinkWriteOptions): the runtime ignores it; remove it'],
      ['extraOptions["write-parallelism"]', '"write-parallelism" is a write option, which a source never reads (iceberg FlinkReadOptions / FlinkWriteOptions): the runtime ignores it; remove it'],
    ]);
    expect(render("IcebergSource", { ...baseArgs, streaming: true, extraOptions: { "monitor-interval": "30s" } }).plan.warnings).to.deep.equal([]);
    const snk = render("IcebergSink", { ...baseArgs, extraOptions: { "case-sensitive": "true", "write-parallelism": "2", branch: "audit" } });
    expect(snk.plan.warnings.map((w) => [w.path, w.message])).to.deep.equal([
      ['extraOptions["case-sensitive"]', '"case-sensitive" is a read option, which a sink never reads (iceberg FlinkReadOptions / FlinkWriteOptions): the runtime ignores it; remove it'],
    ]);
  });
});
