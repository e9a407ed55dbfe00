import type { ExportFormat } from '../contract/formats.js';

/** Why a sitemap of `format` has nothing to list, in words a site owner can act on. */
export function nothingToListMessage(format: ExportFormat): string {
  if (format === 'images') {
    return 'This crawl found no images on the pages it lists, so an image sitemap would be empty.';
  }
  if (format === 'videos') {
    return 'This crawl found no videos with the fields Google requires (thumbnail, title, description, and a content or player URL), so a video sitemap would be empty.';
  }
  return 'This crawl has no pages that belong in a sitemap, so the sitemap would be empty. The crawl report says why each page was left out.';
}

/**
 * A sitemap-family export that would list no URL. The sitemaps.org schema requires at least
 * one `<url>`, so an empty urlset is an invalid file: no file is produced, and this error says
 * why instead.
 */
export class NothingToListError extends Error {
  /** Creates the error for `format`, with `nothingToListMessage(format)` as its message. */
  constructor(readonly format: ExportFormat) {
    super(nothingToListMessage(format));
    this.name = 'NothingToListError';
  }
}
