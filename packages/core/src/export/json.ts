import { listableAlternates } from '../crawler/hreflang-code.js';
import { VERSION } from '../version.js';
import { w3cDate } from './dates.js';
import { toSitemapUrl } from './escape.js';
import type { Exporter } from './types.js';

/** Version of the JSON export schema; bumped on any incompatible change. */
export const JSON_EXPORT_VERSION = 1;

/**
 * `json`: the documented, versioned JSON export (the runnable schema is `jsonExport` in
 * json-schema.ts).
 *
 * ```
 * {
 *   "version": 1,                  // JSON_EXPORT_VERSION
 *   "generator": "Mapsmith 0.1.0",
 *   "urls": [{
 *     "url": "https://example.com/a",          // absolute, punycode host, percent-encoded path
 *     "title": "A" | null,
 *     "lastmod": "2024-05-01T10:00:00+00:00" | null,   // from Last-Modified only
 *     "images": [{ "loc": "https://...", "alt": "..." | null }],
 *     "videos": [{ "contentUrl", "playerUrl", "thumbnailUrl", "title", "description",
 *                  "durationSeconds", "publicationDate" }],   // each may be null
 *     "alternates": [{ "hreflang": "de", "href": "https://..." }]
 *   }],
 *   "count": 1                     // number of entries in "urls"
 * }
 * ```
 */
export const jsonExporter: Exporter = {
  format: 'json',
  family: 'document',
  contentType: 'application/json',
  start(_options, skip) {
    let count = 0;
    return {
      head: `{"version":${JSON_EXPORT_VERSION},"generator":${JSON.stringify(`Mapsmith ${VERSION}`)},"urls":[\n`,
      entry(page) {
        const url = toSitemapUrl(page.finalUrl || page.url);
        if (url === null) {
          skip({ url: page.url, reason: 'not an http(s) URL' });
          return '';
        }
        const item = {
          url,
          title: page.title,
          lastmod: w3cDate(page.lastModified),
          images: page.images.map((image) => ({
            loc: toSitemapUrl(image.src) ?? image.src,
            alt: image.alt,
          })),
          videos: page.videos,
          alternates: listableAlternates(page.hreflang).map((a) => ({
            hreflang: a.hreflang,
            href: a.href,
          })),
        };
        return `${count++ === 0 ? '' : ',\n'}${JSON.stringify(item)}`;
      },
      end: () => `\n],"count":${count}}\n`,
    };
  },
};
