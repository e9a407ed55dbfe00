/**
 * A streaming sitemap parser (saxes): reads `<urlset>` and `<sitemapindex>` documents chunk by
 * chunk and hands out each `<loc>`, stopping once `maxLocs` were read. Namespaces are ignored
 * on purpose: real sitemaps often get them wrong, and the element names are unambiguous.
 */
import { SaxesParser } from 'saxes';

/** What one sitemap document held. */
export interface ParsedSitemap {
  /** `urlset` (page URLs) or `sitemapindex` (child sitemaps); `unknown` for anything else. */
  kind: 'urlset' | 'sitemapindex' | 'unknown';
  /** The `<loc>` values in document order, trimmed. */
  locs: string[];
  /** Whether `maxLocs` cut the list. */
  truncated: boolean;
  /** The XML error, when the document was malformed (locs read before it are kept). */
  error: string | null;
}

const CHUNK = 64 * 1024;

function localName(name: string): string {
  const i = name.indexOf(':');
  return i === -1 ? name : name.slice(i + 1);
}

/** Parses one sitemap document; never throws. */
export function parseSitemap(xml: string, maxLocs: number): ParsedSitemap {
  const result: ParsedSitemap = { kind: 'unknown', locs: [], truncated: false, error: null };
  const parser = new SaxesParser({ xmlns: false });
  let depth = 0;
  let inLoc = false;
  let text = '';
  let done = false;
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (depth === 0 && (name === 'urlset' || name === 'sitemapindex')) result.kind = name;
    depth++;
    // Only <url><loc> and <sitemap><loc> count: image:loc and video locs are not pages.
    if (name === 'loc' && depth === 3 && tag.name === 'loc') {
      inLoc = true;
      text = '';
    }
  });
  parser.on('text', (t) => {
    if (inLoc) text += t;
  });
  parser.on('cdata', (t) => {
    if (inLoc) text += t;
  });
  parser.on('closetag', (tag) => {
    depth--;
    if (!inLoc) return;
    inLoc = false;
    // A <loc> closed by a mismatched tag is broken: the XML error below reports it.
    if (done || tag.name !== 'loc') return;
    const loc = text.trim();
    if (loc) result.locs.push(loc);
    if (result.locs.length >= maxLocs) {
      result.truncated = true;
      done = true;
    }
  });
  parser.on('error', (err) => {
    result.error = err.message;
    done = true;
  });
  try {
    for (let i = 0; i < xml.length && !done; i += CHUNK) parser.write(xml.slice(i, i + CHUNK));
    if (!done) parser.close();
  } catch (err) {
    result.error = (err as Error).message;
  }
  return result;
}
