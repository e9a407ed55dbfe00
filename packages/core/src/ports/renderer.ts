/** The main document as the crawler already fetched it, served to the browser instead of a refetch. */
export interface RenderDocument {
  /** HTTP status of the fetched answer. */
  status: number;
  /** Its response headers (lower-case names). */
  headers: Record<string, string>;
  /** Its body after content decoding. */
  body: Uint8Array;
}

/**
 * The crawl's credentials for a rendered page's requests (issue 29, `site-auth.ts`): a request
 * to the crawl's own site gets `headersFor(url)`; every request loses the header `names` first,
 * so none reaches another host (a redirect hop included) with a credential on it.
 */
export interface RenderCredentials {
  /** The credential headers a request to `url` carries: empty unless it is the crawl's site. */
  headersFor(url: string): Record<string, string>;
  /** The header names the credentials set, lower case. */
  names: readonly string[];
}

/** What the crawler asks of a headless browser for one page. */
export interface RenderRequest {
  /** Absolute URL to load. */
  url: string;
  /** Skip images, fonts and media (rendering only for links and text). */
  blockMedia: boolean;
  /** Give up after this long. */
  timeoutMs: number;
  /** Cancels the render, also while it waits for a free slot. */
  signal?: AbortSignal;
  /** The fetched main document: one fetch per URL per crawl, the browser does not ask again. */
  document?: RenderDocument;
  /** robots.txt for the crawler's agent, asked for every request the page makes. */
  mayRequest?: (url: string) => Promise<boolean>;
  /** The crawl's credentials, sent by the renderer to the crawl's own site only. */
  credentials?: RenderCredentials;
  /** Who asks (one id per crawl): a user's render slots are shared fairly between its crawls. */
  owner?: string;
  /**
   * Whom the crawl is for (an account on a server): render slots are shared fairly between
   * users first, so one user's many crawls cannot starve another's pages. Defaults to `owner`.
   */
  user?: string;
}

/** The rendered page. */
export interface RenderResult {
  /** The URL the browser ended on (the document's URL; history changes count). */
  finalUrl: string;
  /** Status of the main document, 0 when unknown. */
  status: number;
  /** The serialized DOM after scripts ran. */
  html: string;
}

/**
 * A headless browser. Implementations route every request the browser makes through the
 * UrlPolicy (a filtering proxy: interception alone misses WebSockets and workers), keep a
 * bounded pool of pages, and restart the browser if it dies. A page that tries to leave for
 * another document during its render fails the render: its content is not the page's.
 */
export interface PageRenderer {
  /** Renders one page; throws on timeout, refusal, navigation away or browser failure. */
  render(request: RenderRequest): Promise<RenderResult>;
  /** Closes the browser. */
  close(): Promise<void>;
}

/**
 * What a renderer throws when the page tried to load another document during its render (a
 * script redirect, seen only when its scripts ran): `target` is where it tried to go.
 */
export class RenderLeftPage extends Error {
  constructor(readonly target: string) {
    super(`the page tried to leave for ${target} while rendering`);
  }
}
