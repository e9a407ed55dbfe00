import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { isGzip } from './sitemap-sniff.js';

const gunzipAsync = promisify(gunzip);

/** Gzip bytes that could not be inflated: more than the cap once inflated, or corrupt. */
export class GunzipError extends Error {
  /** True when the inflated bytes would pass the cap; false when the gzip is corrupt. */
  readonly tooLarge: boolean;

  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'GunzipError';
    this.tooLarge = (cause as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
  }
}

/**
 * `bytes` inflated when they are gzip (sniffed by the magic number, whatever the file's name or
 * type says), at most `maxBytes` of output; any other bytes as they are. The one place a
 * sitemap's gzip is sniffed and inflated under a cap: the checker's download, the crawler's
 * sitemap seeds and the desktop's open file. Throws {@link GunzipError}.
 */
export async function gunzipIfGzip(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  if (!isGzip(bytes)) return bytes;
  try {
    return await gunzipAsync(bytes, { maxOutputLength: maxBytes });
  } catch (err) {
    throw new GunzipError(err);
  }
}
