import type { UrlPolicy } from '../ports/url-policy.js';
import { MAX_BULK_SITES } from './bulk-limits.js';
import type { BulkRejectedLine } from './bulk-schemas.js';
import { siteUrl } from './schemas.js';
import { refuseSiteAddress, SITE_REFUSED_CODE } from './site-address.js';
import { hasOpaqueScheme, hasUrlScheme } from './site-scheme.js';

/** A site line of a bulk list that reads as a crawlable address. */
export interface BulkListSite {
  /** 1-based line number. */
  line: number;
  /** The absolute URL (https:// added to a bare host name). */
  url: string;
}

/** A list read line by line: its sites, the lines refused with reasons, and the site count. */
export interface ParsedBulkList {
  sites: BulkListSite[];
  rejected: BulkRejectedLine[];
  /** Lines that were neither blank nor comments (what `MAX_BULK_SITES` bounds). */
  siteLines: number;
}

/** A line as the report quotes it: bounded, so a pasted novel does not come back whole. */
function quote(text: string): string {
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** The key two lines name the same crawl by: scheme, host and path, case of the host aside. */
function siteKey(url: URL): string {
  return `${url.protocol}//${url.host.toLowerCase()}${url.pathname}${url.search}`;
}

/**
 * Reads a bulk list: one site URL a line; blank lines and lines starting with `#` are skipped;
 * a bare host name gets https://. A line that is not a URL, uses another scheme, or repeats an
 * earlier site is refused with its number, reason and `input.invalid`; an address the URL
 * policy refuses (the entry check of every site address, `site-address.ts`) with the code a
 * crawl start refuses it with. The other lines still count.
 * Site lines past `MAX_BULK_SITES` are for the caller to refuse as a whole (see `siteLines`).
 */
export function parseBulkList(list: string, policy: UrlPolicy): ParsedBulkList {
  const sites: BulkListSite[] = [];
  const rejected: ParsedBulkList['rejected'] = [];
  const seen = new Map<string, number>();
  let siteLines = 0;
  const lines = list.split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    // A CSV export's first column is fine too: the URL is what comes before the first comma.
    const text = raw.replace(/^\uFEFF/, '').trim();
    if (text === '' || text.startsWith('#')) continue;
    siteLines++;
    const candidate = (text.split(/[,;\t]/)[0] ?? '').trim().replace(/^"|"$/g, '');
    const parsed = siteUrl.safeParse(candidate);
    if (!parsed.success) {
      const reason =
        hasOpaqueScheme(candidate) || (hasUrlScheme(candidate) && !/^https?:/i.test(candidate))
          ? 'Only http:// and https:// sites can be crawled'
          : 'This line is not a site address (expected something like https://example.com)';
      rejected.push({ line, text: quote(text), reason, code: 'input.invalid' });
      continue;
    }
    const url = new URL(parsed.data);
    const refused = refuseSiteAddress(policy, url.href);
    if (refused) {
      rejected.push({ line, text: quote(text), reason: refused, code: SITE_REFUSED_CODE });
      continue;
    }
    const key = siteKey(url);
    const first = seen.get(key);
    if (first !== undefined) {
      rejected.push({
        line,
        text: quote(text),
        reason: `The same site as line ${first}`,
        code: 'input.invalid',
      });
      continue;
    }
    seen.set(key, line);
    sites.push({ line, url: url.href });
  }
  return { sites, rejected, siteLines };
}

/** Whether a parsed list holds more site lines than one bulk takes. */
export function isBulkListTooLong(parsed: ParsedBulkList): boolean {
  return parsed.siteLines > MAX_BULK_SITES;
}
