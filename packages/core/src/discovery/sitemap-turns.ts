/**
 * Reads a whole sitemap file's bytes in short turns (issue 30, points 5 and 8): the bytes are
 * decoded and fed to the checker's streaming parser a slice at a time, and the event loop gets
 * a turn between two slices, so a 50 MB file read by an audit or a comparison on the server
 * never holds the loop for more than a few milliseconds. A text sitemap (one URL a line) is
 * read line by line the same way. Browser-safe: no Node modules.
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
  /** The checker's rules on the file (a text sitemap is named as one there). */
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

/** Whether the file starts like a text sitemap (a URL) rather than XML. */
function isTextSitemap(head: string): boolean {
  const body = (head.charCodeAt(0) === 0xfeff ? head.slice(1) : head).trimStart();
  return body.length > 0 && !body.startsWith('<');
}

/** Reads `bytes` (UTF-8) in turns; never throws for a malformed file (the result says why). */
export async function readSitemapInTurns(
  bytes: Uint8Array,
  options: SitemapTurnsOptions,
): Promise<SitemapInTurns> {
  const pause = options.pause ?? macrotask;
  const step = options.turnBytes ?? SITEMAP_TURN_BYTES;
  const decoder = new TextDecoder('utf-8');
  const head = decoder.decode(bytes.subarray(0, 1024), { stream: true });
  decoder.decode();
  const text = isTextSitemap(head);
  let stopped = false;
  const onUrl: SitemapTurnsOptions['onUrl'] = (url, kind, lastmod) => {
    const go = options.onUrl(url, kind, lastmod);
    if (go === false) stopped = true;
    return go;
  };
  const checker = new SitemapChecker({
    ...(options.sitemapUrl ? { sitemapUrl: options.sitemapUrl } : {}),
    ...(text ? {} : { onUrl }),
  });
  let rest = '';
  const lines = (chunk: string, last: boolean): void => {
    const parts = (rest + chunk).split(/\r\n|\r|\n/);
    rest = last ? '' : (parts.pop() ?? '');
    for (const raw of parts) {
      const line = raw.trim();
      if (!/^https?:\/\/\S+$/i.test(line)) continue;
      if (onUrl(line, 'urlset') === false) return;
    }
  };
  for (let at = 0; at < bytes.length && !stopped; at += step) {
    if (at > 0) await pause();
    const chunk = decoder.decode(bytes.subarray(at, at + step), { stream: true });
    // A text file is named by the checker from its first slice; its URLs are read here.
    if (text) {
      if (at === 0) checker.writeMeasured(chunk);
      lines(chunk, false);
    } else checker.writeMeasured(chunk);
  }
  const tail = decoder.decode();
  if (!stopped) {
    if (text) lines(tail, true);
    else checker.writeMeasured(tail);
  }
  const validation = checker.end(bytes.length);
  const kind = text
    ? 'urlset'
    : validation.kind === 'sitemapindex'
      ? 'sitemapindex'
      : validation.kind === 'unknown'
        ? 'unknown'
        : 'urlset';
  return { kind, validation };
}
