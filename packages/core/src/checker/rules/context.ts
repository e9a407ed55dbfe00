import { otherHost, outsideSitemap } from '../messages.js';
import type { Report } from '../report.js';
import type { Entry, Field } from '../types.js';
import { checkUrl, type Sink } from '../values.js';

/** What every rule set shares: the report, "now", the sitemap's host and duplicate tracking. */
export class RuleContext {
  /** Errors go here. */
  readonly error: Sink;
  /** Warnings go here. */
  readonly warning: Sink;
  private host: string | null;
  private foreign = 0;
  private foreignExample = '';
  private foreignLine: number | undefined;
  private readonly seen = new Set<string>();
  /** The sitemap's folder (`https://host/dir/`), when its own URL is known. */
  private readonly folder: string | null;
  private outside = 0;
  private outsideExample = '';
  private outsideLine: number | undefined;

  /** @param sitemapUrl where the file lives, when known (its host is "this site"). */
  constructor(
    readonly report: Report,
    readonly now: number,
    sitemapUrl: string | undefined,
  ) {
    this.error = (message, line) => report.error(message, line);
    this.warning = (message, line) => report.warning(message, line);
    let host: string | null = null;
    let folder: string | null = null;
    try {
      const own = sitemapUrl ? new URL(sitemapUrl) : null;
      host = own?.host ?? null;
      if (own) folder = `${own.origin}${own.pathname.slice(0, own.pathname.lastIndexOf('/') + 1)}`;
    } catch {
      host = null;
    }
    this.host = host;
    this.folder = folder;
  }

  /**
   * For a urlset whose own URL is known: whether `value` lies outside the sitemap's scheme, host
   * and folder (sitemaps.org "Sitemap file location"); counted for one summary error.
   */
  outsideFolder(value: string, line: number): boolean {
    if (this.folder === null || value.startsWith(this.folder)) return false;
    if (this.outside++ === 0) {
      this.outsideExample = value;
      this.outsideLine = line;
    }
    return true;
  }

  /**
   * Checks an entry's URL with the given severity and notes its host; returns whether it is
   * usable. The first URL's host stands for the sitemap's when its own URL is unknown.
   */
  url(value: string, line: number, sink: Sink): boolean {
    const parsed = checkUrl(value, line, sink);
    if (parsed === null) return false;
    this.host ??= parsed.host;
    if (parsed.host !== this.host) {
      if (this.foreign++ === 0) {
        this.foreignExample = value;
        this.foreignLine = line;
      }
    }
    return true;
  }

  /** Whether `url` was seen before in this file (and remembers it). */
  duplicate(url: string): boolean {
    if (this.seen.has(url)) return true;
    this.seen.add(url);
    return false;
  }

  /** Whether `url` is listed in this file (so far). */
  listed(url: string): boolean {
    return this.seen.has(url);
  }

  /** The summary error about URLs outside the folder, else the warning about foreign hosts. */
  finishHosts(): void {
    if (this.outside > 0 && this.folder)
      this.error(outsideSitemap(this.outside, this.folder, this.outsideExample), this.outsideLine);
    else if (this.foreign > 0 && this.host)
      this.warning(otherHost(this.foreign, this.host, this.foreignExample), this.foreignLine);
  }
}

/** The first direct child of the entry with this key. */
export function child(entry: Entry, key: string): Field | undefined {
  return entry.fields.find((f) => f.parent === null && f.key === key);
}

/** The direct children of a field. */
export function childrenOf(entry: Entry, parent: Field): Field[] {
  return entry.fields.filter((f) => f.parent === parent);
}
