import type { ChartPick } from '@mapsmith/core/browser';

export type { BarTone, ChartBar, ChartPick } from '@mapsmith/core/browser';
export { shareText } from '@mapsmith/core/browser';

/** Whether the table is filtered as `pick` opens it (the bar shows pressed). */
export function isPicked(active: ChartPick, pick: ChartPick): boolean {
  const keys = Object.keys(pick) as (keyof ChartPick)[];
  return keys.every((k) => active[k] === pick[k]);
}

/** The filter after clicking `pick`: a pressed bar lets go of its filter, another sets it. */
export function togglePick(active: ChartPick, pick: ChartPick): ChartPick {
  if (!isPicked(active, pick)) return pick;
  const cleared: ChartPick = {};
  for (const key of Object.keys(pick) as (keyof ChartPick)[]) cleared[key] = undefined;
  return cleared;
}
