/** Options and help of `mapsmith export` (light: loaded for `--help` and parsing). */
import { type OptionSpecs, optionHelp } from '../args.js';
import { exportFileOptions } from './sitemap-files.js';

/** Every option of `mapsmith export`. */
export const exportOptions = {
  out: { type: 'string', value: 'DIR', help: 'folder for the files (created if missing)' },
  ...exportFileOptions,
  json: { type: 'boolean', help: 'print the result as JSON' },
} as const satisfies OptionSpecs;

/** Help text of `mapsmith export`. */
export const exportHelp = `mapsmith export <crawl.jsonl> --out DIR [--formats xml,html,...] [options]

Writes sitemap files from a crawl file (one PageRecord JSON object per line, as
"mapsmith crawl --out" writes it). Only URLs the crawl decided to include are listed.

Options:
${optionHelp(exportOptions)}

Files: sitemap.xml (an index of sitemap-1.xml, sitemap-2.xml, ... past 50,000 URLs or 50 MB),
sitemap-xml-images.xml, sitemap-images.xml, sitemap-videos.xml, sitemap.html, sitemap.rss,
sitemap.json, sitemap.txt.
Exit status: 0 written, 1 bad options or a bad crawl file, 2 the crawl file cannot be read.`;
