import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { sendDownload } from './download.js';

/** Headers of an answer, by name. */
export type Headers = Record<string, string>;

/** A file body: chunks read as the socket takes them, or a stream. */
export type DownloadBody =
  | Iterable<string | Uint8Array>
  | AsyncIterable<string | Uint8Array>
  | NodeJS.ReadableStream;

/**
 * What a route handler answers when a plain `200` with its output as JSON is not enough: a
 * status (201 Created), headers (rate limits, Cache-Control, cookies' companions), or a body
 * that is not JSON (a download, a stream, text written at the socket's pace). The binder
 * (`mount-operations.ts`) writes it; handlers never write to the response themselves.
 */
export class HttpResult {
  private constructor(
    /** The status of the answer. */
    readonly status: number,
    /** Headers set before the body, after the binder's defaults. */
    readonly headers: Headers,
    /** Writes the body once status and headers are set. */
    readonly send: (res: Response) => Promise<void> | void,
  ) {}

  /** The output as JSON, with a status and headers of its own. */
  static json(body: unknown, options: { status?: number; headers?: Headers } = {}): HttpResult {
    return new HttpResult(options.status ?? 200, options.headers ?? {}, (res) => {
      res.json(body);
    });
  }

  /** A generated file, streamed as a download (`sendDownload`: name, type, never cached). */
  static download(
    file: { contentType: string; fileName: string },
    body: DownloadBody,
    headers: Headers = {},
  ): HttpResult {
    return new HttpResult(200, headers, (res) => sendDownload(res, file, body));
  }

  /** A stream piped to the answer as it is; `headers` say what it is (type, disposition). */
  static stream(stream: Readable, headers: Headers): HttpResult {
    return new HttpResult(200, headers, async (res) => {
      await pipeline(stream, res);
    });
  }

  /**
   * A body the handler writes itself once status and headers are set: text Express sends (its
   * ETag and 304 included), or JSON written at the socket's pace.
   */
  static write(headers: Headers, write: (res: Response) => Promise<void> | void): HttpResult {
    return new HttpResult(200, headers, write);
  }
}
