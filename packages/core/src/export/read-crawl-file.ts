import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { PageRecord } from '../crawler/types.js';

/** A crawl file line that is not a PageRecord; the message names the line. */
export class CrawlFileError extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the fields the exporters and the SEO analysis rely on and fills the optional arrays a
 * hand-made or older record may lack; throws {@link CrawlFileError} for anything else.
 */
export function toPageRecord(value: unknown, line: number): PageRecord {
  if (!isObject(value) || typeof value.url !== 'string' || !isObject(value.verdict))
    throw new CrawlFileError(`line ${line}: not a crawl record (needs "url" and "verdict")`);
  if (typeof value.verdict.included !== 'boolean')
    throw new CrawlFileError(`line ${line}: "verdict.included" must be true or false`);
  for (const key of ['redirectChain', 'linkedFrom', 'hreflang', 'images', 'videos'] as const) {
    if (value[key] === undefined) value[key] = [];
    else if (!Array.isArray(value[key]))
      throw new CrawlFileError(`line ${line}: "${key}" must be an array`);
  }
  value.finalUrl = typeof value.finalUrl === 'string' ? value.finalUrl : value.url;
  value.robots = isObject(value.robots)
    ? value.robots
    : { meta: [], header: [], noindex: false, nofollow: false };
  value.structuredData = isObject(value.structuredData)
    ? value.structuredData
    : { jsonLd: false, microdata: false, types: [] };
  return value as unknown as PageRecord;
}

/**
 * Streams the PageRecords of a crawl file (JSON Lines, one record per line, as
 * `mapsmith crawl --out` writes it). Blank lines and a run summary line (`startUrl`, no `url`)
 * are skipped. Node-only. Rejects with {@link CrawlFileError} naming the first bad line.
 */
export async function* readCrawlFile(path: string): AsyncGenerator<PageRecord> {
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  let n = 0;
  for await (const text of lines) {
    n++;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new CrawlFileError(`line ${n}: not JSON (${(err as Error).message})`);
    }
    if (isObject(value) && 'startUrl' in value && !('url' in value)) continue;
    yield toPageRecord(value, n);
  }
}
