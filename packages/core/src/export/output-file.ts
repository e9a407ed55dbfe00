import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip, type ZlibOptions } from 'node:zlib';

/** Flush to the stream once this many characters are batched: big writes keep zlib fast. */
export const BATCH_CHARS = 1 << 20;

/**
 * A file written in large chunks, optionally through gzip. Callers batch their text and call
 * {@link OutputFile.write} with big strings; one small write per URL into zlib is what makes
 * naive sitemap writers 20 times slower.
 */
export class OutputFile {
  private readonly sink: Writable;
  private readonly done: Promise<void>;
  private failure: Error | null = null;

  /** Opens `path` for writing, through gzip when `gzip` is set. */
  constructor(path: string, gzip: boolean) {
    const file = createWriteStream(path);
    if (gzip) {
      // A few batches of headroom let zlib (on the thread pool) compress one batch while the
      // next is formatted, instead of waiting for a drain after every write.
      const options: ZlibOptions & { writableHighWaterMark: number } = {
        level: constants.Z_DEFAULT_COMPRESSION,
        chunkSize: 1 << 16,
        writableHighWaterMark: 4 * BATCH_CHARS,
      };
      const zip = createGzip(options);
      this.sink = zip;
      this.done = pipeline(zip, file);
    } else {
      this.sink = file;
      this.done = new Promise((resolve, reject) => {
        file.once('finish', () => resolve());
        file.once('error', reject);
      });
    }
    this.done.catch((err: Error) => {
      this.failure = err;
    });
  }

  /** Writes a chunk, waiting for the stream to drain when its buffer is full. */
  async write(chunk: string): Promise<void> {
    if (this.failure) throw this.failure;
    if (chunk === '') return;
    if (!this.sink.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onError = (err: Error) => reject(err);
        this.sink.once('drain', () => {
          this.sink.off('error', onError);
          resolve();
        });
        this.sink.once('error', onError);
      });
    }
  }

  /** Abandons the file after a failure elsewhere, releasing its descriptor (the file stays partial). */
  abort(): void {
    this.sink.destroy();
  }

  /** Ends the file and resolves once everything is on disk. */
  async close(): Promise<void> {
    this.sink.end();
    await this.done;
  }
}
