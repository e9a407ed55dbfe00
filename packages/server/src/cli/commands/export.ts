import { parseArgs } from 'node:util';
import {
  type Changefreq,
  CrawlFileError,
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportOptions,
  type ExportResult,
  isExportFormat,
  readCrawlFile,
  writeExports,
} from '@mapsmith/core';

/** Where a command writes: stdout and stderr by default, buffers in tests. */
export interface CommandIo {
  /** Writes to standard output. */
  out(text: string): void;
  /** Writes to standard error. */
  err(text: string): void;
}

const processIo: CommandIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** Help text of `mapsmith export`. */
export const exportHelp = `mapsmith export <crawl.jsonl> --out DIR [--formats xml,html,...] [options]

Writes sitemap files from a crawl file (one PageRecord JSON object per line, as
"mapsmith crawl --out" writes it). Only URLs the crawl decided to include are listed.

Options:
  --formats LIST     comma-separated, from: ${EXPORT_FORMATS.join(', ')} (default xml)
  --out DIR          folder for the files (created if missing)
  --gzip             gzip xml, xml-images, images and videos (adds .gz)
  --base-url URL     public URL of DIR, for sitemap index entries (default: the site's root)
  --changefreq F     write changefreq on every URL of the xml format
  --priority P       write priority on the xml format: a number 0.0-1.0, or "depth"
  --rss-limit N      keep only the N most recent RSS items
  --json             print the result as JSON

Files: sitemap.xml (an index of sitemap-1.xml, sitemap-2.xml, ... past 50,000 URLs or 50 MB),
sitemap-xml-images.xml, sitemap-images.xml, sitemap-videos.xml, sitemap.html, sitemap.rss,
sitemap.json, sitemap.txt.
Exit status: 0 written, 1 bad options or a bad crawl file, 2 the crawl file cannot be read.`;

const CHANGEFREQ = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];

/** A usage problem: printed with a hint, exit status 1. */
class UsageError extends Error {}

/** Parses the format list; unknown names are a usage error. */
export function parseFormats(list: string): ExportFormat[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isExportFormat(name));
  if (unknown.length > 0 || names.length === 0)
    throw new UsageError(
      `unknown format "${unknown.join('", "')}"; choose from ${EXPORT_FORMATS.join(', ')}`,
    );
  return [...new Set(names)] as ExportFormat[];
}

function exportOptions(values: Record<string, string | boolean | undefined>): ExportOptions {
  const options: ExportOptions = {};
  const { changefreq, priority } = values;
  if (typeof changefreq === 'string') {
    if (!CHANGEFREQ.includes(changefreq))
      throw new UsageError(`--changefreq must be one of ${CHANGEFREQ.join(', ')}`);
    options.changefreq = changefreq as Changefreq;
  }
  if (typeof priority === 'string') {
    const value = Number(priority);
    if (priority !== 'depth' && !(priority.trim() !== '' && value >= 0 && value <= 1))
      throw new UsageError('--priority must be "depth" or a number from 0.0 to 1.0');
    options.priority = priority === 'depth' ? 'depth' : value;
  }
  if (typeof values['rss-limit'] === 'string') {
    const limit = Number(values['rss-limit']);
    if (!Number.isInteger(limit) || limit < 1)
      throw new UsageError('--rss-limit must be a whole number above 0');
    options.rssLimit = limit;
  }
  return options;
}

/** One line per format: what was written. */
export function describeResult(result: ExportResult): string {
  if (result.nothingToList) return `${result.format}: no file written. ${result.nothingToList}`;
  const urls = `${result.urls.toLocaleString('en-US')} URLs`;
  const files = result.split
    ? `${result.entryFile} (sitemap index of ${result.files.length - 1} files)`
    : result.entryFile;
  const skipped = result.skipped.length ? `, ${result.skipped.length} left out` : '';
  return `${result.format}: ${files}, ${urls}${skipped}`;
}

/** `mapsmith export`: writes the chosen formats from a crawl file; resolves with the exit code. */
export async function runExport(argv: string[], io: CommandIo = processIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        formats: { type: 'string', default: 'xml' },
        out: { type: 'string' },
        gzip: { type: 'boolean', default: false },
        'base-url': { type: 'string' },
        changefreq: { type: 'string' },
        priority: { type: 'string' },
        'rss-limit': { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    });
    const file = positionals[0];
    if (!file || positionals.length > 1) throw new UsageError('give exactly one crawl file');
    if (!values.out) throw new UsageError('--out DIR is required');
    const baseUrl = values['base-url'];
    if (baseUrl !== undefined && !/^https?:\/\/[^/]/.test(baseUrl))
      throw new UsageError('--base-url must be an absolute http(s) URL');
    const formats = parseFormats(values.formats);
    const results = await writeExports(formats, () => readCrawlFile(file), {
      ...exportOptions(values),
      outDir: values.out,
      gzip: values.gzip,
      baseUrl: baseUrl?.endsWith('/') ? baseUrl : baseUrl && `${baseUrl}/`,
    });
    io.out(
      values.json
        ? `${JSON.stringify(results, null, 2)}\n`
        : `${results.map(describeResult).join('\n')}\nWritten to ${values.out}\n`,
    );
    return 0;
  } catch (err) {
    return reportFailure(err, io);
  }
}

function reportFailure(err: unknown, io: CommandIo): number {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as NodeJS.ErrnoException).code;
  if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    io.err(`mapsmith export: ${message}\nRun "mapsmith export --help" for usage.\n`);
    return 1;
  }
  if (err instanceof CrawlFileError) {
    io.err(`mapsmith export: bad crawl file, ${message}\n`);
    return 1;
  }
  if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') {
    io.err(`mapsmith export: cannot read or write: ${message}\n`);
    return 2;
  }
  throw err;
}
