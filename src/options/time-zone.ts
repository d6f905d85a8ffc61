/**
 * `table.local-time-zone` values as Flink reads them: flink
 * `flink-table/flink-table-api-java/.../table/api/internal/TableConfigValidation.java`
 * validateTimeZone, called by `TableConfig.getLocalTimeZone` and the planner's
 * `TableConfigUtils.getLocalTimeZone` for any value but the default "default" (the JVM's zone).
 * It takes a zone only when `java.util.TimeZone.getTimeZone(z).toZoneId()` equals
 * `java.time.ZoneId.of(z)`, else throws ValidationException "Invalid time zone. The value should be a
 * Time Zone Database (TZDB) ID such as 'America/Los_Angeles' ... Fixed offsets are supported using
 * 'GMT-03:00' or 'GMT+03:00'. Or use 'UTC' ...". The planner reads the zone whenever a statement
 * needs it (windows, casts between TIMESTAMP and TIMESTAMP_LTZ, time functions, filter push-down).
 *
 * What that refuses for certain (an error here), by the JDK's rules:
 * - an offset without "GMT": "UTC+8", "UT-3", "+08:00", "Z" (TimeZone knows no such ID and answers
 *   GMT; ZoneId reads an offset or a "UTC+08:00" region, never equal to GMT);
 * - the three-letter IDs of `ZoneId.SHORT_IDS` ("PST", "CST", "EST", "IST" ...): TimeZone.toZoneId
 *   maps them through SHORT_IDS to another ID ("America/Los_Angeles", "-05:00"), never the same one;
 * - a known name in another letter case ("utc", "asia/shanghai"): both JDK lookups match case exactly;
 * - a single word no time zone database knows ("CEST", "Shanghai"), by Node's ICU data.
 * A name shaped Area/Location that ICU lacks only gets a warning: Node's ICU and the JDK's tzdb are
 * not of one release (a region added since is valid in the JDK), and `Intl.supportedValuesOf`
 * lists no links ("US/Pacific", "Asia/Calcutta" the JDK takes).
 *
 * Plain functions and plain objects: the SQL Gateway provider's modules are serialized by Pulumi.
 */

/** A problem with a zone: an error, or a warning when the JDK may take it. */
export interface TimeZoneProblem {
  readonly level: "error" | "warning";
  readonly message: string;
}

/**
 * JDK `java.time.ZoneId.SHORT_IDS`: each key → the ID TimeZone.toZoneId gives for it (never the key
 * itself, so each fails Flink's check); `region` is the region to suggest where it is not Java's
 * reading (EST, MST and HST, which Java reads as fixed offsets), `offset` its standard offset, `also` the
 * other common meanings of the abbreviation.
 */
const SHORT_IDS: Readonly<Record<string, { readonly java: string; readonly region?: string; readonly offset: string; readonly also?: string }>> = {
  ACT: { java: "Australia/Darwin", offset: "+09:30" },
  AET: { java: "Australia/Sydney", offset: "+10:00" },
  AGT: { java: "America/Argentina/Buenos_Aires", offset: "-03:00" },
  ART: { java: "Africa/Cairo", offset: "+02:00" },
  AST: { java: "America/Anchorage", offset: "-09:00" },
  BET: { java: "America/Sao_Paulo", offset: "-03:00" },
  BST: { java: "Asia/Dhaka", offset: "+06:00", also: '"Europe/London" for British Summer Time' },
  CAT: { java: "Africa/Harare", offset: "+02:00" },
  CNT: { java: "America/St_Johns", offset: "-03:30" },
  CST: { java: "America/Chicago", offset: "-06:00", also: '"Asia/Shanghai" for China Standard Time' },
  CTT: { java: "Asia/Shanghai", offset: "+08:00" },
  EAT: { java: "Africa/Addis_Ababa", offset: "+03:00" },
  ECT: { java: "Europe/Paris", offset: "+01:00" },
  EST: { java: "-05:00", region: "America/New_York", offset: "-05:00" },
  HST: { java: "-10:00", region: "Pacific/Honolulu", offset: "-10:00" },
  IET: { java: "America/Indiana/Indianapolis", offset: "-05:00" },
  IST: { java: "Asia/Kolkata", offset: "+05:30", also: '"Asia/Jerusalem" or "Europe/Dublin" for Israel or Irish Standard Time' },
  JST: { java: "Asia/Tokyo", offset: "+09:00" },
  MIT: { java: "Pacific/Apia", offset: "+13:00" },
  MST: { java: "-07:00", region: "America/Denver", offset: "-07:00" },
  NET: { java: "Asia/Yerevan", offset: "+04:00" },
  NST: { java: "Pacific/Auckland", offset: "+12:00" },
  PLT: { java: "Asia/Karachi", offset: "+05:00" },
  PNT: { java: "America/Phoenix", offset: "-07:00" },
  PRT: { java: "America/Puerto_Rico", offset: "-04:00" },
  PST: { java: "America/Los_Angeles", offset: "-08:00" },
  SST: { java: "Pacific/Guadalcanal", offset: "+11:00" },
  VST: { java: "Asia/Ho_Chi_Minh", offset: "+07:00" },
};

