/** The Node-only export API: files on disk, split with an index, gzip. */
export { OutputFile } from './output-file.js';
export {
  type ExportResult,
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_URLS,
  type WriteExportOptions,
  writeExport,
} from './write-files.js';
