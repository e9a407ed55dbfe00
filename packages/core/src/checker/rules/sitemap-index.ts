import { MISSING_LOC, MORE_THAN_ONE_LOC, NO_URLS, tooManyUrls } from '../messages.js';
import type { Entry, KindRules } from '../types.js';
import { child, type RuleContext } from './context.js';
import { LastmodRule } from './lastmod.js';

/** Sitemap index: each `sitemap` entry's loc (errors), duplicates and lastmod (warnings). */
export class SitemapIndexRules implements KindRules {
  private readonly lastmod: LastmodRule;

  constructor(private readonly ctx: RuleContext) {
    this.lastmod = new LastmodRule(ctx);
  }

  /** Checks one `sitemap` entry. */
  entry(entry: Entry): void {
    const { ctx } = this;
    ctx.report.total++;
    const loc = child(entry, 'loc');
    let ok = false;
    if (!loc) ctx.error(MISSING_LOC, entry.line);
    else {
      const second = entry.fields.find((f) => f.parent === null && f.key === 'loc' && f !== loc);
      if (second) ctx.error(MORE_THAN_ONE_LOC, second.line);
      ok = ctx.url(loc.text, loc.line, ctx.error);
      if (ctx.duplicate(loc.text, loc.line)) ok = false;
    }
    this.lastmod.check(child(entry, 'lastmod'));
    if (ok) ctx.report.valid++;
  }

  /** Summary messages. */
  finish(): void {
    const { report } = this.ctx;
    if (report.total === 0) this.ctx.warning(NO_URLS);
    if (report.total > 50_000) this.ctx.error(tooManyUrls(report.total));
    this.lastmod.finish(report.total);
    this.ctx.finishHosts();
    report.summarize();
  }
}
