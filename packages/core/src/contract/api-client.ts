import { type ErrorCode, isErrorCode } from './error-codes.js';
import type { EventName, InputOf, OperationName, OutputOf } from './operations.js';

/**
 * The one interface through which the UI calls the product. The hosted app gives it an HTTP
 * implementation; the desktop app an IPC one. Screens never call `fetch` themselves.
 */
export interface ApiClient {
  /** Calls an operation; rejects with `ApiCallError` when the call fails. */
  call<N extends OperationName>(name: N, input: InputOf<N>): Promise<OutputOf<N>>;
  /** Which shell the UI runs in (hosted-only screens open the hosted site on desktop). */
  readonly shell: 'hosted' | 'desktop';
  /**
   * Subscribes to a pushed event, where the shell has them (the desktop's IPC streams crawl
   * progress); absent on the hosted client, whose screens poll. Returns the unsubscribe.
   */
  subscribe?(name: EventName, callback: (payload: unknown) => void): () => void;
}

/**
 * A failed call. `message` follows spec §7: the status code, a colon and space, then the
 * response text (or status text when the body is empty). `body` is the parsed JSON error body.
 */
export class ApiCallError extends Error {
  /** Creates the error from a status and the response's text and parsed body. */
  constructor(
    readonly status: number,
    text: string,
    readonly body: { error?: string; message?: string; code?: string; field?: string } | null,
    /** Seconds the server asked to wait (`Retry-After`), when it said; null otherwise. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiCallError';
  }

  /** The contract's stable error code (error-codes.ts), when the server sent one. */
  get code(): ErrorCode | undefined {
    return isErrorCode(this.body?.code) ? this.body.code : undefined;
  }

  /** The input field the refusal is about (`url`, `settings.maxDepth`), when the server said. */
  get field(): string | undefined {
    return typeof this.body?.field === 'string' ? this.body.field : undefined;
  }

  /** The server's `error` field, else its `message`, else the whole message. */
  get serverError(): string {
    return this.body?.error ?? this.body?.message ?? this.message;
  }
}
