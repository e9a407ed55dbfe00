import {
  type ChangeSummary,
  changeSummaryWords,
  escapeXml as esc,
  formatCount as num,
  plural,
  type SeoAnalysis,
} from '@mapsmith/core';
import type { ClientReport } from './client-report.js';

/** URLs listed under each issue; the rest are counted. */
const URLS_PER_ISSUE = 10;
/** Removed URLs listed under the changes; the rest are counted. */
const REMOVED_LISTED = 20;

function row(label: string, value: string): string {
  return `<tr><th scope="row">${esc(label)}</th><td>${esc(value)}</td></tr>`;
}

/** The crawl's figures: site, status, pages, listed URLs, when it ran and how it ended. */
export function summarySection({ crawl }: ClientReport): string {
  const o = crawl.outcome;
  const rows = [
    row('Site', crawl.url ?? ''),
    row('Status', crawl.status),
    row('Crawled', `${crawl.createdAt.slice(0, 16).replace('T', ' ')} UTC`),
    row('Pages', num(crawl.pagesCrawled)),
    ...(o ? [row('URLs listed in the sitemap', num(o.listed)), row('URLs met', num(o.urls))] : []),
  ];
  const notes = [o?.endSentence, o?.nothingListed, ...(crawl.notes ?? [])].filter(
    (n): n is string => Boolean(n),
  );
  return `<section aria-labelledby="summary-h"><h2 id="summary-h">Summary</h2>
<table class="facts">${rows.join('')}</table>
${notes.map((n) => `<p class="note">${esc(n)}</p>`).join('')}</section>`;
}

function issueItem(issue: SeoAnalysis['issues'][number]): string {
  const urls = issue.urls ?? [];
  const count = issue.count ?? urls.length;
  const shown = urls.slice(0, URLS_PER_ISSUE);
  const more = count - shown.length;
  return `<li class="issue ${esc(issue.severity)}"><p><span class="sev">${esc(issue.severity)}</span> ${esc(issue.message)}${
    count > 0 ? ` <span class="count">(${plural(count, 'URL')})</span>` : ''
  }</p>${
    shown.length > 0
      ? `<ul class="urls">${shown.map((u) => `<li>${esc(u)}</li>`).join('')}${
          more > 0 ? `<li class="more">and ${num(more)} more</li>` : ''
        }</ul>`
      : ''
  }</li>`;
}

/** The SEO score, the issues with their URLs, and the recommendations. */
export function seoSection({ seo }: ClientReport): string {
  if (!seo)
    return `<section aria-labelledby="seo-h"><h2 id="seo-h">SEO health</h2><p>The crawl has not finished: its SEO check comes once it has.</p></section>`;
  const issues = seo.issues.length
    ? `<ul class="issues">${seo.issues.map(issueItem).join('')}</ul>`
    : '<p>No issues found.</p>';
  const tips = seo.recommendations.length
    ? `<h3>Recommendations</h3><ul>${seo.recommendations.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>`
    : '';
  return `<section aria-labelledby="seo-h"><h2 id="seo-h">SEO health</h2>
<p class="score"><strong>${num(seo.score)}</strong><span> / 100</span></p>
<table class="facts">${row('Pages checked', num(seo.stats.totalPages))}${row('Broken links', num(seo.stats.brokenLinks))}${row('Mean response time', `${num(Math.round(seo.stats.avgResponseTime))} ms`)}</table>
<h3>Issues</h3>${issues}${tips}</section>`;
}

function changeFigures(s: ChangeSummary): string {
  return `<p>Compared with the crawl of ${esc(s.previousAt.slice(0, 10))}: ${esc(changeSummaryWords(s))}.</p>`;
}

/** What changed since the previous crawl of the site. */
export function changesSection({ changes }: ClientReport): string {
  const head =
    '<section aria-labelledby="changes-h"><h2 id="changes-h">Changes since the previous crawl</h2>';
  if (!changes?.summary)
    return `${head}<p>There is no earlier finished crawl of this site to compare with.</p></section>`;
  const removed = changes.removed.slice(0, REMOVED_LISTED);
  const list = removed.length
    ? `<h3>Removed URLs</h3><ul class="urls">${removed.map((r) => `<li>${esc(r.url)}</li>`).join('')}${
        changes.summary.removed > removed.length
          ? `<li class="more">and ${num(changes.summary.removed - removed.length)} more</li>`
          : ''
      }</ul>`
    : '';
  return `${head}${changeFigures(changes.summary)}${list}</section>`;
}

/** The sitemap files the crawl makes, and the site's live sitemap files as last read. */
export function sitemapsSection({ crawl, liveSitemaps }: ClientReport): string {
  const made = (crawl.outcome?.downloads ?? []).map(
    (d) =>
      `<tr><th scope="row">${esc(d.format)}</th><td>${d.available ? 'ready' : esc(`not made: ${d.reason ?? 'nothing to list'}`)}</td></tr>`,
  );
  const live = (liveSitemaps?.files ?? []).map(
    (f) =>
      `<tr><th scope="row">${esc(f.url)}</th><td>${f.error ? esc(`unreadable: ${f.error}`) : esc(`${f.kind}, ${plural(f.entries, 'entry', 'entries')}`)}</td></tr>`,
  );
  return `<section aria-labelledby="sitemaps-h"><h2 id="sitemaps-h">Sitemap files</h2>
${made.length ? `<h3>Made from this crawl</h3><table class="facts">${made.join('')}</table>` : '<p>The crawl has not finished: its sitemap files come once it has.</p>'}
${live.length ? `<h3>Live on the site (read ${esc(liveSitemaps?.checkedAt.slice(0, 10) ?? '')})</h3><table class="facts">${live.join('')}</table>` : ''}</section>`;
}
