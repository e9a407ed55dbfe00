import type { ErrorCode } from '@mapsmith/core';

/**
 * A refused or failed call, carried back to the renderer with an HTTP-like status and the
 * `{error, message, code}` body the hosted API would send, so the web screens treat both alike.
 */
export class HandlerError extends Error {
  /** Creates the error; `error` is the short title, `detail` the longer explanation. */
  constructor(
    readonly status: number,
    readonly error: string,
    readonly detail?: string,
    /** The contract's stable code (error-codes.ts) the UI switches on. */
    readonly code?: ErrorCode,
  ) {
    super(detail ? `${error}: ${detail}` : error);
    this.name = 'HandlerError';
  }

  /** The JSON body: `{error, message, code}`, as the hosted API sends it. */
  get body(): { error: string; message?: string; code?: ErrorCode } {
    return {
      error: this.error,
      ...(this.detail ? { message: this.detail } : {}),
      ...(this.code ? { code: this.code } : {}),
    };
  }
}
