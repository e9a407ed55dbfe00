import type { ValidationResult } from '../contract/schemas.js';
import { isGzip } from '../net/sitemap-sniff.js';
import { badGzip, gzipTooLarge, inputTooLarge } from './messages.js';
import { Report } from './report.js';
import { MAX_INPUT_BYTES, SitemapChecker } from './sitemap-checker.js';
import type { CheckOptions } from './types.js';

/** `.xml.gz` input inflates to at most 52,428,800 bytes (the sitemap limit); beyond that, stop. */
export const MAX_GZIP_OUTPUT = 52_428_800;

/** Why bytes could not be turned into sitemap text. */
export class SitemapInputError extends Error {}

/**
 * Streams the sitemap's text from raw bytes: gzip (by its magic bytes) is inflated with the
 * web-standard DecompressionStream, counting output and stopping past `maxGzipOutput`; UTF-8
 * is decoded chunk by chunk. Throws {@link SitemapInputError} with a clear message.
 */
export async function* decodeSitemapBytes(
  bytes: Uint8Array,
  maxGzipOutput = MAX_GZIP_OUTPUT,
  maxInput = MAX_INPUT_BYTES,
  counter: { bytes: number } = { bytes: 0 },
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  if (!isGzip(bytes)) {
    if (bytes.length > maxInput) throw new SitemapInputError(inputTooLarge(maxInput));
    counter.bytes = bytes.length;
    for (let i = 0; i < bytes.length; i += 1 << 20)
      yield decoder.decode(bytes.subarray(i, i + (1 << 20)), { stream: true });
    yield decoder.decode();
    return;
  }
  const stream = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(new DecompressionStream('gzip'));
  const reader = stream.getReader();
  let total = 0;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (err) {
        throw new SitemapInputError(badGzip(err instanceof Error ? err.message : String(err)));
      }
      if (next.done) break;
      total += next.value.length;
      counter.bytes = total;
      if (total > maxGzipOutput) throw new SitemapInputError(gzipTooLarge(maxGzipOutput));
      if (total > maxInput) throw new SitemapInputError(inputTooLarge(maxInput));
      yield decoder.decode(next.value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  yield decoder.decode();
}

/**
 * Checks a sitemap given as bytes (`.xml` or `.xml.gz`), streaming. Browser-safe. Input that
 * cannot be read (a gzip bomb, bad gzip, oversized) gives an invalid result with the reason.
 */
export async function checkSitemapBytes(
  bytes: Uint8Array,
  options: CheckOptions & { maxGzipOutput?: number } = {},
): Promise<ValidationResult> {
  const maxInput = options.maxInputBytes ?? MAX_INPUT_BYTES;
  if (!isGzip(bytes) && bytes.length <= maxInput) {
    // Plain XML is decoded at once and read whole: the fast scanner needs the whole text.
    return SitemapChecker.check(new TextDecoder('utf-8').decode(bytes), options, bytes.length);
  }
  const checker = new SitemapChecker(options);
  const counter = { bytes: 0 };
  let first = true;
  try {
    const chunks = decodeSitemapBytes(bytes, options.maxGzipOutput, options.maxInputBytes, counter);
    for await (let chunk of chunks) {
      if (first && chunk.length > 0) {
        if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
        first = false;
      }
      // decodeSitemapBytes bounds the input and counts its bytes (passed to `end`).
      checker.writeMeasured(chunk);
    }
  } catch (err) {
    if (!(err instanceof SitemapInputError)) throw err;
    const report = new Report(1);
    report.error(err.message);
    return report.result();
  }
  return checker.end(counter.bytes);
}
