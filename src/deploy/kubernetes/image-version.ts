/**
 * The Flink version an image's tag names, compared with `kubernetes.flinkVersion`.
 *
 * The package renders the job for `flinkVersion` (versions.ts): on 2.x it runs the script with
 * Flink's SqlDriver (flink `flink-table/flink-table-runtime/.../application/SqlDriver.java`, new in
 * Flink 2.0, FLIP-480), which a 1.x image lacks, so the job fails when it starts; on 1.19/1.20 it
 * runs the SQL runner jar, a Flink 1.x program, and writes the 1.x configuration keys. The operator
 * does not compare the two either (flink-kubernetes-operator `validation/DefaultValidator.java`
 * only requires `flinkVersion`; its sql-runner example's Dockerfile and FlinkDeployment even name
 * different versions: ../shared/facts/deploy.md §2.1).
 *
 * Which tags name a Flink version, read from how the official images are tagged (apache/flink-docker
 * `generate-stackbrew-library.sh` and `.github/workflows/docker_push.yml`; docker-library/docs
 * `flink/README.md`, "Supported tags"): `<major>.<minor>[.<patch>][-scala_<v>][-java<n>]`, plus the
 * floating tags `latest`, `scala_<v>[-java<n>]` and `java<n>`, which follow the newest release
 * (isOfficialFlinkTag). The official repositories are Docker Hub's `flink` (also `library/flink`,
 * `docker.io/...`), `apache/flink` and `ghcr.io/apache/flink-docker`; another tag there
 * (`flink:1.20-iceberg`, `flink:custom`) is no official image but one built and tagged locally
 * (kind, minikube), read as a custom image whose leading version is Flink's.
 */
import type { Diagnostics } from "../../validation/diagnostics.js";
import { versionNumbers } from "../../sql/builtin-function-versions.js";
import { flinkVersionTraits, isSupportedFlinkVersion, type FlinkVersion } from "./versions.js";

/** An image reference split as a container runtime reads it: `[registry/]path[:tag][@digest]`. */
export interface ImageReference {
  /** The repository as written, without tag and digest (`flink`, `my/flink-iceberg`). */
  readonly repository: string;
  /** The tag, when one is written. */
  readonly tag?: string;
  /** True when a digest (`@sha256:...`) pins the image. */
  readonly digest: boolean;
}

/** Splits `image` into repository, tag and digest (a `:` after the last `/` starts the tag; a registry port is no tag). */
export function parseImageReference(image: string): ImageReference {
  const text = image.trim();
  const at = text.indexOf("@");
  const name = at >= 0 ? text.slice(0, at) : text;
  const colon = name.lastIndexOf(":");
  const tagged = colon > name.lastIndexOf("/");
  return { repository: tagged ? name.slice(0, colon) : name, ...(tagged ? { tag: name.slice(colon + 1) } : {}), digest: at >= 0 };
}

/**
 * Why the container runtime refuses `image` as a reference (InvalidImageName; the distribution
 * reference grammar, distribution/reference `reference.go`: white space nowhere, path components
 * lower case, a registry host before the first `/` when it holds a `.` or `:` or is `localhost`),
 * or undefined. Kubernetes accepts the pod and the kubelet never pulls: the job never starts.
 * `ref`: `image` split by parseImageReference (image-checks.ts splits it once for every check).
 */
export function imageNameProblem(image: string, ref: ImageReference): string | undefined {
  if (/\s/.test(image)) {
    return `${JSON.stringify(image)} holds white space, which no image reference may (the kubelet refuses it: InvalidImageName); write ${JSON.stringify(image.replace(/\s+/g, ""))}`;
  }
  const { repository } = ref;
  const slash = repository.indexOf("/");
  const first = slash < 0 ? "" : repository.slice(0, slash);
  const path = slash >= 0 && (first.includes(".") || first.includes(":") || first === "localhost") ? repository.slice(slash + 1) : repository;
  if (path !== path.toLowerCase()) {
    return `${JSON.stringify(image)} has upper-case letters in its repository name, which image references may not (the kubelet refuses it: InvalidImageName); write ${JSON.stringify(image.replace(path, path.toLowerCase()))}`;
  }
  return undefined;
}

