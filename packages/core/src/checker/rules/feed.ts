import { ITEM_MISSING_LINK, NO_URLS } from '../messages.js';
import type { Entry, KindRules } from '../types.js';
import type { RuleContext } from './context.js';

/** The link of an RSS item (text) or an Atom entry (`href`, preferring rel="alternate"). */
export function linkOf(entry: Entry, atom: boolean) {
  const links = entry.fields.filter((f) => f.parent === null && f.key === 'link');
  if (!atom) {
    const link = links[0];
    return link?.text ? { url: link.text, line: link.line } : null;
  }
  const link = links.find((f) => (f.attrs.rel ?? 'alternate') === 'alternate') ?? links[0];
  const href = link?.attrs.href?.trim();
  return link && href ? { url: href, line: link.line } : null;
}

/** RSS and Atom feeds: every problem is a warning (a feed is not a sitemap). */
export class FeedRules implements KindRules {
  constructor(
    private readonly ctx: RuleContext,
    private readonly atom: boolean,
  ) {}

  /** Checks one `item` or `entry`. */
  entry(entry: Entry): void {
    const { ctx } = this;
    ctx.report.total++;
    const link = linkOf(entry, this.atom);
    if (!link) {
      ctx.warning(ITEM_MISSING_LINK, entry.line);
      return;
    }
    const ok = ctx.url(link.url, link.line, ctx.warning);
    if (!ctx.duplicate(link.url, link.line) && ok) ctx.report.valid++;
  }

  /** Summary messages. */
  finish(): void {
    if (this.ctx.report.total === 0) this.ctx.warning(NO_URLS);
    this.ctx.finishHosts();
    this.ctx.report.summarize();
  }
}
