/**
 * Site-chrome images: an image on a large share of the listed pages (a logo, an icon, a badge)
 * says nothing about any one page, and listing it with every URL made the image sitemap equal
 * the xml-images one (issue 18). The rule (README "What a crawl lists"): an image on more than
 * a quarter of the listed pages, and on at least 5 of them, is left out of every page's images
 * once the crawl ends.
 */
import type { CrawlStore } from '../ports/crawl-store.js';
import { FingerprintTable } from '../store/fingerprint-table.js';
import type { PageRecord } from './types.js';
import { urlForms } from './url-key.js';

/** Share of listed pages above which an image is site chrome. */
export const TEMPLATE_SHARE = 0.25;
/** Fewest pages an image must be on to count as site chrome. */
export const TEMPLATE_MIN_PAGES = 5;

/**
 * Distinct images counted page by page, the first met: site chrome is on a quarter of the
 * pages, so it is met among the first; past this many, images are only told apart (as
 * fingerprints), so a million-page crawl holds no image URL beyond these.
 */
export const MAX_COUNTED_IMAGES = 10_000;

/** Counts image URLs over the listed pages while a crawl runs. */
export class ImageCounter {
  private readonly pagesWith = new Map<string, number>();
  /** Every distinct image, counted or not. */
  private readonly distinct = new FingerprintTable();
  private listed = 0;

  /** Counts one saved record. */
  add(page: PageRecord): void {
    if (!page.verdict.included) return;
    this.listed++;
    // A page's images are counted once each; most pages have one or none, which need no set.
    const images = page.images;
    const seen = images.length > 1 ? new Set<string>() : null;
    for (const image of images) {
      if (seen) {
        if (seen.has(image.src)) continue;
        seen.add(image.src);
      }
      const pages = this.pagesWith.get(image.src);
      if (pages !== undefined) this.pagesWith.set(image.src, pages + 1);
      else if (this.distinct.add(image.src) && this.pagesWith.size < MAX_COUNTED_IMAGES)
        this.pagesWith.set(image.src, 1);
    }
  }

  /** Distinct images met after the first `MAX_COUNTED_IMAGES`: not in `found`. */
  get uncounted(): number {
    return this.distinct.size - this.pagesWith.size;
  }

  /** Every counted image of the listed pages except `left`, in the order first found. */
  found(left: Set<string>): string[] {
    return [...this.pagesWith.keys()].filter((src) => !left.has(src));
  }

  /** The images on more than a quarter of the listed pages (and on at least 5). */
  template(): Set<string> {
    const limit = Math.max(TEMPLATE_MIN_PAGES, this.listed * TEMPLATE_SHARE);
    const out = new Set<string>();
    for (const [src, pages] of this.pagesWith) if (pages >= limit) out.add(src);
    return out;
  }
}

/**
 * Removes the `left` images (site chrome, or images that answer 4xx) from the saved records
 * that carry them; resolves with how many image entries were left out. Records are saved
 * again under their key (the key of their URL).
 */
export async function dropImages(store: CrawlStore, left: Set<string>): Promise<number> {
  if (left.size === 0) return 0;
  let dropped = 0;
  for await (const page of store.pages()) {
    const kept = page.images.filter((image) => !left.has(image.src));
    if (kept.length === page.images.length) continue;
    const key = urlForms(page.url)?.key;
    if (!key) continue;
    dropped += page.images.length - kept.length;
    await store.savePage(key, { ...page, images: kept });
  }
  return dropped;
}
