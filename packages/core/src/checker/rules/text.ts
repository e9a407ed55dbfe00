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
    const usable = ctx.url(value, line, ctx.error);
    const onSite = usable && !ctx.offSite(value, line);
    if (!ctx.duplicate(value, line) && onSite) report.valid++;
    // Handed out as a urlset's loc is (repeats and other origins too): readers apply their own
    // scope and dedupe, and an upload's origin is only its first URL's.
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
