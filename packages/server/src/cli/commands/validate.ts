import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { checkSitemapBytes, MAX_INPUT_BYTES, type ValidationResult } from '@mapsmith/core';
import type { CommandIo } from './export.js';

const processIo: CommandIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** Help text of `mapsmith validate`. */
export const validateHelp = `mapsmith validate <file|url> [--json] [--sitemap-url URL]

Checks a sitemap (urlset, sitemap index, image, video or news sitemap, RSS or Atom feed),
plain or gzipped, from a file or an http(s) URL, and lists errors and warnings with their line.

Options:
  --json             print the result object as JSON
  --sitemap-url URL  where a local file is published, to flag URLs on other hosts

Exit status: 0 valid, 1 invalid, 2 the file or URL cannot be read.`;

/** Why the input could not be read (exit status 2). */
class UnreadableError extends Error {}

const FETCH_TIMEOUT_MS = 30_000;

async function fetchBytes(url: string): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: 'follow',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'application/xml, text/xml, application/gzip, */*' },
    });
  } catch (err) {
    const cause = (err as { cause?: Error }).cause?.message;
    throw new UnreadableError(`cannot fetch ${url}: ${cause ?? (err as Error).message}`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new UnreadableError(`cannot fetch ${url}: HTTP ${response.status}`);
  }
  // Read with a cap: a body (or a Content-Encoding bomb) past the cap stops the download.
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.length;
    if (total > MAX_INPUT_BYTES) {
      await response.body.cancel().catch(() => {});
      return new Uint8Array(MAX_INPUT_BYTES + 1);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
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
  let values: { json?: boolean; 'sitemap-url'?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: 'boolean', default: false }, 'sitemap-url': { type: 'string' } },
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
  let bytes: Uint8Array;
  try {
    bytes = isUrl ? await fetchBytes(source) : await readBytes(source);
  } catch (err) {
    if (!(err instanceof UnreadableError)) throw err;
    io.err(`mapsmith validate: ${err.message}\n`);
    return 2;
  }
  const sitemapUrl = values['sitemap-url'] ?? (isUrl ? source : undefined);
  const result = await checkSitemapBytes(bytes, { sitemapUrl });
  io.out(values.json ? `${JSON.stringify(result, null, 2)}\n` : formatResult(source, result));
  return result.isValid ? 0 : 1;
}
