import type { PageRecord } from '../../crawler/types.js';
import { hash64 } from '../hash.js';
import { extend, KeyTable } from '../key-table.js';
import { isContent } from '../scope.js';
import { Examples, pagesHave, type SeoRule } from '../types.js';

/** Target states, two bits each: 0 not seen, 1 a fine canonical target, 2 not one. */
const FINE = 1;
const UNFIT = 2;

/** A page that cannot be a canonical: it redirects, fails, is noindex or names another canonical. */
function unfit(page: PageRecord): boolean {
  const canonical = page.canonical ?? page.finalUrl;
  return (
    page.status !== 200 ||
    page.redirectChain.length > 0 ||
    page.robots.noindex ||
    (canonical !== page.finalUrl && canonical !== page.url)
  );
}

/**
 * Canonicals that point at something that cannot be the canonical: a URL that redirects,
 * fails, is noindex, or names yet another canonical. A target is looked up by URL (the last
 * page with that URL) or else by final URL (the first page that ended there); since it may
 * come after the page naming it, each page leaves a 64-bit key and its state, and each page
 * with a canonical elsewhere leaves the key of its target, resolved at the end.
 */
export const canonicalConflicts: SeoRule = {
  id: 'canonical-conflicts',
  weight: 6,
  severity: 'warning',
  recommendation: 'Point each canonical at a live, indexable URL that names itself as canonical.',
  start(env) {
    // One column: the state as the URL of a page (bits 0-1) and as a final URL (bits 2-3).
    const targets = new KeyTable(1);
    const key = new Uint32Array(2);
    let pending = new Uint32Array(3 * 256);
    let waiting = 0;
    let applicable = 0;
    return {
      observe(page) {
        const state = unfit(page) ? UNFIT : FINE;
        hash64(page.url, key);
        let id = targets.add(key[0] ?? 0, key[1] ?? 0);
        targets.set(id, 0, (targets.get(id, 0) & ~3) | state);
        if (page.finalUrl !== page.url) {
          hash64(page.finalUrl, key);
          id = targets.add(key[0] ?? 0, key[1] ?? 0);
          if (targets.get(id, 0) === 0) targets.set(id, 0, state << 2);
        }
        const canonical = page.canonical;
        if (canonical === null || !isContent(page)) return;
        applicable++;
        if (canonical === page.finalUrl || canonical === page.url) return;
        hash64(canonical, key);
        if ((waiting + 1) * 3 > pending.length) pending = extend(pending);
        pending.set([key[0] ?? 0, key[1] ?? 0, env.urls.keep(page)], waiting * 3);
        waiting++;
      },
      finish() {
        const found = new Examples();
        for (let i = 0; i < waiting; i++) {
          const id = targets.find(pending[i * 3] ?? 0, pending[i * 3 + 1] ?? 0);
          if (id < 0) continue;
          const both = targets.get(id, 0);
          const state = both & 3 || both >> 2;
          if (state !== UNFIT) continue;
          // Only the listed examples are decoded; the rest are counted.
          found.addLazy(() => env.urls.get(pending[i * 3 + 2] ?? 0));
        }
        return found.finding(
          applicable,
          (n) =>
            `${pagesHave(n)} a canonical that points at a redirect, an error, a noindex page or another canonical`,
        );
      },
    };
  },
};
