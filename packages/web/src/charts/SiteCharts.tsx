/**
 * The site at a glance (issue 29): the crawl report's charts, drawn from one `crawl.charts`
 * answer, for the crawl page (interactive: each bar filters the URL table) and for a later
 * client report, shared page or PDF (`mode="static"`: no script needed, the numbers tables open,
 * the tree expanded, fit for print).
 *
 * Why no charting library: the charts are bars and a tree, which plain SVG rectangles inside
 * buttons and lists draw in a few hundred bytes, where Chart.js (about 70 kB gzipped) and uPlot
 * draw on a canvas a screen reader cannot read (each needs its own table fallback anyway and a
 * keyboard layer for clicks), and Recharts adds d3 and about 100 kB gzipped. A treemap would
 * need d3-hierarchy; a collapsible tree shows the same counts, is readable at 390 px, and is
 * operable with the keyboard as it is. So every bar is a real `<button>` (its words and figure
 * are its name, `aria-pressed` when the table is filtered by it), the SVG is decoration hidden
 * from assistive technology, and each chart has its numbers as a table in a `<details>`.
 */
import { BAR_CHARTS, type ChartPick, type CrawlCharts } from '@mapsmith/core/browser';
import { BarChart, type ChartMode } from './BarChart';

import { FolderChart } from './FolderChart';

export type { ChartPick } from '@mapsmith/core/browser';
export type { ChartMode } from './BarChart';

/** The charts of one crawl's report. */
export function SiteCharts(props: {
  /** The `crawl.charts` answer. */
  charts: CrawlCharts;
  /** `interactive` (the default) or `static` (no buttons, numbers shown: print, no script). */
  mode?: ChartMode;
  /** The URL table's filter now (interactive mode): the bar it matches shows pressed. */
  active?: ChartPick;
  /** Filters the URL table to a bar's URLs (interactive mode). */
  onPick?: (pick: ChartPick) => void;
}) {
  const { charts } = props;
  const common = {
    mode: props.mode ?? 'interactive',
    active: props.active ?? {},
    onPick: props.onPick,
    total: charts.total,
  } as const;
  if (charts.total === 0)
    return (
      <div className="site-charts" data-testid="site-charts">
        <p className="muted">The crawl met no URLs of the site, so there is nothing to chart.</p>
      </div>
    );
  return (
    <div className="site-charts" data-testid="site-charts">
      {BAR_CHARTS.map((chart) => (
        <BarChart
          key={chart.id}
          {...common}
          id={chart.id}
          title={chart.title}
          what={chart.what}
          bars={chart.bars(charts)}
        />
      ))}
      <FolderChart {...common} folders={charts.folders} otherHosts={charts.otherHosts} />
    </div>
  );
}
