/**
 * An official Flink image with tables whose connector the distribution lacks (connector-jars.ts):
 * an error when nothing in the FlinkDeployment adds jars, a warning when something may; a custom
 * image and a job of distribution connectors only stay quiet. A tag the official images never
 * carry (`flink:1.20-iceberg`, a local build) is a warning when nothing adds jars, quiet otherwise.
 * The job facts come from the tables.
 */
import { expect } from "chai";
import { run } from "./kubernetes-args-fixture.js";
import { issuesOf, issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";
import { isOfficialFlinkTag } from "../src/deploy/kubernetes/image-version.js";

const OFFICIAL = "flink:2.1.0-scala_2.12-java17";
const V21 = { image: OFFICIAL, flinkVersion: "v2_1" as const, sqlRunner: undefined };
const USES =
  `"${OFFICIAL}" is an official Flink image, whose lib/ holds no connector but filesystem, datagen, print and blackhole, and the job uses ` +
  `IcebergSink "daily" (connector 'iceberg': iceberg-flink-runtime-2.1-<iceberg version>.jar); FlinkTable "events" (connector 'kafka': flink-sql-connector-kafka-<connector version>-2.1.jar)`;
const FAILS = `so the job fails when it starts ("Could not find any factory for identifier 'iceberg'"; flink FactoryUtil)`;
const CUSTOM = `build an image FROM "${OFFICIAL}" that copies those jars into /opt/flink/lib and set kubernetes.image to it`;
const ADDED = { addedConnectors: [{ label: 'IcebergSink "daily"', connector: "iceberg" }, { label: 'FlinkTable "events"', connector: "kafka" }] };

describe("kubernetes: connectors an official Flink image does not hold", () => {
  it("nothing adds jars: an error at kubernetes.image naming each connector's jar and both remedies", () => {
    expect(run(V21, ADDED)).to.deep.equal({
      errors: [
        {
          path: "kubernetes.image",
          message:
            `${USES}; nothing in the FlinkDeployment adds jars (no podTemplate volume or init container, no pipeline.jars / pipeline.classpaths), ${FAILS}. ` +
            `B${CUSTOM.slice(1)}, or add them with kubernetes.podTemplate (an init container that downloads them into a volume) and name them in pipeline.classpaths`,
        },
      ],
      warnings: [],
    });
  });

  it("a podTemplate volume or pipeline.classpaths may bring them: a warning naming what", () => {
    const podTemplate = { spec: { volumes: [{ name: "jars", emptyDir: {} }], initContainers: [{ name: "fetch", image: "curlimages/curl:8.8.0" }] } };
    expect(run({ ...V21, podTemplate, flinkConfiguration: { "pipeline.classpaths": "file:///opt/jars/iceberg.jar" } }, ADDED)).to.deep.equal({
      errors: [],
      warnings: [
        {
          path: "kubernetes.image",
          message: `${USES}; unless the podTemplate's volumes or init containers or pipeline.classpaths bring those jars, ${FAILS}. Make sure they do (then acknowledge this warning with acknowledgedWarnings), or ${CUSTOM}`,
        },
      ],
    });
  });

  it("quiet: a custom image, an official image with distribution connectors only", () => {
    expect(run({ ...V21, image: "registry.example.com/flink-iceberg:2.1" }, ADDED)).to.deep.equal({ errors: [], warnings: [] });
    expect(run(V21, {})).to.deep.equal({ errors: [], warnings: [] });
  });

  describe("a tag no official image carries: a local build", () => {
    const ICEBERG = { addedConnectors: [{ label: 'IcebergSink "daily"', connector: "iceberg" }] };
    const V120 = { flinkVersion: "v1_20" as const };
    const localBuild = (image: string, tag: string): string =>
      `${JSON.stringify(image)} is in an official Flink repository, but its tag ${JSON.stringify(tag)} is none the official images carry ` +
      `(<version>[-scala_<v>][-java<n>], scala_<v>[-java<n>], java<n>, latest; apache/flink-docker), so it is taken for an image built and tagged locally (docker build, loaded into kind or minikube: no registry of the official images serves such a tag). ` +
      `The job uses IcebergSink "daily" (connector 'iceberg': iceberg-flink-runtime-1.20-<iceberg version>.jar), which the official image's lib/ does not hold: unless this image copies those jars into /opt/flink/lib, ` +
      `so the job fails when it starts ("Could not find any factory for identifier 'iceberg'"; flink FactoryUtil). ` +
      `Make sure it does (then acknowledge this warning with acknowledgedWarnings), or tag it under a repository of its own (e.g. ${JSON.stringify(`flink-iceberg:${tag}`)}), which is not taken for the official image`;

    it("flink:1.20-iceberg, flink:custom, docker.io/library/flink:1.20.1-iceberg-1.7 with an IcebergSink: a warning (before: an error), no other issue at kubernetes.image", () => {
      for (const [image, tag] of [
        ["flink:1.20-iceberg", "1.20-iceberg"],
        ["flink:custom", "custom"],
        ["docker.io/library/flink:1.20.1-iceberg-1.7", "1.20.1-iceberg-1.7"],
      ] as const) {
        const { errors, warnings } = run({ ...V120, image }, ICEBERG);
        expect({ errors, warnings: warnings.filter((w) => w.path === "kubernetes.image") }, image).to.deep.equal({ errors: [], warnings: [{ path: "kubernetes.image", message: localBuild(image, tag) }] });
      }
    });

    it("a local build with something in the FlinkDeployment that adds jars: quiet", () => {
      expect(run({ ...V120, image: "flink:1.20-iceberg", flinkConfiguration: { "pipeline.classpaths": "file:///opt/jars/iceberg.jar" } }, ICEBERG)).to.deep.equal({ errors: [], warnings: [] });
    });

    it("the official tags, a bare repository and a digest are still the distribution: the error stands", () => {
      for (const image of ["flink:1.20", "flink:1.20.1", "flink:1.20.1-scala_2.12", "flink:1.20-java11", "flink:scala_2.12-java17", "flink:java17", "flink:latest", "flink", "flink:1.20-iceberg@sha256:0123"]) {
        expect(run({ ...V120, image }, ICEBERG).errors.map((e) => e.path), image).to.deep.equal(["kubernetes.image"]);
      }
    });

    it("the official tag grammar (apache/flink-docker generators; docker-library/official-images library/flink)", () => {
      const official = [
        "1.20", "1.20.1", "1.20.1-scala_2.12", "1.20.1-scala_2.12-java17", "1.20-scala_2.12-java17", "1.20-java11", "2.1.1-java21",
        "scala_2.12-java17", "scala_2.12", "java17", "latest", "1.8.2-hadoop28-scala_2.11-alpine", "alpine",
        "1.18-SNAPSHOT-scala_2.12-java11-debian", "2.1.1-scala_2.12-java21-1a2b3c4",
      ];
      const local = ["1.20-iceberg", "custom", "1.20.1-iceberg-1.7", "java17-1.20", "scala_2.12-1.20", "SNAPSHOT", "1a2b3c4", "1.20-1a2b3c4", "2.1.1-RC1", "x", "1.20-java17-java17"];
      expect(official.filter((t) => !isOfficialFlinkTag(t))).to.deep.equal([]);
      expect(local.filter((t) => isOfficialFlinkTag(t))).to.deep.equal([]);
    });
  });

  describe("from a FlinkSqlJob's tables", () => {
    let api: Api;
    before(async () => (api = await mockedApi()));
    const cols = [{ name: "id", type: "BIGINT" }];

    it("an IcebergSink fed by datagen on flink:2.1.0: the error names the sink only", () => {
      const src = new api.FlinkTable("cj_gen", { columns: cols, options: { connector: "datagen" } });
      const sink = new api.IcebergSink("cj_sink", { catalog: { name: "lake", type: "rest", uri: "http://rest:8181" }, database: "db", table: "t", columns: cols });
      const issues = issuesOf(() => new api.FlinkSqlJob("cj-job", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], kubernetes: { image: OFFICIAL, flinkVersion: "v2_1" } }));
      expect(issues).to.deep.equal([
        {
          path: "kubernetes.image",
          message:
            `"${OFFICIAL}" is an official Flink image, whose lib/ holds no connector but filesystem, datagen, print and blackhole, and the job uses IcebergSink "cj_sink" (connector 'iceberg': iceberg-flink-runtime-2.1-<iceberg version>.jar); ` +
            `nothing in the FlinkDeployment adds jars (no podTemplate volume or init container, no pipeline.jars / pipeline.classpaths), ${FAILS}. ` +
            `B${CUSTOM.slice(1)}, or add them with kubernetes.podTemplate (an init container that downloads them into a volume) and name them in pipeline.classpaths`,
        },
      ]);
    });

    it("datagen into blackhole on the same image: quiet", () => {
      const src = new api.FlinkTable("cj_gen2", { columns: cols, options: { connector: "datagen" } });
      const sink = new api.FlinkTable("cj_hole", { columns: cols, options: { connector: "blackhole" } });
      expect(issuesOrNone(() => new api.FlinkSqlJob("cj-quiet", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], kubernetes: { image: OFFICIAL, flinkVersion: "v2_1" } }))).to.deep.equal([]);
      expect(jobWarnings("cj-quiet")).to.deep.equal([]);
    });
  });
});
