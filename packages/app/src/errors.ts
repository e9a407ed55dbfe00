import { ERROR_STATUS, type ErrorCode } from '@mapsmith/core';

/** What a refusal may carry besides its code and words. */
export interface AppErrorExtras {
  /** The input field the refusal is about (`url`, `settings.maxDepth`), when it is one. */
  field?: string;
  /** Response headers of the hosted answer (a refusal's rate window, `Retry-After`). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * A refused or failed call of the application layer: the contract's stable `code`, and the
 * `{error, message, code, field}` body both shells answer it with. The server's error handler
 * sends it as JSON under the code's status (`ERROR_STATUS`, the one table) with its `headers`;
 * the desktop's IPC router hands it to the renderer, so the web screens treat both alike.
 * Build one with a named factory (`refusals.ts`: `notFound`, `proRequired`, `invalidInput`...)
 * or, for a refusal said in one place only, with `new AppError(code, title, detail)`.
 */
export class AppError extends Error {
  /** The HTTP-like status, always the code's (`ERROR_STATUS`). */
  readonly status: number;
  readonly field: string | undefined;
  readonly headers: Readonly<Record<string, string>>;

  /**
   * `code` is the contract's code clients switch on; `error` the short title (e.g. "Crawl not
   * finished"); `detail` the sentence that says what happened and what to do.
   */
  constructor(
    readonly code: ErrorCode,
    readonly error: string,
    readonly detail?: string,
    extras: AppErrorExtras = {},
  ) {
    super(detail ?? error);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
    this.field = extras.field;
    this.headers = extras.headers ?? {};
  }

  /** The JSON body: `{error, message, code, field}`. */
  get body(): { error: string; message?: string; code: ErrorCode; field?: string } {
    return {
      error: this.error,
      ...(this.detail ? { message: this.detail } : {}),
      code: this.code,
      ...(this.field ? { field: this.field } : {}),
    };
  }
}
