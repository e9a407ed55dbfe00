import type { CrawlCharts, ReportFilter, ReportReason } from '@mapsmith/core/browser';

/** The URL-table filter a bar of a chart opens (issue 29). */
export type ChartPick = Pick<ReportFilter, 'reason' | 'httpStatus' | 'depth' | 'time' | 'under'>;

/** How a bar is coloured: what it says of the URLs in it. */
export type BarTone = 'good' | 'info' | 'warn' | 'bad' | 'muted';

/** One bar of a chart: its words, its figure, and the table filter it opens. */
export interface ChartBar {
  key: string;
  label: string;
  count: number;
  tone: BarTone;
  pick: ChartPick;
}

const REASON_TONES: Partial<Record<ReportReason, BarTone>> = {
  listed: 'good',
  redirect: 'info',
  status: 'bad',
  timeout: 'bad',
  error: 'bad',
};

/** The verdicts chart: listed, and each reason a URL was left out. */
export function verdictBars(charts: CrawlCharts): ChartBar[] {
  return charts.verdicts.map((v) => ({
    key: v.reason,
    label: v.label,
    count: v.count,
    tone: REASON_TONES[v.reason] ?? 'warn',
    pick: { reason: v.reason },
  }));
}

function statusTone(status: number | null): BarTone {
  if (status === null) return 'muted';
  if (status >= 400) return 'bad';
  if (status >= 300) return 'info';
  return status >= 200 ? 'good' : 'muted';
}

/** The status chart: one bar per HTTP status, then the URLs that got no answer. */
export function statusBars(charts: CrawlCharts): ChartBar[] {
  return charts.statuses.map((s) => ({
    key: String(s.status ?? 'none'),
    label: s.status === null ? 'no answer' : String(s.status),
    count: s.count,
    tone: statusTone(s.status),
    pick: { httpStatus: s.status === null ? 'none' : String(s.status) },
  }));
}

/** The depth chart: URLs per number of clicks from the start page. */
export function depthBars(charts: CrawlCharts): ChartBar[] {
  return charts.depths.map((d) => ({
    key: String(d.depth),
    label:
      d.depth === 0
        ? 'start page'
        : `${d.depth}${d.orMore ? ' or more' : ''} click${d.depth === 1 ? '' : 's'}`,
    count: d.count,
    tone: 'info',
    pick: { depth: `${d.depth}${d.orMore ? '+' : ''}` },
  }));
}

/** The response-time chart: URLs per time bucket, fastest first. */
export function timeBars(charts: CrawlCharts): ChartBar[] {
  const tones: BarTone[] = ['good', 'good', 'info', 'warn', 'bad'];
  return charts.times.map((t, i) => ({
    key: t.bucket,
    label: t.label,
    count: t.count,
    tone: tones[i] ?? 'info',
    pick: { time: t.bucket },
  }));
}

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

/** A share of `total` in words ("12%", "<1%"); empty for a total of 0. */
export function shareText(count: number, total: number): string {
  if (total === 0) return '';
  const pct = (count / total) * 100;
  if (pct > 0 && pct < 1) return '<1%';
  return `${Math.round(pct)}%`;
}
