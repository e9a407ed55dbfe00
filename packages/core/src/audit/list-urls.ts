/**
 * Lists the URLs an audit checks: the sitemap's own checker result (spec §5), then its
 * `<loc>`s, or, for an index, the `<loc>`s of every child sitemap up to the audit's bounds.
 * Every download goes through `downloadSitemapBytes`, the guarded fetcher of the checker; every
 * file is parsed in short turns (`readSitemapInTurns`) under one byte and URL budget for the
 * whole audit, so listing never holds the server's event loop.
 */
import type { ValidationResult } from '../contract/schemas.js';
import { SitemapBudget } from '../discovery/sitemap-budget.js';
import { readSitemapInTurns } from '../discovery/sitemap-turns.js';
import {
  downloadSitemapBytes,
  type SitemapDownloadDeps,
  SitemapDownloadError,
} from '../net/sitemap-download.js';

/**
 * How far an audit reads: URLs checked at most, child sitemaps of an index read at most, and
 * decompressed bytes over all its files (one budget per audit, not per file).
 */
export const AUDIT_LIMITS = {
  maxUrls: 100_000,
  maxChildSitemaps: 100,
  maxBytes: 52_428_800,
} as const;

/** The bounds `listAuditUrls` reads under. */
export type AuditLimits = { maxUrls: number; maxChildSitemaps: number; maxBytes: number };

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
  /** Why the listing was cut, in plain words; null when it was not (or only by child count). */
  cut: string | null;
  /** The URLs, in document order, each once. */
  urls: ListedUrl[];
}

/** Lists the URLs of `source`; throws `SitemapDownloadError` when the file itself is unusable. */
export async function listAuditUrls(
  source: AuditSource,
  deps: SitemapDownloadDeps,
  bounds: Partial<AuditLimits> = {},
): Promise<AuditListing> {
  const limits = { ...AUDIT_LIMITS, ...bounds };
  const bytes =
    'url' in source
      ? await downloadSitemapBytes(deps, source.url)
      : new TextEncoder().encode(source.text);
  const top = 'url' in source ? source.url : null;
  const budget = new SitemapBudget(limits);
  const seen = new Set<string>();
  const urls: ListedUrl[] = [];
  const children: string[] = [];
  // The file itself always fits: a single file is capped at the budget's size on download.
  budget.takeFile(top ?? 'the file', Math.min(bytes.length, limits.maxBytes));
  const read = await readSitemapInTurns(bytes, {
    ...(top ? { sitemapUrl: top } : {}),
    onUrl: (url, kind) => {
      if (kind === 'sitemapindex') children.push(url);
      else return add(url, top);
      return undefined;
    },
  });
  function add(url: string, sitemap: string | null): false | undefined {
    if (seen.has(url)) return undefined;
    if (!budget.takeUrl()) return false;
    seen.add(url);
    urls.push({ url, sitemap });
    return undefined;
  }
  const listing: AuditListing = {
    validation: read.validation,
    sitemaps: 1,
    failedChildren: [],
    truncated: false,
    cut: null,
    urls,
  };
  if (read.kind === 'sitemapindex')
    await listChildren(children, deps, limits, budget, listing, add);
  listing.cut = budget.cut;
  if (budget.cut) listing.truncated = true;
  return listing;
}

/** Reads the children of an index into `listing` until one of the audit's bounds is reached. */
async function listChildren(
  locs: string[],
  deps: SitemapDownloadDeps,
  limits: AuditLimits,
  budget: SitemapBudget,
  listing: AuditListing,
  add: (url: string, sitemap: string) => false | undefined,
): Promise<void> {
  const children = [...new Set(locs)];
  if (children.length > limits.maxChildSitemaps) listing.truncated = true;
  for (const child of children.slice(0, limits.maxChildSitemaps)) {
    if (budget.cut) break;
    let bytes: Uint8Array;
    try {
      bytes = await downloadSitemapBytes(deps, child);
    } catch (err) {
      const reason = err instanceof SitemapDownloadError ? err.message : 'it could not be read';
      listing.failedChildren.push({ url: child, reason });
      continue;
    }
    if (!budget.takeFile(child, bytes.length)) break;
    listing.sitemaps++;
    const read = await readSitemapInTurns(bytes, {
      sitemapUrl: child,
      onUrl: (url, kind) => (kind === 'sitemapindex' ? false : add(url, child)),
    });
    if (read.kind === 'sitemapindex')
      listing.failedChildren.push({ url: child, reason: 'an index inside an index is not read' });
  }
}
