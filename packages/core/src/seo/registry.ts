import { brokenLinks } from './rules/broken-links.js';
import { canonicalConflicts } from './rules/canonical-conflicts.js';
import { descriptionLength } from './rules/description-length.js';
import { duplicateDescription } from './rules/duplicate-description.js';
import { duplicateTitle } from './rules/duplicate-title.js';
import { hreflangInvalid } from './rules/hreflang-invalid.js';
import { hreflangNoSelf } from './rules/hreflang-no-self.js';
import { hreflangReturnLinks } from './rules/hreflang-return-links.js';
import { imagesMissingAlt } from './rules/images-missing-alt.js';
import { linksToRedirects } from './rules/links-to-redirects.js';
import { missingDescription } from './rules/missing-description.js';
import { missingH1 } from './rules/missing-h1.js';
import { missingTitle } from './rules/missing-title.js';
import { mixedContent } from './rules/mixed-content.js';
import { needsRendering } from './rules/needs-rendering.js';
import { noStructuredData } from './rules/no-structured-data.js';
import { noindexLinked } from './rules/noindex-linked.js';
import { redirectChains } from './rules/redirect-chains.js';
import { sitemapOnly } from './rules/sitemap-only.js';
import { slowResponses } from './rules/slow-responses.js';
import { timedOut } from './rules/timed-out.js';
import { titleLength } from './rules/title-length.js';
import type { SeoRule } from './types.js';

/**
 * Every SEO rule, with its weight: the points of 100 it can take away. The weights add up to
 * 100. A rule that finds a problem takes `weight × (0.25 + 0.75 × share)`, where `share` is
 * the affected fraction of the pages it applies to: any occurrence costs a quarter of the
 * weight, and the rest grows with how widespread it is. The score is 100 minus the sum, rounded.
 *
 * | rule                  | weight | severity | applies to                         |
 * |-----------------------|-------:|----------|------------------------------------|
 * | broken-links          |     15 | critical | internally linked URLs             |
 * | missing-title         |     10 | critical | 200 HTML pages                     |
 * | missing-description   |      6 | warning  | 200 HTML pages                     |
 * | duplicate-title       |      6 | warning  | 200 HTML pages                     |
 * | canonical-conflicts   |      6 | warning  | pages with a canonical             |
 * | slow-responses        |      3 | warning  | 200 HTML pages (over 1 s)          |
 * | timed-out             |      3 | warning  | internally linked URLs (no answer) |
 * | missing-h1            |      5 | warning  | 200 HTML pages                     |
 * | redirect-chains       |      5 | warning  | URLs that redirect                 |
 * | noindex-linked        |      5 | warning  | internally linked URLs             |
 * | images-missing-alt    |      5 | warning  | pages with images                  |
 * | mixed-content         |      5 | critical | https pages                        |
 * | duplicate-description |      4 | warning  | 200 HTML pages                     |
 * | title-length          |      4 | warning  | 200 HTML pages (10-60 chars)       |
 * | links-to-redirects    |      3 | info     | internally linked URLs             |
 * | no-structured-data    |      4 | info     | 200 HTML pages                     |
 * | sitemap-only          |      3 | info     | 200 HTML pages                     |
 * | description-length    |      2 | info     | 200 HTML pages (50-160 chars)      |
 * | needs-rendering       |      2 | info     | 200 HTML pages                     |
 * | hreflang-invalid      |      1 | warning  | 200 HTML pages with hreflang       |
 * | hreflang-return-links |      2 | warning  | pages naming other alternates      |
 * | hreflang-no-self      |      1 | warning  | pages with valid hreflang          |
 */
export const SEO_RULES: readonly SeoRule[] = [
  brokenLinks,
  missingTitle,
  missingDescription,
  duplicateTitle,
  canonicalConflicts,
  slowResponses,
  timedOut,
  missingH1,
  redirectChains,
  noindexLinked,
  imagesMissingAlt,
  mixedContent,
  duplicateDescription,
  titleLength,
  linksToRedirects,
  noStructuredData,
  sitemapOnly,
  descriptionLength,
  needsRendering,
  hreflangInvalid,
  hreflangReturnLinks,
  hreflangNoSelf,
];

/** The weight table for display ("why is my score what it is"): rule id and weight. */
export function seoWeights(): { rule: string; weight: number; severity: string }[] {
  return SEO_RULES.map((r) => ({ rule: r.id, weight: r.weight, severity: r.severity }));
}
