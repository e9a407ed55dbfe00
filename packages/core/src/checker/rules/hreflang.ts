import { hreflangNotReciprocal } from '../messages.js';
import type { Entry } from '../types.js';
import type { RuleContext } from './context.js';

/** hreflang sets must be reciprocal: if A lists B as an alternate, B (in the file) lists A. */
export class HreflangRule {
  private readonly alternates = new Map<string, { line: number; hrefs: Set<string> }>();

  constructor(private readonly ctx: RuleContext) {}

  /** Records an entry's `xhtml:link rel="alternate"` targets. */
  check(entry: Entry, loc: string): void {
    let hrefs: Set<string> | null = null;
    for (const field of entry.fields) {
      if (field.key !== 'xhtml:link' || field.attrs.rel !== 'alternate') continue;
      const href = field.attrs.href?.trim();
      if (!href) continue;
      hrefs ??= new Set();
      hrefs.add(href);
    }
    if (hrefs) this.alternates.set(loc, { line: entry.line, hrefs });
  }

  /** Warns about each alternate listed in the file that does not link back. */
  finish(): void {
    for (const [from, { line, hrefs }] of this.alternates) {
      for (const to of hrefs) {
        if (to === from) continue;
        const back = this.alternates.get(to);
        const linksBack = back ? back.hrefs.has(from) : !this.ctx.listed(to);
        if (!linksBack) this.ctx.warning(hreflangNotReciprocal(from, to), line);
      }
    }
  }
}
