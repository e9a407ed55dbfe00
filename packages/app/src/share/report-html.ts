import { escapeXml as esc } from '@mapsmith/core';
import { CHARTS_CSS, chartsSection } from './charts-html.js';
import type { ClientReport } from './client-report.js';
import { REPORT_CSS } from './report-css.js';
import { changesSection, seoSection, sitemapsSection, summarySection } from './report-sections.js';

/** The site's host for the title ("example.com"), or the URL as given. */
function siteName(url: string | undefined): string {
  try {
    return url ? new URL(url).host : 'a site';
  } catch {
    return url ?? 'a site';
  }
}

/**
 * The client report as one self-contained HTML document (styles inline, the logo a `data:`
 * URL, no script): the share page sends it, and Chromium prints the same text to PDF. It is
 * never indexed (`noindex`; the server adds `X-Robots-Tag` too).
 */
export function clientReportHtml(report: ClientReport): string {
  const { brand } = report;
  const site = siteName(report.crawl.url);
  const logo = brand.logoDataUrl
    ? `<img src="${esc(brand.logoDataUrl)}" alt="${esc(brand.name)} logo">`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow">
<meta name="referrer" content="no-referrer">
<title>${esc(`SEO and sitemap report: ${site} (${brand.name})`)}</title>
<style>:root{--accent:${esc(brand.accent)}}${REPORT_CSS}${CHARTS_CSS}</style></head>
<body><main>
<header class="brand">${logo}<div><h1>SEO and sitemap report: ${esc(site)}</h1><p>Prepared by ${esc(brand.name)}</p></div></header>
${summarySection(report)}
${chartsSection(report.charts)}
${seoSection(report)}
${changesSection(report)}
${sitemapsSection(report)}
<footer>Report of ${esc(report.generatedAt.slice(0, 10))} by ${esc(brand.name)}${brand.name === 'Mapsmith' ? '' : ', made with Mapsmith'}.</footer>
</main></body></html>`;
}

/** A plain page of one heading and one sentence, styled like the report, never indexed. */
export function plainReportPage(title: string, sentence: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow">
<title>${esc(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#1f2937;max-width:36rem;margin:4rem auto;padding:0 1rem}</style>
</head><body><h1>${esc(title)}</h1>
<p>${esc(sentence)}</p>
</body></html>`;
}

/** The page every wrong, revoked or expired share link answers, the same for each. */
export function invalidShareLinkHtml(): string {
  return plainReportPage(
    'This report link is not valid',
    'The link may be mistyped, or its owner revoked it or let it expire. Ask whoever sent it for a new one.',
  );
}
