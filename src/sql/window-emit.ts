/**
 * Early and late firing of legacy group windows (`GROUP BY TUMBLE(ts, ...)`, also HOP), set for
 * the job by `table.exec.emit.early-fire.enabled` / `table.exec.emit.late-fire.enabled` "true"
 * (experimental options of flink `flink-table-planner/.../plan/utils/WindowEmitStrategy.scala`).
 * A window that fires early emits a partial result before it closes and updates it as rows arrive;
 * one that fires late (event time) updates a closed window's result when a late row arrives:
 * `WindowEmitStrategy.produceUpdates` is early-fire, or for an event-time window early- or
 * late-fire, and the planner then marks the group window aggregation updating. `allow-lateness`
 * alone changes nothing (it is read only with late-fire). Window TVF aggregations ignore neither:
 * flink `WindowUtil.checkEmitConfiguration` refuses them when the job is planned (window-tvf-firing.ts).
 */
import type { UpdatingOperation } from "./updating-operations.js";

export const EARLY_FIRE_KEY = "table.exec.emit.early-fire.enabled";
export const LATE_FIRE_KEY = "table.exec.emit.late-fire.enabled";

/**
 * Which firing the job turns on: early (it wins: an update in any window), late, or none. `on`
 * tells whether a boolean key is on as the job runs with it (its configuration, else the deploy
 * target's settings; a value unknown at preview turns nothing on).
 */
export function windowFiring(on: (key: string) => boolean): { readonly firing?: "early" | "late" } {
  return on(EARLY_FIRE_KEY) ? { firing: "early" } : on(LATE_FIRE_KEY) ? { firing: "late" } : {};
}

/**
 * The updating operation of a GROUP BY clause `clause` that is a legacy TUMBLE or HOP window when
 * the job fires windows early or late (SESSION windows refuse both: "Session window doesn't support
 * EMIT strategy currently."); undefined otherwise. Late firing updates only an event-time window,
 * which the text does not tell: not certain.
 */
export function firingWindow(clause: string, firing: "early" | "late" | undefined): UpdatingOperation | undefined {
  if (firing === undefined) return undefined;
  const m = /\b(TUMBLE|HOP)\s*\(/i.exec(clause);
  if (m === null) return undefined;
  const fn = m[1]!.toUpperCase();
  const key = firing === "early" ? EARLY_FIRE_KEY : LATE_FIRE_KEY;
  const what =
    firing === "early"
      ? `aggregates by a ${fn} group window that fires early (${key} "true"), emitting partial results before each window closes`
      : `aggregates by a ${fn} group window that fires late (${key} "true"), emitting a closed window's result again when a late row arrives (an event-time window)`;
  return { what, certain: firing === "early", kind: "aggregation", advice: `, or leave ${key} unset so that each window emits its result once` };
}
