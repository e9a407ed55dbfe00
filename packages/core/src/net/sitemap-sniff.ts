/**
 * Sniffs whether bytes are an XML document (a sitemap, a sitemap index, RSS or Atom) rather than
 * an HTML page or something else. Used instead of the Content-Type, which real servers get wrong
 * for sitemaps. Browser-safe: no Node modules.
 */
export function looksLikeSitemap(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '');
  const start = head.trimStart().toLowerCase();
  if (start.startsWith('<?xml')) return true;
  // No declaration: the first element decides (comments and doctype-free XML are common).
  const first = /^(?:<!--[\s\S]*?-->\s*)*<([a-z][\w:.-]*)/.exec(start)?.[1] ?? '';
  return ['urlset', 'sitemapindex', 'rss', 'feed', 'rdf:rdf'].includes(first);
}

/**
 * Whether bytes start like a text sitemap (sitemaps.org: one absolute http(s) URL a line), the
 * form crawl seeding and uploads read too. Browser-safe.
 */
export function looksLikeTextSitemap(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '');
  const first =
    head
      .trimStart()
      .split(/\r\n|\r|\n/, 1)[0]
      ?.trim() ?? '';
  return /^https?:\/\/\S+$/i.test(first);
}

/** Whether `bytes` begin with gzip's magic number (0x1f 0x8b), whatever the file is called. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}
