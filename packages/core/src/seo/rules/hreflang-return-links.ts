import { keyOf, listableAlternates } from '../../crawler/hreflang-code.js';
import { hash64 } from '../hash.js';
import { extend, KeyTable } from '../key-table.js';
import { isContent } from '../scope.js';
import { Examples, pagesHave, type SeoRule } from '../types.js';

/** Words of one pending check: the target's key, the return link's key, the page's URL id. */
const WORDS = 5;

/**
 * hreflang alternates that do not link back (walkthrough defect 17): page A names B, B is a
 * page of this crawl, and B's own set does not name A; Google ignores such a pair. An
 * alternate the crawl did not fetch as a page (outside the site, an error, a redirect) is not
 * judged. Since B may come after A, each page leaves the 64-bit keys of its pages and of its
 * links (A→B), and each link leaves a check of its return link (B→A), resolved at the end.
 */
export const hreflangReturnLinks: SeoRule = {
  id: 'hreflang-return-links',
  weight: 2,
  severity: 'warning',
  recommendation:
    'Make every hreflang set reciprocal: each alternate must name the page that names it.',
  start(env) {
    const pages = new KeyTable(1);
    const links = new KeyTable(1);
    const key = new Uint32Array(2);
    let pending = new Uint32Array(WORDS * 256);
    let waiting = 0;
    let applicable = 0;
    return {
      observe(page) {
        if (!isContent(page)) return;
        const self = keyOf(page.url);
        hash64(self, key);
        pages.add(key[0] ?? 0, key[1] ?? 0);
        const others = new Set(listableAlternates(page.hreflang).map((a) => keyOf(a.href)));
        others.delete(self);
        others.delete(keyOf(page.finalUrl));
        if (others.size === 0) return;
        applicable++;
        const id = env.urls.keep(page);
        for (const href of others) {
          hash64(`${self}\n${href}`, key);
          links.add(key[0] ?? 0, key[1] ?? 0);
          if ((waiting + 1) * WORDS > pending.length) pending = extend(pending);
          const at = waiting * WORDS;
          hash64(href, key);
          pending[at] = key[0] ?? 0;
          pending[at + 1] = key[1] ?? 0;
          hash64(`${href}\n${self}`, key);
          pending[at + 2] = key[0] ?? 0;
          pending[at + 3] = key[1] ?? 0;
          pending[at + 4] = id;
          waiting++;
        }
      },
      finish() {
        const found = new Examples();
        let last = -1;
        for (let i = 0; i < waiting; i++) {
          const at = i * WORDS;
          const id = pending[at + 4] ?? 0;
          if (id === last) continue;
          if (pages.find(pending[at] ?? 0, pending[at + 1] ?? 0) < 0) continue;
          if (links.find(pending[at + 2] ?? 0, pending[at + 3] ?? 0) >= 0) continue;
          last = id;
          found.addLazy(() => env.urls.get(id));
        }
        return found.finding(
          applicable,
          (n) =>
            `${pagesHave(n)} hreflang alternates that do not name them back (missing return links)`,
        );
      },
    };
  },
};