const OFFICIAL_REPOSITORIES: ReadonlySet<string> = new Set(["flink", "apache/flink", "ghcr.io/apache/flink-docker"]);

/** True for an official Apache Flink image repository, however Docker Hub's name is spelled (`docker.io/library/flink`). */
export function isOfficialFlinkRepository(repository: string): boolean {
  const name = repository
    .toLowerCase()
    .replace(/^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io|registry\.hub\.docker\.com)\//, "")
    .replace(/^library\//, "");
  return OFFICIAL_REPOSITORIES.has(name);
}

/**
 * The parts of an official image's tag, in the order they come: the Flink version (`1.20`,
 * `1.20.1`; `-SNAPSHOT` on nightly builds), then the variants the generators add (`hadoop<n>`
 * on releases before 1.8, `scala_<v>`, `java<n>`, the base `alpine` / `debian`) and the
 * commit suffix of ghcr.io's builds (`-<7 hex digits>` after the Java version).
 */
const TAG_PARTS: readonly RegExp[] = [/^\d+(?:\.\d+){0,2}$/, /^SNAPSHOT$/, /^hadoop\d+$/, /^scala_\d+\.\d+$/, /^java\d+$/, /^(?:alpine|debian)$/, /^[0-9a-f]{7}$/];

/**
 * True for a tag the official images are published under (apache/flink-docker
 * `generate-stackbrew-library.sh`, `.github/workflows/docker_push.yml` and `snapshot.yml`;
 * docker-library/official-images `library/flink`): `latest`, `alpine`, or the parts of TAG_PARTS
 * in their order, each at most once (`1.20`, `1.20.1-scala_2.12-java17`, `1.20-java11`,
 * `scala_2.12-java17`, `java17`, `2.1.1-scala_2.12-java21-1a2b3c4`). `1.20-iceberg` and `custom`
 * are no such tag: an image built and tagged locally.
 */
export function isOfficialFlinkTag(tag: string): boolean {
  if (tag === "latest" || tag === "alpine") return true;
  let last = -1;
  for (const part of tag.split("-")) {
    const rank = TAG_PARTS.findIndex((re) => re.test(part));
    // SNAPSHOT follows the version; the commit suffix the Java version.
    if (rank <= last || (rank === 1 && last !== 0) || (rank === 6 && last < 4)) return false;
    last = rank;
  }
  return true;
}

/**
 * True when `ref` is the Flink distribution as published: an official repository without a tag
 * (latest), with an official tag (isOfficialFlinkTag), or with a digest (pulled from that
 * repository by its digest, whatever the tag says).
 */
export function isOfficialFlinkImage(ref: ImageReference): boolean {
  return isOfficialFlinkRepository(ref.repository) && (ref.digest || ref.tag === undefined || isOfficialFlinkTag(ref.tag));
}

/** A Flink release line named by a tag: `minor` undefined when the tag names only the major version. */
interface TagVersion {
  readonly major: number;
  readonly minor?: number;
  /** "1.20", or "2" for a major-only tag. */
  readonly text: string;
}

function tagVersion(major: string, minor: string | undefined): TagVersion {
  return { major: Number(major), ...(minor !== undefined ? { minor: Number(minor) } : {}), text: minor !== undefined ? `${major}.${minor}` : major };
}

/** A version number a Flink release can have: 1.0 to 1.20 (the last 1.x) or any 2.x. */
function isFlinkLine(v: TagVersion): boolean {
  return (v.major === 1 && (v.minor === undefined || v.minor <= 20)) || v.major === 2;
}

/**
 * A leading tag version a custom image plausibly takes from Flink: 1.15 to 1.20 or any 2.x (older
 * numbers are as often an image's own or Iceberg's version, `flink-iceberg:1.9.2`).
 */
function isRecentFlinkLine(v: TagVersion): boolean {
  return (v.major === 1 && v.minor !== undefined && v.minor >= 15 && v.minor <= 20) || v.major === 2;
}

/** The version at the start of a tag (`1.20.1-scala_2.12-java17`, `2.1`, `2`), or undefined. */
function leadingVersion(tag: string): TagVersion | undefined {
  const m = /^(\d+)(?:\.(\d+))?(?:\.\d+)?(?=$|[-_+])/.exec(tag);
  return m === null ? undefined : tagVersion(m[1]!, m[2]);
}

/** The version after the word "flink" in a tag (`iceberg-1.9-flink-1.20`, `v3-flink2.1`), or undefined. */
function flinkWordVersion(tag: string): TagVersion | undefined {
  const m = /(?:^|[^a-z])flink[-_.]?(\d+)\.(\d+)(?=$|[^\d])/i.exec(tag);
  return m === null ? undefined : tagVersion(m[1]!, m[2]);
}

/** What the image's tag says about its Flink version. */
export type ImageFlinkVersion =
  | { readonly kind: "version"; readonly version: TagVersion; readonly official: boolean }
  | { readonly kind: "floating" }
  | { readonly kind: "unknown" };

/**
 * The Flink version `image` holds by its tag: an official image's leading version; the leading
 * version (custom) of an official repository's tag that no official image carries
 * (`flink:1.20-iceberg`, a local build); a custom
 * image's version after the word "flink" in its tag (`flink-iceberg:1.9.2-flink2.1`), or its leading
 * version when the repository's last path segment is `flink` (`registry/team/flink:2.1.1`) and the
 * number is 1.15 to 1.20 or 2.x (`flink-iceberg:1.9.2` may be Iceberg's version: unknown);
 * "floating" for an official image without a version in its tag and without a digest (`flink`,
 * `flink:latest`, `flink:java17`); "unknown" otherwise (a custom image's tag may be its own version).
 */
export function imageFlinkVersion(image: string): ImageFlinkVersion {
  return referenceFlinkVersion(parseImageReference(image));
}

/** imageFlinkVersion of a reference already split. */
function referenceFlinkVersion(ref: ImageReference): ImageFlinkVersion {
  if (isOfficialFlinkImage(ref)) {
    const v = ref.tag !== undefined ? leadingVersion(ref.tag) : undefined;
    if (v !== undefined) return { kind: "version", version: v, official: true };
    return ref.digest ? { kind: "unknown" } : { kind: "floating" };
  }
  if (ref.tag === undefined) return { kind: "unknown" };
  if (isOfficialFlinkRepository(ref.repository)) {
    // A tag the official images never carry (`flink:1.20-iceberg`): a local build, most likely FROM the official image of its leading version.
    const v = leadingVersion(ref.tag);
    return v !== undefined && isFlinkLine(v) ? { kind: "version", version: v, official: false } : { kind: "unknown" };
  }
  const named = flinkWordVersion(ref.tag);
  if (named !== undefined && isFlinkLine(named)) return { kind: "version", version: named, official: false };
  const lastSegment = ref.repository.slice(ref.repository.lastIndexOf("/") + 1);
  const leading = lastSegment.toLowerCase() === "flink" ? leadingVersion(ref.tag) : undefined;
  return leading !== undefined && isRecentFlinkLine(leading) ? { kind: "version", version: leading, official: false } : { kind: "unknown" };
}

/** True when the tag's version is the target's [major, minor] (a major-only tag compares the major version). */
function sameLine(v: TagVersion, [major, minor]: readonly [number, number]): boolean {
  return v.major === major && (v.minor === undefined || v.minor === minor);
}

/** Why running a `target` job on an image of Flink `image` fails. */
function consequence(v: TagVersion, target: FlinkVersion): string {
  const label = flinkVersionTraits(target).label;
  if (flinkVersionTraits(target).runner === "sql-driver") {
    return v.major < 2
      ? `the job then runs the script with Flink's SqlDriver, which came with Flink 2.0 and is not in a Flink ${v.text} image, so the job would fail when it starts`
      : `the script and configuration are checked and rendered for ${label} and the operator deploys the cluster as ${label}, so what passes the preview may fail on Flink ${v.text}`;
  }
  return v.major >= 2
    ? `the job then runs the script with the SQL runner jar (sqlRunner), a Flink 1.x program, with ${label}'s configuration keys, on a Flink ${v.text} runtime that removed APIs and keys of 1.x`
    : `the script and configuration are checked and rendered for ${label} and the operator deploys the cluster as ${label}, so what passes the preview may fail on Flink ${v.text}`;
}

/** `, or set flinkVersion "v2_1" (...)` when the tag's version is supported; "" otherwise. */
function otherVersion(v: TagVersion, target: FlinkVersion): string {
  if (v.minor === undefined) return "";
  const candidate = `v${v.major}_${v.minor}`;
  if (!isSupportedFlinkVersion(candidate)) return "";
  const from = flinkVersionTraits(target).runner;
  const to = flinkVersionTraits(candidate).runner;
  const runner = from === to ? "" : to === "runner" ? " (with sqlRunner)" : " (and remove sqlRunner)";
  return `, or set flinkVersion ${JSON.stringify(candidate)}${runner} if the image is what you mean`;
}

/**
 * Checks a plain `kubernetes.image` against `flinkVersion` (a supported one): an official Flink
 * image of another major version is an error (the job's entry point, SqlDriver on 2.x or the SQL
 * runner on 1.x, does not run there); another minor of the same major a warning (flink:2.2.0 with
 * "v2_1" may run); a custom image whose tag reads as another Flink line a warning (its tag may be
 * its own version: acknowledge the warning then); an official image without a version (the
 * version floats with each Flink release) is a warning. An image with a digest and no versioned
 * tag, or a custom image whose tag names no Flink version, stays quiet. Records at `kubernetes.image`
 * in `diag` (the job's collector). `ref`: `image` split by parseImageReference (once, image-checks.ts).
 */
export function checkImageFlinkVersion(image: string, ref: ImageReference, flinkVersion: FlinkVersion, diag: Diagnostics): void {
  const found = referenceFlinkVersion(ref);
  const label = flinkVersionTraits(flinkVersion).label;
  const target = versionNumbers(flinkVersion)!;
  const line = target.join(".");
  if (found.kind === "floating") {
    diag.warn(
      "kubernetes.image",
      `${JSON.stringify(image)} names no Flink version, so it floats to each new Flink release, while the job is rendered for ${label} (flinkVersion ${JSON.stringify(flinkVersion)}): ` +
        `pin the version in the tag, e.g. ${JSON.stringify(`${ref.repository}:${line}`)}`,
    );
    return;
  }
  if (found.kind !== "version" || sameLine(found.version, target)) return;
  const v = found.version;
  const { repository, tag = "" } = ref;
  // A custom tag that names Flink inside its own scheme (`iceberg-1.9-flink-1.20`) keeps the scheme, the version swapped.
  // A custom tag that starts with the version (`flink:1.20-iceberg`) keeps what follows it.
  const lead = found.official ? undefined : /^\d+(?:\.\d+){0,2}/.exec(tag)?.[0];
  const at = tag.startsWith(v.text) ? -1 : tag.lastIndexOf(v.text);
  const example =
    lead !== undefined && tag.startsWith(v.text)
      ? `${repository}:${line}${tag.slice(lead.length)}`
      : at < 0
        ? `${repository}:${line}`
        : `${repository}:${tag.slice(0, at)}${line}${tag.slice(at + v.text.length)}`;
  const fix = `use a ${label} image (e.g. ${JSON.stringify(example)})${otherVersion(v, flinkVersion)}`;
  // Another major version runs the wrong entry point (SqlDriver vs the 1.x runner): the job cannot start. Another minor
  // of the same major (flink:2.2.0 with "v2_1", a release newer than the operator's enum) may run: a warning.
  if (found.official && v.major !== target[0]) {
    diag.error("kubernetes.image", `${JSON.stringify(image)} is a Flink ${v.text} image, but flinkVersion is ${JSON.stringify(flinkVersion)}: ${consequence(v, flinkVersion)}; ${fix}`);
  } else {
    diag.warn(
      "kubernetes.image",
      `${found.official ? `${JSON.stringify(image)} is a Flink ${v.text} image` : `the tag of ${JSON.stringify(image)} reads as Flink ${v.text}`}, but flinkVersion is ${JSON.stringify(flinkVersion)}: ${consequence(v, flinkVersion)}; ${fix}` +
        (found.official ? "" : ` (if ${v.text} is the image's own version, not Flink's, acknowledge this warning with acknowledgedWarnings)`),
    );
  }
}
