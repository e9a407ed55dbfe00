/** What the crawler asks of a headless browser for one page. */
export interface RenderRequest {
  /** Absolute URL to load. */
  url: string;
  /** Skip images, fonts and media (rendering only for links and text). */
  blockMedia: boolean;
  /** Give up after this long. */
  timeoutMs: number;
  /** Cancels the render. */
  signal?: AbortSignal;
}

/** The rendered page. */
export interface RenderResult {
  /** The URL the browser ended on. */
  finalUrl: string;
  /** Status of the main document, 0 when unknown. */
  status: number;
  /** The serialized DOM after scripts ran. */
  html: string;
}

/**
 * A headless browser. Implementations route every request the browser makes through the
 * UrlPolicy (a filtering proxy: interception alone misses WebSockets and workers), keep a
 * bounded pool of pages, and restart the browser if it dies.
 */
export interface PageRenderer {
  /** Renders one page; throws on timeout, refusal or browser failure. */
  render(request: RenderRequest): Promise<RenderResult>;
  /** Closes the browser. */
  close(): Promise<void>;
}
