/**
 * `mapsmith validate`: checks a sitemap file or URL. A file needs only the checker (no fetcher,
 * no undici), so the fetcher is imported when the input is a URL. Options and help:
 * ../options/validate.ts.
 */
import { readFile, stat } from 'node:fs/promises';
import type { ValidationResult } from '@mapsmith/core';
import { checkSitemap, checkSitemapBytes, MAX_INPUT_BYTES } from '@mapsmith/core/checker';
import { formatCount, plural } from '@mapsmith/core/counts';
import { parseOptions, UsageError } from '../args.js';
import { validateOptions } from '../options/validate.js';
import type { CommandIo } from './export.js';

const processIo: CommandIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** Why the input could not be read (exit status 2). */
class UnreadableError extends Error {}

/**
 * Downloads through the same guarded path as the hosted checker: the SSRF policy on every
 * redirect hop, 5 redirects, 30 s, 50 MB (also after gunzip). Loopback only when allowed.
 */
async function fetchText(url: string, allowLoopback: boolean): Promise<string> {
  const { createHttpFetcher, createUrlPolicy, downloadSitemap, SitemapDownloadError } =
    await import('@mapsmith/core');
  const policy = createUrlPolicy({ allowLoopback });
  const fetcher = createHttpFetcher({ policy, connectionsPerOrigin: 1 });
  try {
    return await downloadSitemap({ fetcher, policy }, url);
  } catch (err) {
    if (err instanceof SitemapDownloadError) {
      throw new UnreadableError(`cannot fetch ${url}: ${err.message}`);
    }
    throw err;
  } finally {
    await fetcher.close().catch(() => undefined);
  }
}

async function readBytes(file: string): Promise<Uint8Array> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new UnreadableError(`cannot read ${file}: not a file`);
    // Oversized files are not read at all; the checker reports the size error.
    if (info.size > MAX_INPUT_BYTES) return new Uint8Array(MAX_INPUT_BYTES + 1);
    return await readFile(file);
  } catch (err) {
    if (err instanceof UnreadableError) throw err;
    throw new UnreadableError(`cannot read ${file}: ${(err as Error).message}`);
  }
}

/** The plain-text report: a summary line, then errors and warnings with their lines. */
export function formatResult(source: string, result: ValidationResult): string {
  const { stats } = result;
  const lines = [
    `${source}: ${result.isValid ? 'valid' : 'INVALID'} ${result.kind}, ${plural(stats.totalUrls, 'URL')} (${formatCount(stats.validUrls)} valid, ${plural(stats.duplicateUrls, 'duplicate')})`,
  ];
  const list = (title: string, items: ValidationResult['errors']) => {
    if (items.length === 0) return;
    lines.push(`${title} (${items.length}):`);
    for (const item of items)
      lines.push(`  ${item.line === undefined ? '' : `line ${item.line}: `}${item.message}`);
  };
  list('errors', result.errors);
  list('warnings', result.warnings);
  return `${lines.join('\n')}\n`;
}

/** `mapsmith validate`: checks a sitemap file or URL; resolves with the exit code. */
export async function runValidate(argv: string[], io: CommandIo = processIo): Promise<number> {
  let parsed: ReturnType<typeof parseOptions<typeof validateOptions>>;
  try {
    parsed = parseOptions(argv, validateOptions);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`mapsmith validate: ${err.message}\nRun "mapsmith validate --help" for usage.\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const source = positionals[0];
  if (!source || positionals.length > 1) {
    io.err('mapsmith validate: give one file or URL\n');
    return 2;
  }
  const isUrl = /^https?:\/\//i.test(source);
  const sitemapUrl = values['sitemap-url'] ?? (isUrl ? source : undefined);
  let result: ValidationResult;
  try {
    if (isUrl) {
      const allow =
        values['allow-loopback'] === true || process.env.MAPSMITH_ALLOW_LOOPBACK === '1';
      result = checkSitemap(await fetchText(source, allow), { sitemapUrl });
    } else {
      result = await checkSitemapBytes(await readBytes(source), { sitemapUrl });
    }
  } catch (err) {
    if (!(err instanceof UnreadableError)) throw err;
    io.err(`mapsmith validate: ${err.message}\n`);
    return 2;
  }
  io.out(values.json ? `${JSON.stringify(result, null, 2)}\n` : formatResult(source, result));
  return result.isValid ? 0 : 1;
}
