import { canGzip, type ExportFormat } from '../contract/formats.js';

/**
 * Stable output file names. The entry file keeps its name whether or not the export was split,
 * so a `Sitemap:` line in robots.txt stays right as the site grows:
 *
 * | format     | entry file (one file, or the sitemap index when split) | split parts              |
 * |------------|--------------------------------------------------------|--------------------------|
 * | xml        | sitemap.xml                                            | sitemap-1.xml, -2, ...   |
 * | xml-images | sitemap-xml-images.xml                                 | sitemap-xml-images-1.xml |
 * | images     | sitemap-images.xml                                     | sitemap-images-1.xml     |
 * | videos     | sitemap-videos.xml                                     | sitemap-videos-1.xml     |
 * | html       | sitemap.html                                           | (never split)            |
 * | rss        | sitemap.rss                                            | (never split)            |
 * | json       | sitemap.json                                           | (never split)            |
 * | txt        | sitemap.txt                                            | (never split)            |
 *
 * With gzip, every file of a gzippable format (the index too) gets `.gz` appended; the other
 * formats are never gzipped, so `gzip` does not change their names.
 */
const BASE: Record<ExportFormat, [string, string]> = {
  xml: ['sitemap', '.xml'],
  'xml-images': ['sitemap-xml-images', '.xml'],
  images: ['sitemap-images', '.xml'],
  videos: ['sitemap-videos', '.xml'],
  html: ['sitemap', '.html'],
  rss: ['sitemap', '.rss'],
  json: ['sitemap', '.json'],
  txt: ['sitemap', '.txt'],
};

/** The entry file name of a format (see the table above). */
export function exportFileName(format: ExportFormat, gzip = false): string {
  const [base, ext] = BASE[format];
  return `${base}${ext}${gzip && canGzip(format) ? '.gz' : ''}`;
}

/** The name of split part `n` (1-based) of a sitemap format. */
export function exportPartName(format: ExportFormat, n: number, gzip = false): string {
  const [base, ext] = BASE[format];
  return `${base}-${n}${ext}${gzip && canGzip(format) ? '.gz' : ''}`;
}