/** The tz database's IDs without a "/" (files `backward`, `etcetera`, `europe`, `northamerica`): the JDK takes these as written. */
const SINGLE_WORD_IDS: readonly string[] = [
  "CET", "CST6CDT", "Cuba", "EET", "EST5EDT", "Egypt", "Eire", "GB", "GB-Eire", "GMT", "GMT+0", "GMT-0", "GMT0", "Greenwich",
  "Hongkong", "Iceland", "Iran", "Israel", "Jamaica", "Japan", "Kwajalein", "Libya", "MET", "MST7MDT", "NZ", "NZ-CHAT", "Navajo",
  "PRC", "PST8PDT", "Poland", "Portugal", "ROC", "ROK", "Singapore", "Turkey", "UCT", "UTC", "Universal", "W-SU", "WET", "Zulu",
];

/** A custom ID TimeZone and ZoneId both read alike: GMT, a sign, hours (1–2 digits) and optional minutes. */
const GMT_OFFSET = /^GMT[+-]\d{1,2}(?::?\d{2})?$/;
/** An offset written without GMT: "UTC+8", "UT-03:00", "+08:00", "-0530". */
const BARE_OFFSET = /^(?:UTC|UT)?([+-])(\d{1,2})(?::?(\d{2}))?$/i;

const REFUSED = `Flink refuses it where it reads the session time zone (TableConfigValidation.validateTimeZone: "Invalid time zone. The value should be a Time Zone Database (TZDB) ID such as 'America/Los_Angeles' ..."), failing the job`;
/** The remedy for a fixed offset: the GMT form, or the region (a zero offset: "UTC"). */
const REGION = 'or the region meant, which follows its daylight saving time (a tz database ID such as "America/Los_Angeles")';

/** `sign`, `h`, `m` as the GMT custom ID Flink takes ("GMT+08:00"), or "UTC" for a zero offset. */
function gmtOffset(sign: string, h: string, m: string | undefined): string {
  const hours = Number(h);
  const minutes = Number(m ?? "0");
  if (hours === 0 && minutes === 0) return "UTC";
  return `GMT${sign}${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/** True when Node's ICU time zone data knows `zone` (any letter case, links included). */
function icuKnows(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** ICU's canonical IDs (`Intl.supportedValuesOf`, Node 18+), or none where the runtime lacks it. */
function icuZones(): readonly string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.("timeZone") ?? [];
  } catch {
    return [];
  }
}

/**
 * The problems with `value` for `table.local-time-zone` (`key`, for the messages): errors for values
 * Flink refuses for certain, a warning for an Area/Location name no time zone data here knows; [] for
 * "default", the tz database's IDs, "GMT+hh:mm" offsets and names that cannot be told.
 */
export function timeZoneProblems(key: string, value: string): readonly TimeZoneProblem[] {
  const v = value.trim();
  const shown = JSON.stringify(value);
  const error = (why: string, write: string): TimeZoneProblem[] => [{ level: "error", message: `${shown} is not a time zone Flink takes for ${key}: ${why}, and ${REFUSED}; write ${write}` }];
  const offsetWhy = 'a fixed offset is written "GMT" and the offset (java.util.TimeZone reads no other)';
  if (v === "default" || GMT_OFFSET.test(v)) return [];
  const offset = BARE_OFFSET.exec(v);
  if (offset !== null) {
    const gmt = gmtOffset(offset[1]!, offset[2]!, offset[3]);
    return error(offsetWhy, gmt === "UTC" ? '"UTC"' : `${JSON.stringify(gmt)}, ${REGION}`);
  }
  if (/^[+-]/.test(v) || /^(?:UTC|UT)[+-]/i.test(v)) return error(offsetWhy, `a fixed offset such as "GMT+08:00", ${REGION}`);
  if (v === "Z" || v === "z") return error('"Z" is an offset, not a zone ID', '"UTC"');
  const short = Object.hasOwn(SHORT_IDS, v) ? SHORT_IDS[v] : undefined;
  if (short !== undefined) {
    return error(
      `it is an abbreviation, which Java reads as another ID (ZoneId.SHORT_IDS: ${v} → ${short.java})`,
      `the region meant, which follows its daylight saving time, e.g. ${JSON.stringify(short.region ?? short.java)}${short.region === undefined ? ` (Java's reading of ${v})` : ""}${short.also !== undefined ? ` or ${short.also}` : ""}, ` +
        `or a fixed offset such as ${JSON.stringify(`GMT${short.offset}`)}`,
    );
  }
  const lower = v.toLowerCase();
  const exact = [...SINGLE_WORD_IDS, ...icuZones()].find((z) => z.toLowerCase() === lower);
  const caseWhy = "time zone IDs are case-sensitive (java.util.TimeZone and java.time.ZoneId match them exactly)";
  if (exact !== undefined) return exact === v ? [] : error(caseWhy, JSON.stringify(exact));
  if (/^gmt[+-]\d/i.test(v) && !v.startsWith("GMT")) return error(caseWhy, JSON.stringify(`GMT${v.slice(3)}`));
  if (icuKnows(v)) return [];
  if (!v.includes("/")) {
    return error("no time zone database has this ID", 'a region such as "Europe/Berlin" or "Asia/Shanghai", "UTC", or a fixed offset such as "GMT+08:00"');
  }
  return [
    {
      level: "warning",
      message:
        `${shown} is no time zone this machine's data knows (Node's ICU): if it is no region of the JDK's time zone database either, ${REFUSED}; ` +
        'check the spelling against the tz database (e.g. "America/Los_Angeles", "Asia/Shanghai")',
    },
  ];
}
