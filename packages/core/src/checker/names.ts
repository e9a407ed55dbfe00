/** Namespaces the checker knows, and the canonical prefix it files their elements under. */
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** Google's image extension. */
export const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';
/** Google's video extension. */
export const VIDEO_NS = 'http://www.google.com/schemas/sitemap-video/1.1';
/** Google's news extension. */
export const NEWS_NS = 'http://www.google.com/schemas/sitemap-news/0.9';
/** XHTML, for hreflang `xhtml:link`. */
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';
/** Atom. */
export const ATOM_NS = 'http://www.w3.org/2005/Atom';

const CANONICAL: Record<string, string> = {
  [IMAGE_NS]: 'image',
  [VIDEO_NS]: 'video',
  [NEWS_NS]: 'news',
  [XHTML_NS]: 'xhtml',
};

/**
 * Element names by namespace rather than by the file's prefixes: `<i:image>` in the image
 * namespace is `image:image`; elements of the default namespace keep their local name.
 */
export class Names {
  private readonly prefixes = new Map<string, string>();
  private readonly cache = new Map<string, string>();
  /** The default namespace declared on the root. */
  defaultNs: string | null = null;
  /** Prefixes used without a declaration, once each (XML with namespaces refuses them). */
  readonly undeclared: string[] = [];

  /** Records the `xmlns` and `xmlns:p` attributes of an element. */
  declare(attrs: Record<string, string>): void {
    for (const name in attrs) {
      if (name === 'xmlns') this.defaultNs ??= attrs[name] ?? '';
      else if (name.startsWith('xmlns:')) {
        this.prefixes.set(name.slice(6), attrs[name] ?? '');
        this.cache.clear();
      }
    }
  }

  /** Whether a namespace is declared anywhere seen so far. */
  has(ns: string): boolean {
    return this.defaultNs === ns || [...this.prefixes.values()].includes(ns);
  }

  /** The namespace of a qualified name (its prefix's, or the default one). */
  nsOf(qname: string): string | null {
    const colon = qname.indexOf(':');
    return colon < 0 ? this.defaultNs : (this.prefixes.get(qname.slice(0, colon)) ?? null);
  }

  /** The canonical key of a qualified element name. */
  key(qname: string): string {
    const colon = qname.indexOf(':');
    if (colon < 0) return qname;
    let key = this.cache.get(qname);
    if (key === undefined) {
      const ns = this.prefixes.get(qname.slice(0, colon)) ?? '';
      if (ns === '' && !this.undeclared.includes(qname.slice(0, colon)))
        this.undeclared.push(qname.slice(0, colon));
      const prefix = CANONICAL[ns] ?? (ns === SITEMAP_NS ? '' : qname.slice(0, colon));
      const local = qname.slice(colon + 1);
      key = prefix ? `${prefix}:${local}` : local;
      this.cache.set(qname, key);
    }
    return key;
  }
}
