import { otherHost, otherOrigin, otherOriginThanFirst, outsideFolder } from '../messages.js';
import type { Report } from '../report.js';
import type { Entry, Field } from '../types.js';
import { checkUrl, type Sink } from '../values.js';
import { StringSet } from './string-set.js';

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
  private readonly seen = new StringSet();
  /** The sitemap's origin and folder (`https://host/dir/`), when its own URL is known. */
  private readonly own: { origin: string; folder: string } | null;
  /** Without its own URL (an upload): the origin of its first usable URL stands for it. */
  private standIn: string | null = null;
  private readonly offOrigin = { count: 0, example: '', line: undefined as number | undefined };
  private readonly offFolder = { count: 0, example: '', line: undefined as number | undefined };

  /** @param sitemapUrl where the file lives, when known (its host is "this site"). */
  constructor(
    readonly report: Report,
    readonly now: number,
    sitemapUrl: string | undefined,
  ) {
    this.error = (message, line) => report.error(message, line);
    this.warning = (message, line) => report.warning(message, line);
    let host: string | null = null;
    let own: RuleContext['own'] = null;
    try {
      const url = sitemapUrl ? new URL(sitemapUrl) : null;
      host = url?.host ?? null;
      if (url)
        own = {
          origin: url.origin,
          folder: `${url.origin}${url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1)}`,
        };
    } catch {
      host = null;
    }
    this.host = host;
    this.own = own;
  }

  /**
   * For a urlset (sitemaps.org "Sitemap file location"): whether the usable URL `value` is on
   * another scheme or host than the file's (returns true: the URL is not valid here), and counts
   * URLs above the sitemap's folder for one summary warning. The file's origin is its own URL's
   * when known, else its first URL's: the same bytes get the same counts, uploaded or fetched.
   */
  offSite(value: string, line: number): boolean {
    if (this.own === null) {
      // Most URLs start with the origin as written: no parse for those (50,000 a file).
      if (this.standIn !== null && value.startsWith(`${this.standIn}/`)) return false;
      const origin = originOf(value);
      this.standIn ??= origin;
      if (origin === this.standIn) return false;
      if (this.offOrigin.count++ === 0) {
        this.offOrigin.example = value;
        this.offOrigin.line = line;
      }
      return true;
    }
    if (value.startsWith(this.own.folder)) return false;
    const off = value.startsWith(`${this.own.origin}/`) ? this.offFolder : this.offOrigin;
    if (off.count++ === 0) {
      off.example = value;
      off.line = line;
    }
    return off === this.offOrigin;
  }

  /**
   * Checks an entry's URL with the given severity and notes its host; returns whether it is
   * usable. The first URL's host stands for the sitemap's when its own URL is unknown.
   */
  url(value: string, line: number, sink: Sink): boolean {
    const host = checkUrl(value, line, sink);
    if (host === null) return false;
    this.host ??= host;
    if (host !== this.host) {
      if (this.foreign++ === 0) {
        this.foreignExample = value;
        this.foreignLine = line;
      }
    }
    return true;
  }

  /**
   * Whether `url` was seen before in this file (and remembers it); a repeat is counted for the
   * one duplicates warning, and the caller does not count it valid.
   */
  duplicate(url: string, line: number): boolean {
    if (this.seen.add(url)) return false;
    this.report.duplicate(url, line);
    return true;
  }

  /** Whether `url` is listed in this file (so far). */
  listed(url: string): boolean {
    return this.seen.has(url);
  }

  /** The summary messages about URLs off the sitemap's origin or folder, or on other hosts. */
  finishHosts(): void {
    const { own, standIn, offOrigin, offFolder } = this;
    if (own && offOrigin.count > 0)
      this.error(otherOrigin(offOrigin.count, own.origin, offOrigin.example), offOrigin.line);
    if (standIn && offOrigin.count > 0)
      this.error(otherOriginThanFirst(offOrigin.count, standIn, offOrigin.example), offOrigin.line);
    if (own && offFolder.count > 0)
      this.warning(outsideFolder(offFolder.count, own.folder, offFolder.example), offFolder.line);
    // Feeds and indexes, which have no origin rule: other hosts are worth a warning.
    if (!own && !standIn && this.foreign > 0 && this.host)
      this.warning(otherHost(this.foreign, this.host, this.foreignExample), this.foreignLine);
  }
}

/** The origin of a URL `checkUrl` accepted (the text itself if it somehow does not parse). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** The first direct child of the entry with this key. */
export function child(entry: Entry, key: string): Field | undefined {
  // A loop, not `find`: called five times per URL, and a closure each time is garbage.
  for (const field of entry.fields) if (field.parent === null && field.key === key) return field;
  return undefined;
}

/** The direct children of a field. */
export function childrenOf(entry: Entry, parent: Field): Field[] {
  return entry.fields.filter((f) => f.parent === parent);
}
