/**
 * THE CHARTS SLOT of the client report (issue 29 points 2 and 3). The site-at-a-glance charts
 * (`packages/web/src/charts/SiteCharts.tsx`, built in parallel) go here: this function takes
 * their answer and draws it into the report page and the PDF, between the summary and the SEO
 * section. Until they are wired it draws nothing, so the report stands without them.
 */
export function reportChartsSlot(charts: unknown | null): string {
  if (charts === null) return '<!-- site charts slot: reportChartsSlot(chart answer) -->';
  return '<section aria-labelledby="charts-h" id="site-charts"><h2 id="charts-h">The site at a glance</h2></section>';
}
