import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';

/**
 * Streams a generated file as a download: its media type, its name in `Content-Disposition`,
 * never cached (it is a user's own data). The body is read as the socket takes it, one chunk
 * waiting at most, so memory stays flat whatever the file's size.
 */
export async function sendDownload(
  res: Response,
  file: { contentType: string; fileName: string },
  body: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array> | NodeJS.ReadableStream,
): Promise<void> {
  res.set({
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
    'Cache-Control': 'no-store',
  });
  const stream =
    body instanceof Readable
      ? body
      : Readable.from(body as Iterable<unknown>, { highWaterMark: 1 });
  await pipeline(stream, res);
}
