import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AppError, invalidInput } from '@mapsmith/app';
import type { Dialogs } from './export';

/** The largest local file the checker reads: a sitemap is at most 50 MB uncompressed. */
export const MAX_SITEMAP_BYTES = 52_428_800;

/**
 * `checker.openFile`: reads a sitemap the user picks with the open dialog (the renderer never
 * names a path, so it cannot read arbitrary files). `.gz` files are decompressed, with the same
 * 50 MB cap on the result.
 */
export async function openSitemapFile(deps: {
  dialogs: Dialogs;
}): Promise<{ fileName: string | null; content: string | null }> {
  const file = await deps.dialogs.chooseFile('Open a sitemap to check');
  if (!file) return { fileName: null, content: null };
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) throw invalidInput(undefined, path.basename(file), 'Not a file');
  if (stat.size > MAX_SITEMAP_BYTES) {
    throw new AppError(
      'input.too-large',
      'File too large',
      'A sitemap may be at most 50 MB (52,428,800 bytes).',
    );
  }
  let bytes: Buffer = await fs.readFile(file);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: MAX_SITEMAP_BYTES });
    } catch {
      throw invalidInput(
        undefined,
        'The file is gzip but could not be decompressed within 50 MB.',
        'Unreadable gzip file',
      );
    }
  }
  return { fileName: path.basename(file), content: new TextDecoder('utf-8').decode(bytes) };
}
