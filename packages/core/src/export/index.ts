/** The browser-safe export API: formatting only (no files, no gzip). */
export { w3cDate } from './dates.js';
export { escapeXml, sitemapLoc, toSitemapUrl } from './escape.js';
export { exportFileName, exportPartName } from './file-names.js';
export { JSON_EXPORT_VERSION } from './json.js';
export { type JsonExport, jsonExport } from './json-schema.js';
export { makePage } from './make-page.js';
export { NothingToListError, nothingToListMessage } from './nothing-to-list.js';
export { compareSitemapOrder, SITEMAP_ORDER_COLUMNS } from './order.js';
export { exporters } from './registry.js';
export { renderExport, streamExport } from './render.js';
export { sitemapIndex } from './sitemap-index.js';
export type { Changefreq, Exporter, ExportOptions, ExportSession, SkippedEntry } from './types.js';
export { hasUniformLastmod, UNIFORM_LASTMOD_NOTE } from './uniform-lastmod.js';
export { IMAGE_NS, MAX_IMAGES_PER_URL, SITEMAP_NS, VIDEO_NS, XHTML_NS } from './urlset.js';
export { missingVideoFields } from './videos.js';
