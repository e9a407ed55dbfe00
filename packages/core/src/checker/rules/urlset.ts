import { MISSING_LOC, MORE_THAN_ONE_LOC, NO_URLS, tooManyUrls } from '../messages.js';
import type { Entry, KindRules } from '../types.js';
import { checkChangefreq, checkPriority } from '../values.js';
import { child, type RuleContext } from './context.js';
import { ExtensionRules } from './extensions.js';
import { HreflangRule } from './hreflang.js';
import { LastmodRule } from './lastmod.js';

/**
 * Url sets (plain, news, image, video): loc required, http(s), a valid URL and shorter than
 * 2,048 characters, on the file's origin (errors); duplicates (not valid), lastmod, changefreq,
 * priority and the extension rules are warnings.
 */
export class UrlsetRules implements KindRules {
  private readonly lastmod: LastmodRule;
  private readonly extensions: ExtensionRules;
  private readonly hreflang: HreflangRule;

  constructor(
    private readonly ctx: RuleContext,
    news: boolean,
  ) {
    this.lastmod = new LastmodRule(ctx);
    this.extensions = new ExtensionRules(ctx, news);
    this.hreflang = new HreflangRule(ctx);
  }

  /** Checks one `url` entry. */
  entry(entry: Entry): void {
    const { ctx } = this;
    const report = ctx.report;
    report.total++;
    const loc = child(entry, 'loc');
    let ok = false;
    if (!loc) ctx.error(MISSING_LOC, entry.line);
    else {
      const second = entry.fields.find((f) => f.parent === null && f.key === 'loc' && f !== loc);
      if (second) ctx.error(MORE_THAN_ONE_LOC, second.line);
      ok = ctx.url(loc.text, loc.line, ctx.error) && !ctx.offSite(loc.text, loc.line);
      // A repeat is counted once, in the duplicates warning, and is not a valid URL.
      if (ctx.duplicate(loc.text, loc.line)) ok = false;
      this.hreflang.check(entry, loc.text);
    }
    this.lastmod.check(child(entry, 'lastmod'));
    const changefreq = child(entry, 'changefreq');
    if (changefreq) checkChangefreq(changefreq.text, changefreq.line, ctx.warning);
    const priority = child(entry, 'priority');
    if (priority) checkPriority(priority.text, priority.line, ctx.warning);
    this.extensions.check(entry);
    if (ok) report.valid++;
  }

  /** Summary messages. */
  finish(): void {
    const { report } = this.ctx;
    if (report.total === 0) this.ctx.warning(NO_URLS);
    if (report.total > 50_000) this.ctx.error(tooManyUrls(report.total));
    this.lastmod.finish(report.total);
    this.extensions.finish();
    this.hreflang.finish();
    this.ctx.finishHosts();
    report.summarize();
  }
}
