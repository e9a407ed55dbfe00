/**
 * The one definition of a listable URL's content type (decisions.md "URLs that belong in a
 * sitemap"): HTML pages, and the document types search engines index from a sitemap (Google's
 * "file types indexable by Google": PDF, office documents, EPUB, PostScript). The generator's
 * verdict, the live audit, the live-sitemap comparison (through the crawl's verdict) and every
 * other place that asks "may this be listed?" read it here. Browser-safe.
 */

/** Media types parsed as HTML (links, meta robots, canonical). */
export const HTML_TYPES: ReadonlySet<string> = new Set(['text/html', 'application/xhtml+xml']);

/** Document types listed in sitemaps without parsing, with the name the results give them. */
export const LISTED_DOCUMENT_NAMES: ReadonlyMap<string, string> = new Map([
  ['application/pdf', 'PDF'],
  ['application/msword', 'Word document'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Word document'],
  ['application/vnd.ms-excel', 'Excel spreadsheet'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Excel spreadsheet'],
  ['application/vnd.ms-powerpoint', 'PowerPoint presentation'],
  [
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'PowerPoint presentation',
  ],
  ['application/vnd.oasis.opendocument.text', 'OpenDocument text'],
  ['application/vnd.oasis.opendocument.spreadsheet', 'OpenDocument spreadsheet'],
  ['application/vnd.oasis.opendocument.presentation', 'OpenDocument presentation'],
  ['application/rtf', 'RTF document'],
  ['application/epub+zip', 'EPUB'],
  ['application/postscript', 'PostScript'],
]);

/** Document types listed in sitemaps without parsing (search engines index them). */
export const LISTED_DOCUMENT_TYPES: ReadonlySet<string> = new Set(LISTED_DOCUMENT_NAMES.keys());

/** Whether a media type (lower case, without parameters) is HTML. */
export function isHtmlType(type: string | null): boolean {
  return type !== null && HTML_TYPES.has(type);
}

/** Whether a media type may be listed in a sitemap: HTML or a listed document type. */
export function isListableType(type: string | null): boolean {
  return type !== null && (HTML_TYPES.has(type) || LISTED_DOCUMENT_TYPES.has(type));
}

/** The document name of a listed non-HTML type ("PDF"), or null for HTML and the rest. */
export function listedDocumentName(type: string | null): string | null {
  return type === null ? null : (LISTED_DOCUMENT_NAMES.get(type) ?? null);
}
