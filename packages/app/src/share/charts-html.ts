/**
 * The site-at-a-glance charts of the client report (issue 29 points 2 and 3), drawn as static
 * HTML for the share page and its PDF: the same bars as the crawl page's interactive charts
 * (`BAR_CHARTS`, derived once in core), each chart a table whose rows carry their bar, so the
 * numbers are the chart (a screen reader reads the table; print keeps it), and the site's
 * structure as a nested list. No script and no style attribute: bar lengths are SVG attributes.
 */
import {
  BAR_CHARTS,
  type ChartBar,
  type CrawlCharts,
  escapeXml as esc,
  type FolderNode,
  type FolderRest,
  plural,
  shareText,
} from '@mapsmith/core';

/** The bar box's length in SVG units; it is stretched to its column (the largest bar fills it). */
const BAR_WIDTH = 160;

/** The styles of the charts, added to the report's own. */
export const CHARTS_CSS = `.chart{margin:1rem 0;break-inside:avoid}.chart table{width:100%;border-collapse:collapse;table-layout:fixed}.chart thead th:first-child{width:34%}.chart thead th:nth-child(2){width:36%}.chart caption{text-align:left;font-weight:600;padding:.25rem 0}.chart th,.chart td{text-align:left;padding:.2rem .4rem;border-bottom:1px solid #e5e7eb;font-size:.9rem}.chart .n{text-align:right;white-space:nowrap}.chart th[scope=row]{overflow-wrap:anywhere}.chart svg{display:block}.tone-good{fill:#15803d}.tone-info{fill:#1d4ed8}.tone-warn{fill:#b45309}.tone-bad{fill:#b91c1c}.tone-muted{fill:#6b7280}.folders ul{list-style:none;padding-left:1.1rem;margin:.1rem 0}.folders>ul{padding-left:0}.folders .muted{color:#4b5563}.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

function barSvg(bar: ChartBar, largest: number): string {
  const width =
    largest > 0
      ? Math.max(bar.count > 0 ? 2 : 0, Math.round((bar.count / largest) * BAR_WIDTH))
      : 0;
  return `<svg viewBox="0 0 ${BAR_WIDTH} 12" preserveAspectRatio="none" width="100%" height="12" aria-hidden="true" focusable="false"><rect class="tone-${bar.tone}" width="${width}" height="12" rx="2"></rect></svg>`;
}

function barChart(chart: (typeof BAR_CHARTS)[number], charts: CrawlCharts): string {
  const bars = chart.bars(charts);
  if (bars.length === 0) return '';
  const largest = bars.reduce((most, b) => Math.max(most, b.count), 0);
  const rows = bars
    .map(
      (bar) =>
        `<tr><th scope="row">${esc(bar.label)}</th><td>${barSvg(bar, largest)}</td><td class="n">${bar.count.toLocaleString('en-US')}</td><td class="n">${esc(shareText(bar.count, charts.total))}</td></tr>`,
    )
    .join('');
  return `<div class="chart" id="${esc(chart.id)}"><table><caption>${esc(chart.title)}</caption><thead><tr><th scope="col">${esc(chart.what)}</th><th scope="col"><span class="visually-hidden">Bar</span></th><th scope="col" class="n">URLs</th><th scope="col" class="n">Share</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function folderLine(name: string, urls: number, issues: number): string {
  const broken = issues > 0 ? `, ${issues.toLocaleString('en-US')} broken` : '';
  return `${esc(name)} <span class="muted">${esc(plural(urls, 'URL'))}${broken}</span>`;
}

function restLine(rest: FolderRest | null, what: string): string {
  if (!rest) return '';
  return `<li>${folderLine(`${rest.folders.toLocaleString('en-US')} other ${what}`, rest.urls, rest.issues)}</li>`;
}

function folderList(nodes: FolderNode[], rest: FolderRest | null, what: string): string {
  if (nodes.length === 0 && !rest) return '';
  const items = nodes
    .map(
      (node) =>
        `<li>${folderLine(node.name, node.urls, node.issues)}${folderList(node.children, node.other, 'folders')}</li>`,
    )
    .join('');
  return `<ul>${items}${restLine(rest, what)}</ul>`;
}

/** The charts section of the report; empty when the crawl has no chart answer (still running). */
export function chartsSection(charts: CrawlCharts | null): string {
  if (!charts) return '';
  const body =
    charts.total === 0
      ? '<p>The crawl met no URLs of the site, so there is nothing to chart.</p>'
      : `${BAR_CHARTS.map((chart) => barChart(chart, charts)).join('')}<div class="chart folders"><h3>The site by folder</h3>${folderList(charts.folders, charts.otherHosts, 'hosts')}</div>`;
  return `<section aria-labelledby="charts-h" id="site-charts"><h2 id="charts-h">The site at a glance</h2>${body}</section>`;
}
