/**
 * Lists the URLs an audit checks: the sitemap's own checker result (spec §5), then its
 * `<loc>`s, or, for an index, the `<loc>`s of every child sitemap up to the audit's bounds.
 * Every download goes through `downloadSitemapBytes`, the guarded fetcher of the checker.
 */
import { checkSitemap } from '../checker/sitemap-checker.js';
import type { ValidationResult } from '../contract/schemas.js';
import { parseSitemap } from '../discovery/sitemap-parser.js';
import {
  downloadSitemapBytes,
  type SitemapDownloadDeps,
  SitemapDownloadError,
} from '../net/sitemap-download.js';

/** How far an audit reads: URLs checked at most, child sitemaps of an index read at most. */
export const AUDIT_LIMITS = { maxUrls: 100_000, maxChildSitemaps: 100 } as const;

/** Where the sitemap comes from: its URL, or the text of an uploaded file. */
export type AuditSource = { url: string } | { text: string; name: string };

/** One listed URL and the file that listed it. */
export interface ListedUrl {
  url: string;
  sitemap: string | null;
}

/** What the listing found. */
export interface AuditListing {
  /** The checker's result for the file itself. */
  validation: ValidationResult;
  /** Files read: the file, plus the children of an index. */
  sitemaps: number;
  /** Children of an index that could not be read, with why. */
  failedChildren: { url: string; reason: string }[];
  /** True when a bound cut the listing. */
  truncated: boolean;
  /** The URLs, in document order, each once. */
  urls: ListedUrl[];
}

/** Reads the file's URLs; a text sitemap (one URL a line) is read by the seeding parser. */
function locsOf(
  text: string,
  sitemapUrl: string | undefined,
): {
  validation: ValidationResult;
  locs: string[];
} {
  const locs: string[] = [];
  const validation = checkSitemap(text, {
    ...(sitemapUrl ? { sitemapUrl } : {}),
    onUrl: (url) => {
      locs.push(url);
      return undefined;
    },
  });
  if (locs.length === 0 && !text.trimStart().startsWith('<'))
    locs.push(...parseSitemap(text, AUDIT_LIMITS.maxUrls).locs);
  return { validation, locs };
}

/** Lists the URLs of `source`; throws `SitemapDownloadError` when the file itself is unusable. */
export async function listAuditUrls(
  source: AuditSource,
  deps: SitemapDownloadDeps,
  limits: { maxUrls: number; maxChildSitemaps: number } = AUDIT_LIMITS,
): Promise<AuditListing> {
  const text =
    'url' in source
      ? new TextDecoder('utf-8').decode(await downloadSitemapBytes(deps, source.url))
      : source.text;
  const top = 'url' in source ? source.url : null;
  const { validation, locs } = locsOf(text, top ?? undefined);
  const listing: AuditListing = {
    validation,
    sitemaps: 1,
    failedChildren: [],
    truncated: false,
    urls: [],
  };
  const seen = new Set<string>();
  const add = (url: string, sitemap: string | null): boolean => {
    if (seen.has(url)) return true;
    if (listing.urls.length >= limits.maxUrls) {
      listing.truncated = true;
      return false;
    }
    seen.add(url);
    listing.urls.push({ url, sitemap });
    return true;
  };
  if (validation.kind !== 'sitemapindex') {
    for (const url of locs) if (!add(url, top)) break;
    return listing;
  }
  const children = [...new Set(locs)];
  if (children.length > limits.maxChildSitemaps) listing.truncated = true;
  for (const child of children.slice(0, limits.maxChildSitemaps)) {
    if (listing.truncated && listing.urls.length >= limits.maxUrls) break;
    let childText: string;
    try {
      childText = new TextDecoder('utf-8').decode(await downloadSitemapBytes(deps, child));
    } catch (err) {
      const reason = err instanceof SitemapDownloadError ? err.message : 'it could not be read';
      listing.failedChildren.push({ url: child, reason });
      continue;
    }
    listing.sitemaps++;
    const parsed = parseSitemap(childText, limits.maxUrls + 1);
    if (parsed.kind === 'sitemapindex') {
      listing.failedChildren.push({ url: child, reason: 'an index inside an index is not read' });
      continue;
    }
    for (const url of parsed.locs) if (!add(url, child)) break;
  }
  return listing;
}
