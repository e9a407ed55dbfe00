/** The eight export formats, in the order the results panel shows their buttons. */
export const EXPORT_FORMATS = [
  'xml',
  'html',
  'rss',
  'json',
  'txt',
  'xml-images',
  'images',
  'videos',
] as const;

/** An export format name. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The formats that may be gzipped (spec §1; decisions.md "Sitemap formats"). */
export const GZIP_FORMATS: readonly ExportFormat[] = ['xml', 'xml-images', 'images', 'videos'];

/** Whether `format` may be gzipped. */
export function canGzip(format: ExportFormat): boolean {
  return GZIP_FORMATS.includes(format);
}

/** Whether `name` is one of the eight export formats. */
export function isExportFormat(name: string): name is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(name);
}
