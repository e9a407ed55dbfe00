/** `mapsmith export`: sitemap files from a crawl file. Options and help: ../options/export.ts. */
import {
  CrawlFileError,
  type ExportResult,
  hasUniformLastmod,
  plural,
  readCrawlFile,
  UNIFORM_LASTMOD_NOTE,
  writeExports,
} from '@mapsmith/core';
import { parseOptions, UsageError } from '../args.js';
import { exportOptions } from '../options/export.js';
import { exportChoice } from '../options/sitemap-files.js';

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

/** One line per format: what was written. */
export function describeResult(result: ExportResult): string {
  if (result.nothingToList) return `${result.format}: no file written. ${result.nothingToList}`;
  const urls = plural(result.urls, 'URL');
  const files = result.split
    ? `${result.entryFile} (sitemap index of ${plural(result.files.length - 1, 'file')})`
    : result.entryFile;
  const skipped = result.skipped.length ? `, ${result.skipped.length} left out` : '';
  return `${result.format}: ${files}, ${urls}${skipped}`;
}

/** `mapsmith export`: writes the chosen formats from a crawl file; resolves with the exit code. */
export async function runExport(argv: string[], io: CommandIo = processIo): Promise<number> {
  try {
    const { values, positionals } = parseOptions(argv, exportOptions);
    const file = positionals[0];
    if (!file || positionals.length > 1) throw new UsageError('give exactly one crawl file');
    if (!values.out) throw new UsageError('--out DIR is required');
    const { formats, options } = exportChoice(values);
    // Decided here, not inside writeExports, so the output can say why lastmod is missing.
    const omitLastmod = await hasUniformLastmod(readCrawlFile(file));
    const results = await writeExports(formats, () => readCrawlFile(file), {
      ...options,
      omitLastmod,
      outDir: values.out,
    });
    const note = omitLastmod ? `${UNIFORM_LASTMOD_NOTE}\n` : '';
    io.out(
      values.json
        ? `${JSON.stringify(results, null, 2)}\n`
        : `${results.map(describeResult).join('\n')}\n${note}Written to ${values.out}\n`,
    );
    return 0;
  } catch (err) {
    return reportFailure(err, io);
  }
}

function reportFailure(err: unknown, io: CommandIo): number {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as NodeJS.ErrnoException).code;
  if (err instanceof UsageError) {
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
