/**
 * Which found links enter the frontier, and in which form: each link's key (de-duplication) and
 * fetch form (as linked), the site's preferred origin, scope and trap bounds. A key already
 * admitted by this run only adds an inlink: on a real site most links on a page repeat the
 * navigation, so they skip the URL parse, scope and bounds checks.
 */
import type { FrontierEntry, InlinkObservation } from '../ports/crawl-store.js';
import { FingerprintTable } from '../store/fingerprint-table.js';
import type { Bounds } from './bounds.js';
import type { FoundLink } from './extract/page-facts.js';
import type { PreferredForm } from './preferred-form.js';
import type { Scope } from './scope.js';
import type { SummaryCounter } from './summary-counter.js';
import type { PageRecord } from './types.js';
import { type UrlForms, urlForms } from './url-key.js';

/** Link URLs whose forms are cached: navigation links repeat on every page. */
const FORMS_CACHE = 20_000;

/**
 * Distinct URLs outside the site one crawl keeps as report rows ("outside the site"): a large
 * site can link to millions of other sites' URLs. Beyond it they are only counted.
 */
export const MAX_OUTSIDE_ROWS = 10_000;

/** What one batch of links adds to the frontier. */
export interface Admitted {
  /** New entries, first form of each key. */
  entries: FrontierEntry[];
  /** Inlinks to record, to new and to known keys (URLs outside the site included). */
  inlinks: InlinkObservation[];
  /** Links to URLs outside the site met for the first time: report rows, never fetched. */
  outside: FrontierEntry[];
}

/** A link's cached forms, and the key it was admitted under once it was. */
interface CachedForms extends UrlForms {
  /**
   * Set when this link's key is admitted: the navigation links every page repeats then skip
   * the lookup in the (large) admitted set. Keys are never un-admitted, so it never lies.
   */
  admittedAs?: string;
}

/** The admission state of one crawl. */
export class LinkAdmission {
  /** Keys admitted, as 64-bit fingerprints: a million-URL crawl holds no key string here. */
  private readonly admitted = new FingerprintTable();
  private forms = new Map<string, CachedForms | null>();
  /** Keys outside the site kept as rows (at most `MAX_OUTSIDE_ROWS`). */
  private outsideKeys = new Set<string>();

  /** Uses the crawl's scope, bounds, preferred form and counter (for pruned URLs). */
  constructor(
    private readonly scope: Scope,
    private readonly bounds: Bounds,
    private readonly preferred: PreferredForm,
    private readonly counter: SummaryCounter,
  ) {}

  /** Both forms of a URL, cached. */
  formsOf(url: string): CachedForms | null {
    let forms = this.forms.get(url);
    if (forms === undefined) {
      if (this.forms.size >= FORMS_CACHE) this.forms = new Map();
      forms = urlForms(url);
      this.forms.set(url, forms);
    }
    return forms;
  }

  /** Marks a key admitted (the start URL). */
  admit(key: string): void {
    this.admitted.add(key);
  }

  /** Marks an outside URL's row as kept (a resumed crawl's stored rows). */
  keptOutside(url: string): void {
    const key = this.formsOf(url)?.key;
    if (key && this.outsideKeys.size < MAX_OUTSIDE_ROWS) this.outsideKeys.add(key);
  }

  /** How many outside URLs are kept as rows. */
  get outsideKept(): number {
    return this.outsideKeys.size;
  }

  /** The site's scope changed (the start URL redirected): an outside key may be inside now. */
  scopeChanged(): void {
    this.outsideKeys = new Set();
  }

  /** Whether a URL's key was admitted already (a redirect to it need not be followed). */
  isKnown(url: string): boolean {
    const forms = urlForms(url);
    return forms !== null && this.admitted.has(forms.key);
  }

  /** The entries and inlinks that `links` found on `from` add at `depth`. */
  links(
    links: FoundLink[],
    from: PageRecord | null,
    depth: number,
    via: 'link' | 'redirect' | 'sitemap',
  ): Admitted {
    // A redirect's target is its final URL, so only the requested URL counts as itself there.
    // Two keys at most: compared as strings, without a set per page.
    const selfKey = from ? this.formsOf(from.url)?.key : undefined;
    const finalKey = from && via !== 'redirect' ? this.formsOf(from.finalUrl)?.key : undefined;
    // A redirect hop (HTTP or client-side) counts as a link from the redirecting URL to its
    // target, as Screaming Frog counts it: a page reached only through redirects is linked.
    const linking =
      !from || via === 'sitemap' ? null : via === 'redirect' ? from.url : from.finalUrl;
    const entries = new Map<string, FrontierEntry>();
    const inlinks: InlinkObservation[] = [];
    const outside: FrontierEntry[] = [];
    for (const link of links) {
      const forms = this.formsOf(link.url);
      if (!forms) continue;
      // A redirect target is queued as it is; other links take the site's preferred form.
      const key = via === 'redirect' ? forms.key : this.preferred.apply(forms.key);
      // Most of a page's links are known already: no lookup in an empty map of new ones.
      if (key === selfKey || key === finalKey || (entries.size > 0 && entries.has(key))) continue;
      if (forms.admittedAs === key || this.admitted.has(key)) {
        if (linking) inlinks.push({ key, from: linking });
        continue;
      }
      // A kept outside URL only adds an inlink, without a parse, like an admitted one.
      if (this.outsideKeys.has(key)) {
        if (linking) inlinks.push({ key, from: linking });
        continue;
      }
      const url = new URL(key);
      if (!this.scope.contains(url)) {
        this.counter.prune('scope', 1, key);
        if (from && via === 'link' && this.outsideKeys.size < MAX_OUTSIDE_ROWS) {
          this.outsideKeys.add(key);
          outside.push({ url: forms.fetch, key, depth, foundVia: 'link', referrer: from.finalUrl });
          inlinks.push({ key, from: from.finalUrl });
        }
        continue;
      }
      const bound = this.bounds.check(url, depth);
      if (bound) {
        this.counter.prune(bound, 1, key);
        continue;
      }
      const foundVia = via === 'link' && link.via === 'alternate' ? 'alternate' : via;
      const fetch = via === 'redirect' ? forms.fetch : this.preferred.apply(forms.fetch);
      entries.set(key, { url: fetch, key, depth, foundVia, referrer: from?.finalUrl ?? null });
      this.admitted.add(key);
      forms.admittedAs = key;
      if (linking) inlinks.push({ key, from: linking });
    }
    return { entries: [...entries.values()], inlinks, outside };
  }
}
