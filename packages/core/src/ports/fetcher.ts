/** One HTTP request the crawler wants made. Redirects are never followed by the fetcher. */
export interface FetchRequest {
  /** Absolute http(s) URL. */
  url: string;
  /** GET (default), or HEAD when only the status and headers matter (the sitemap audit). */
  method?: 'GET' | 'HEAD';
  /** Extra request headers (the fetcher adds User-Agent and Accept-Encoding). */
  headers?: Record<string, string>;
  /** Decoded body cap in bytes; the body is cut there and `truncated` set. */
  maxBodyBytes: number;
  /** Cancels the request. */
  signal?: AbortSignal;
  /**
   * The whole answer (headers and body) must come within this many ms, else a `FetchError`
   * with code `ETIMEDOUT`; absent: the fetcher's own header and body timeouts.
   */
  timeoutMs?: number;
}

/** The answer to one request, body already decoded (gzip, deflate, br). */
export interface FetchResponse {
  /** The URL requested (no redirects are followed). */
  url: string;
  /** HTTP status. */
  status: number;
  /** Response headers, names lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The decoded body, at most `maxBodyBytes`. */
  body: Uint8Array;
  /** True when the decoded body was longer than `maxBodyBytes`. */
  truncated: boolean;
  /** Milliseconds from request start to the end of the body. */
  elapsedMs: number;
}

/**
 * Makes HTTP requests. Implementations check every connection against the UrlPolicy on the
 * resolved address, apply connect/header/body timeouts, and throw `FetchError` on failure.
 */
export interface HttpFetcher {
  /** Makes one request; throws FetchError for network errors, timeouts and refused addresses. */
  fetch(request: FetchRequest): Promise<FetchResponse>;
  /** Closes pooled connections. */
  close(): Promise<void>;
}

/** Why a fetch failed. `retryable` marks errors worth another try (timeouts, resets). */
export class FetchError extends Error {
  /** Creates a fetch error; `code` is a stable machine name such as `ETIMEDOUT` or `EBLOCKED`. */
  constructor(
    message: string,
    readonly code: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}
