import type { ErrorCode } from '@mapsmith/core';

/**
 * A refused or failed call of the application layer, with the HTTP-like status and the
 * `{error, message, code, field}` body both shells answer it with: the server's error handler sends it
 * as JSON, the desktop's IPC router hands it to the renderer, so the web screens treat both
 * alike. The server's `HttpError` adds response headers to it.
 */
export class AppError extends Error {
  /**
   * `error` is the short title (e.g. "Crawl not finished"); `detail` the sentence that says
   * what happened and what to do; `code` the contract's stable code clients switch on.
   */
  constructor(
    readonly status: number,
    readonly error: string,
    readonly detail?: string,
    readonly code?: ErrorCode,
    /** The input field the refusal is about (`url`, `settings.maxDepth`), when it is one. */
    readonly field?: string,
  ) {
    super(detail ?? error);
    this.name = 'AppError';
  }

  /** The JSON body: `{error, message, code, field}`. */
  get body(): { error: string; message?: string; code?: ErrorCode; field?: string } {
    return {
      error: this.error,
      ...(this.detail ? { message: this.detail } : {}),
      ...(this.code ? { code: this.code } : {}),
      ...(this.field ? { field: this.field } : {}),
    };
  }
}
