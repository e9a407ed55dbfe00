import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  checkSitemap,
  checkSitemapBytes,
  createHttpFetcher,
  createUrlPolicy,
  downloadSitemap,
  MAX_INPUT_BYTES,
  SitemapDownloadError,
  type ValidationResult,
} from '@mapsmith/core';
import type { CommandIo } from './export.js';

const processIo: CommandIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** Help text of `mapsmith validate`. */
export const validateHelp = `mapsmith validate <file|url> [--json] [--sitemap-url URL] [--allow-loopback]

Checks a sitemap (urlset, sitemap index, image, video or news sitemap, RSS or Atom feed),
plain or gzipped, from a file or an http(s) URL, and lists errors and warnings with their line.

Options:
  --json             print the result object as JSON
  --sitemap-url URL  where a local file is published, to flag URLs on other hosts
  --allow-loopback   allow a URL on 127.0.0.1/localhost (local test sites only); private
                     and internal addresses are refused as in the hosted checker

Exit status: 0 valid, 1 invalid, 2 the file or URL cannot be read.`;

/** Why the input could not be read (exit status 2). */
class UnreadableError extends Error {}

/**
 * Downloads through the same guarded path as the hosted checker: the SSRF policy on every
 * redirect hop, 5 redirects, 30 s, 50 MB (also after gunzip). Loopback only when allowed.
 */
async function fetchText(url: string, allowLoopback: boolean): Promise<string> {
  const fetcher = createHttpFetcher({
    policy: createUrlPolicy({ allowLoopback }),
    connectionsPerOrigin: 1,
  });
  try {
    return await downloadSitemap(fetcher, url);
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
    `${source}: ${result.isValid ? 'valid' : 'INVALID'} ${result.kind}, ${stats.totalUrls} URLs (${stats.validUrls} valid, ${stats.duplicateUrls} duplicates)`,
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
  let values: { json?: boolean; 'sitemap-url'?: string; 'allow-loopback'?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        'sitemap-url': { type: 'string' },
        'allow-loopback': { type: 'boolean', default: false },
      },
    }));
  } catch (err) {
    io.err(`mapsmith validate: ${(err as Error).message}\n`);
    return 2;
  }
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
