/**
 * The bars of the crawl report's charts (issue 29), derived once from the `crawl.charts` answer:
 * their words, figures, tones and the URL-table filter each opens. The web app's interactive
 * charts (`packages/web/src/charts`) and the client report's static page and PDF
 * (`packages/app/src/share`) both draw these, so the two can never count or name a bar apart.
 */
import type { CrawlCharts } from '../contract/chart-schemas.js';
import type { ReportFilter, ReportReason } from '../contract/report-schemas.js';
import { agree } from '../text/counts.js';

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
        : `${d.depth}${d.orMore ? ' or more' : ''} ${agree(d.depth, 'click')}`,
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

/** A share of `total` in words ("12%", "<1%"); empty for a total of 0. */
export function shareText(count: number, total: number): string {
  if (total === 0) return '';
  const pct = (count / total) * 100;
  if (pct > 0 && pct < 1) return '<1%';
  return `${Math.round(pct)}%`;
}

/** The bar charts, in the order they are drawn: id, title, the word for a bar, and its bars. */
export const BAR_CHARTS: ReadonlyArray<{
  id: string;
  title: string;
  what: string;
  bars: (charts: CrawlCharts) => ChartBar[];
}> = [
  { id: 'chart-verdicts', title: 'Verdicts', what: 'Verdict', bars: verdictBars },
  { id: 'chart-statuses', title: 'HTTP status codes', what: 'Status', bars: statusBars },
  {
    id: 'chart-depths',
    title: 'Depth (clicks from the start page)',
    what: 'Depth',
    bars: depthBars,
  },
  { id: 'chart-times', title: 'Response time', what: 'Response time', bars: timeBars },
];
