/** The Node-only export API: files on disk, split with an index, gzip; crawl files. */
export {
  buildExport,
  type ExportVariant,
  exportContentType,
  exportDownloadName,
} from './build-export.js';
export { OutputFile } from './output-file.js';
export { CrawlFileError, readCrawlFile, toPageRecord } from './read-crawl-file.js';
export {
  type ExportResult,
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_URLS,
  type WriteExportOptions,
  writeExport,
} from './write-files.js';
export { writeExports } from './write-many.js';
