/**
 * Reads a whole sitemap file's bytes in short turns (issue 30, points 5 and 8): the bytes are
 * decoded and fed to the checker's streaming parser a slice at a time, and the event loop gets
 * a turn between two slices, so a 50 MB file read by an audit or a comparison on the server
 * never holds the loop for more than a few milliseconds. A text sitemap (one URL a line) is
 * read the same way: the checker reads it by the protocol's rules. Browser-safe: no Node modules.
 */
import { SitemapChecker } from '../checker/sitemap-checker.js';
import type { SitemapKind } from '../checker/types.js';
import type { ValidationResult } from '../contract/schemas.js';

/** Bytes decoded and parsed in one turn: a few milliseconds of parsing on an idle core. */
export const SITEMAP_TURN_BYTES = 64 * 1024;

/** What one file held, read in turns. */
export interface SitemapInTurns {
  /** `urlset` (pages: urlset, feeds, text) or `sitemapindex` (child sitemaps). */
  kind: 'urlset' | 'sitemapindex' | 'unknown';
  /** The checker's rules on the file (a text sitemap is checked as one there: kind `text`). */
  validation: ValidationResult;
}

/** How to read: the file's address (for the checker's messages) and where its URLs go. */
export interface SitemapTurnsOptions {
  sitemapUrl?: string;
  /** Each `<loc>` (or line of a text sitemap) in document order; `false` stops the reading. */
  onUrl: (url: string, kind: SitemapKind, lastmod?: string) => boolean | undefined;
  /** Gives the event loop a turn; `setImmediate` (timers and I/O run first) by default. */
  pause?: () => Promise<void>;
  /** Bytes per turn; `SITEMAP_TURN_BYTES` by default. */
  turnBytes?: number;
}

/** Lets timers and I/O run: `setImmediate` in Node, a zero timeout in a browser. */
const macrotask = (): Promise<void> =>
  new Promise((resolve) =>
    typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
  );

/** Reads `bytes` (UTF-8) in turns; never throws for a malformed file (the result says why). */
export async function readSitemapInTurns(
  bytes: Uint8Array,
  options: SitemapTurnsOptions,
): Promise<SitemapInTurns> {
  const pause = options.pause ?? macrotask;
  const step = options.turnBytes ?? SITEMAP_TURN_BYTES;
  const decoder = new TextDecoder('utf-8');
  let stopped = false;
  // The checker reads every form, a text sitemap too (one URL a line), and hands out its URLs.
  const checker = new SitemapChecker({
    ...(options.sitemapUrl ? { sitemapUrl: options.sitemapUrl } : {}),
    onUrl: (url, kind, lastmod) => {
      const go = options.onUrl(url, kind, lastmod);
      if (go === false) stopped = true;
      return go;
    },
  });
  for (let at = 0; at < bytes.length && !stopped; at += step) {
    if (at > 0) await pause();
    checker.writeMeasured(decoder.decode(bytes.subarray(at, at + step), { stream: true }));
  }
  if (!stopped) checker.writeMeasured(decoder.decode());
  const validation = checker.end(bytes.length);
  const kind =
    validation.kind === 'sitemapindex'
      ? 'sitemapindex'
      : validation.kind === 'unknown'
        ? 'unknown'
        : 'urlset';
  return { kind, validation };
}
