import type { PageRecord } from '../crawler/types.js';
import { makePage } from '../export/make-page.js';

const ORIGIN = 'https://shop.example';

/** A small deterministic PRNG (mulberry32): the same page for the same index, every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const urlOf = (i: number) => `${ORIGIN}/catalog/section-${i % 97}/product-${i}-with-a-slug`;

/**
 * `count` synthetic crawl records, made one at a time (a generator, nothing kept), with the
 * mix of problems the SEO rules look for: errors and robots blocks, redirects and chains,
 * non-HTML answers, missing, short, long and duplicated titles and descriptions (duplicates
 * of early pages that show up late too), canonicals to pages before and after, noindex,
 * images without alt, slow and rendered pages, mixed content and sitemap-only pages. For
 * tests and `npm run bench:seo`.
 */
export function* syntheticCrawl(count: number, seed = 1): Generator<PageRecord> {
  for (let i = 0; i < count; i++) {
    const r = random(seed * 1_000_003 + i);
    const url = urlOf(i);
    const roll = r();
    const fields: Partial<PageRecord> = {
      inlinks: r() < 0.06 ? 0 : 1 + Math.floor(r() * 20),
      responseTimeMs: r() < 0.03 ? 1000 + Math.floor(r() * 3000) : 40 + Math.floor(r() * 700),
      depth: 1 + (i % 6),
    };
    fields.linkedFrom = fields.inlinks ? [urlOf(Math.floor(r() * count))] : [];
    if (roll < 0.02) fields.status = 404;
    else if (roll < 0.025) fields.status = 500;
    else if (roll < 0.03) Object.assign(fields, { status: 0, error: 'ECONNRESET' });
    else if (roll < 0.033) {
      const reason = 'blocked by robots.txt';
      Object.assign(fields, {
        status: 0,
        error: reason,
        verdict: { included: false, code: 'robots', reason },
      });
    } else if (roll < 0.06) {
      const hops = r() < 0.3 ? 2 : 1;
      const target = urlOf(Math.floor(r() * count));
      fields.finalUrl = target;
      fields.canonical = target;
      fields.redirectChain = Array.from({ length: hops }, (_, h) => ({
        url: h === 0 ? url : `${url}/hop-${h}`,
        status: 301,
      }));
    } else if (roll < 0.07) fields.contentType = 'application/pdf';
    const t = r();
    if (t < 0.03) fields.title = null;
    else if (t < 0.05) fields.title = `Category page ${i % 7}`;
    else if (t < 0.06) fields.title = `Product ${Math.floor(r() * 1000)} | Shop`;
    else if (t < 0.07) fields.title = `Short ${i}`.slice(0, 8);
    else
      fields.title = `Product ${i} | Shop${t < 0.08 ? ' with a title far too long to fit in a result' : ''}`;
    const d = r();
    if (d < 0.05) fields.metaDescription = null;
    else if (d < 0.08)
      fields.metaDescription = `  Shared description ${i % 13} for many pages of the shop. `;
    else if (d < 0.1) fields.metaDescription = `Brief ${i}`;
    else
      fields.metaDescription = `Buy product ${i} from our shop: fast delivery, easy returns and friendly support.`;
    fields.h1 = r() < 0.05 ? null : `Product ${i}`;
    const c = r();
    if (c < 0.05) fields.canonical = null;
    else if (c < 0.08) fields.canonical = urlOf(Math.floor(r() * count));
    else if (c < 0.09) fields.canonical = `${url}?variant=1`;
    if (r() < 0.02)
      fields.robots = { meta: ['noindex'], header: [], noindex: true, nofollow: false };
    if (r() < 0.3) {
      fields.images = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, k) => ({
        src: `${ORIGIN}/img/${i}-${k}.jpg`,
        alt: r() < 0.2 ? null : `Photo ${k} of product ${i}`,
      }));
    }
    const s = r();
    fields.structuredData = {
      jsonLd: s < 0.5,
      microdata: s > 0.9,
      types: s < 0.5 ? ['Product'] : [],
    };
    if (r() < 0.01) fields.mixedContent = 1 + Math.floor(r() * 3);
    if (r() < 0.02) Object.assign(fields, { rendered: true, renderReason: 'app shell' });
    if (r() < 0.05) Object.assign(fields, { foundVia: 'sitemap', depth: 1 });
    if (r() < 0.1 && !fields.redirectChain) {
      const http = url.replace('https:', 'http:');
      const canonical = fields.canonical === undefined ? http : fields.canonical;
      Object.assign(fields, { url: http, finalUrl: http, canonical });
    }
    yield makePage(fields.url ?? url, fields);
  }
}
