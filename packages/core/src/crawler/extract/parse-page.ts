/**
 * The pure page path: the body's bytes, the page's URL and its response headers in, the page's
 * facts out. The crawl runs it in-thread or in a parse worker (`parse-pool.ts`); both give the
 * same facts, since this is the one function either calls.
 */
import { decodeHtml } from '../charset.js';
import { type PageFacts, pageFacts } from './page-facts.js';

/** One page to parse. */
export interface ParseInput {
  /** The response body as received (decoded of its content encoding, not of its charset). */
  body: Uint8Array;
  /** The page's final URL: links resolve against it. */
  url: string;
  /** Response headers, names lower case. */
  headers: Record<string, string>;
}

/** Decodes the body by its charset and extracts the page's facts. */
export function parsePage(input: ParseInput): PageFacts {
  return pageFacts(decodeHtml(input.body, input.headers['content-type']), input.url, input.headers);
}
