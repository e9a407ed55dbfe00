import fs from 'node:fs/promises';
import path from 'node:path';
import { GunzipError, gunzipIfGzip, MAX_SITEMAP_BYTES } from '@mapsmith/core';
import { AppError } from '../errors.js';
import { invalidInput } from '../refusals.js';

/**
 * The sitemap in a local file the user picked, for the checker: `.gz` files (sniffed by their
 * bytes) are decompressed, with the same 50 MB cap on the result as on the file.
 */
export async function readSitemapFile(
  file: string,
): Promise<{ fileName: string; content: string }> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) throw invalidInput(undefined, path.basename(file), 'Not a file');
  if (stat.size > MAX_SITEMAP_BYTES) {
    throw new AppError(
      'input.too-large',
      'File too large',
      'A sitemap may be at most 50 MB (52,428,800 bytes).',
    );
  }
  const bytes = await gunzipIfGzip(await fs.readFile(file), MAX_SITEMAP_BYTES).catch((err) => {
    if (!(err instanceof GunzipError)) throw err;
    throw invalidInput(
      undefined,
      'The file is gzip but could not be decompressed within 50 MB.',
      'Unreadable gzip file',
    );
  });
  return { fileName: path.basename(file), content: new TextDecoder('utf-8').decode(bytes) };
}
