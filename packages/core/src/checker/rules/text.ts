import { NO_URLS, tooManyUrls } from '../messages.js';
import type { RuleContext } from './context.js';

/**
 * Text sitemaps (sitemaps.org "Text file"; Google's "Text sitemap"): one absolute URL a line and
 * nothing else, at most 50,000 URLs. The same URL rules as a urlset's `<loc>` (errors: http or
 * https, a valid URL shorter than 2,048 characters, on the sitemap's own origin when its URL is
 * known, else its first URL's); duplicates are a warning and not valid. Blank lines are skipped.
 */
export class TextRules {
  constructor(private readonly ctx: RuleContext) {}

  /** Checks one line; answers its URL when it is one to hand out, else null. */
  line(raw: string, line: number): string | null {
    const value = raw.trim();
    if (value === '') return null;
    const { ctx } = this;
    const report = ctx.report;
    report.total++;
    const usable = ctx.url(value, line, ctx.error) && !ctx.offSite(value, line);
    const ok = !ctx.duplicate(value, line) && usable;
    if (ok) report.valid++;
    // A repeat is handed out too: whoever reads the URLs dedupes them itself.
    return usable ? value : null;
  }

  /** Summary messages, as for a urlset. */
  finish(): void {
    const { report } = this.ctx;
    if (report.total === 0) this.ctx.warning(NO_URLS);
    if (report.total > 50_000) this.ctx.error(tooManyUrls(report.total));
    this.ctx.finishHosts();
    report.summarize();
  }
}
