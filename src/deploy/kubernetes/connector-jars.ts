/**
 * Connectors an official Flink image does not hold.
 *
 * The official images (apache/flink-docker; image-version.ts isOfficialFlinkRepository) carry the
 * Flink distribution only: its `lib/` holds flink-dist with the 'filesystem' connector and the
 * table runtime with 'datagen', 'print' and 'blackhole', and no other connector (docker-library/docs
 * `flink/README.md`; flink docs "Connectors and Formats": connectors are not part of the binary
 * distribution). A job whose tables use 'iceberg' (every IcebergSource and IcebergSink), 'kafka' or
 * any other connector then fails when the script creates or plans them ("Could not find any
 * factory for identifier 'iceberg' that implements 'org.apache.flink.table.factories.DynamicTableFactory'
 * in the classpath"; flink FactoryUtil.discoverFactory). When nothing in the FlinkDeployment adds
 * jars (a podTemplate volume or init container, `pipeline.jars` / `pipeline.classpaths`, a remote
 * sqlRunner.jarURI) that is an error; otherwise a warning, as those may bring the jars.
 *
 * An image is the official one only when its tag is one the official images carry
 * (image-version.ts isOfficialFlinkImage: `1.20.1-scala_2.12-java17`, `java17`, `latest`, no tag,
 * a digest). Another tag in those repositories (`flink:1.20-iceberg`, `flink:custom`) is not on
 * Docker Hub: it names an image built and tagged locally (`docker build -t flink:1.20-iceberg`,
 * loaded into kind or minikube), which usually adds the jars: a warning when nothing in the
 * FlinkDeployment adds them, as the name cannot tell.
 */
import type { Diagnostics } from "../../validation/diagnostics.js";
import type { KubernetesArgs, KubernetesJobFacts } from "./args.js";
import { isOfficialFlinkImage, isOfficialFlinkRepository, type ImageReference } from "./image-version.js";
import { isSupportedFlinkVersion } from "./versions.js";
import { versionNumbers } from "../../sql/builtin-function-versions.js";

/** Connectors in the Flink distribution's lib/ (flink-dist: filesystem; flink-table-api-java-bridge: datagen, print, blackhole). */
export const DISTRIBUTION_CONNECTORS: ReadonlySet<string> = new Set(["filesystem", "datagen", "print", "blackhole"]);

const JAR_KEYS = ["pipeline.jars", "pipeline.classpaths"] as const;

/** The jar that brings `connector` for Flink `minor` ("2.1"). */
function jarOf(connector: string, minor: string): string {
  if (connector === "iceberg") return `iceberg-flink-runtime-${minor}-<iceberg version>.jar`;
  if (connector === "kafka" || connector === "upsert-kafka") return `flink-sql-connector-kafka-<connector version>-${minor}.jar`;
  return `the SQL jar of the '${connector}' connector for Flink ${minor}`;
}

function nonEmptyList(v: unknown): boolean {
  return Array.isArray(v) && v.length > 0;
}

/** What in the FlinkDeployment may add jars to the image, as messages name it; empty when nothing does. */
function jarSources(args: KubernetesArgs, job: KubernetesJobFacts): string[] {
  const out: string[] = [];
  const spec = args.podTemplate?.spec as Record<string, unknown> | undefined;
  if (typeof spec === "object" && spec !== null && (nonEmptyList(spec.volumes) || nonEmptyList(spec.initContainers))) out.push("the podTemplate's volumes or init containers");
  for (const key of JAR_KEYS) if (args.flinkConfiguration?.[key] !== undefined || job.flinkConfiguration[key] !== undefined) out.push(key);
  const uri = args.sqlRunner?.jarURI as unknown;
  if (typeof uri === "string" && !/^(local|file):/i.test(uri.trim())) out.push("sqlRunner.jarURI");
  return out;
}

/**
 * Checks `kubernetes.image` text `image` in an official Flink repository against the connectors the
 * job's tables use. `ref`: `image` split by parseImageReference (once, image-checks.ts).
 */
export function checkOfficialImageConnectors(args: KubernetesArgs, image: string, ref: ImageReference, job: KubernetesJobFacts, diag: Diagnostics): void {
  const tables = job.addedConnectors ?? [];
  if (tables.length === 0 || !isOfficialFlinkRepository(ref.repository)) return;
  const minor = isSupportedFlinkVersion(args.flinkVersion) ? versionNumbers(args.flinkVersion)!.join(".") : "<flink minor>";
  const byConnector = new Map<string, string[]>();
  for (const t of tables) byConnector.set(t.connector, [...(byConnector.get(t.connector) ?? []), t.label]);
  const uses = [...byConnector].map(([connector, labels]) => `${labels.join(", ")} (connector '${connector}': ${jarOf(connector, minor)})`).join("; ");
  const first = [...byConnector.keys()][0]!;
  const fails = `so the job fails when it starts ("Could not find any factory for identifier '${first}'"; flink FactoryUtil)`;
  const sources = jarSources(args, job);
  if (!isOfficialFlinkImage(ref)) {
    if (sources.length > 0) return;
    diag.warn(
      "kubernetes.image",
      `${JSON.stringify(image)} is in an official Flink repository, but its tag ${JSON.stringify(ref.tag)} is none the official images carry ` +
        `(<version>[-scala_<v>][-java<n>], scala_<v>[-java<n>], java<n>, latest; apache/flink-docker), so it is taken for an image built and tagged locally (docker build, loaded into kind or minikube: no registry of the official images serves such a tag). ` +
        `The job uses ${uses}, which the official image's lib/ does not hold: unless this image copies those jars into /opt/flink/lib, ${fails}. ` +
        `Make sure it does (then acknowledge this warning with acknowledgedWarnings), or tag it under a repository of its own (e.g. ${JSON.stringify(`flink-${[...byConnector.keys()].join("-")}:${ref.tag}`)}), which is not taken for the official image`,
    );
    return;
  }
  const custom = `build an image FROM ${JSON.stringify(image)} that copies those jars into /opt/flink/lib and set kubernetes.image to it`;
  const preamble = `${JSON.stringify(image)} is an official Flink image, whose lib/ holds no connector but filesystem, datagen, print and blackhole, and the job uses ${uses}`;
  if (sources.length === 0) {
    diag.error(
      "kubernetes.image",
      `${preamble}; nothing in the FlinkDeployment adds jars (no podTemplate volume or init container, no pipeline.jars / pipeline.classpaths), ${fails}. ` +
        `${custom[0]!.toUpperCase()}${custom.slice(1)}, or add them with kubernetes.podTemplate (an init container that downloads them into a volume) and name them in pipeline.classpaths`,
    );
  } else {
    diag.warn(
      "kubernetes.image",
      `${preamble}; unless ${sources.join(" or ")} bring${sources.length === 1 ? "s" : ""} those jars, ${fails}. Make sure they do (then acknowledge this warning with acknowledgedWarnings), or ${custom}`,
    );
  }
}
