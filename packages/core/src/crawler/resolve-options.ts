/** Merges caller options over the defaults and refuses values that make no sense, readably. */
import { type CrawlOptions, DEFAULT_CRAWL_OPTIONS } from './options.js';

const POSITIVE_INTS: (keyof CrawlOptions)[] = [
  'maxPages',
  'concurrency',
  'perHostConcurrency',
  'timeLimitMs',
  'maxUrlLength',
  'maxRepeatedSegments',
  'maxQueryVariants',
  'maxSegmentOccurrences',
  'maxPathSegments',
  'maxUrlsPerTemplate',
  'maxFrontierUrls',
  'maxStoredBytes',
  'maxBodyBytes',
  'pageTimeoutMs',
  'timeoutRetryMs',
];
const NON_NEGATIVE_INTS: (keyof CrawlOptions)[] = [
  'maxDepth',
  'politenessDelayMs',
  'maxRedirects',
  'maxRetries',
];

/** The options of one crawl, complete; throws an Error naming the bad option. */
export function resolveOptions(input: Partial<CrawlOptions> & { startUrl: string }): CrawlOptions {
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const options = { ...DEFAULT_CRAWL_OPTIONS, ...defined } as CrawlOptions;
  if (typeof options.startUrl !== 'string' || !options.startUrl.trim())
    throw new Error('a start URL is required');
  for (const key of POSITIVE_INTS) {
    const v = options[key];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
      throw new Error(`${key} must be a whole number of at least 1 (got ${String(v)})`);
  }
  for (const key of NON_NEGATIVE_INTS) {
    const v = options[key];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
      throw new Error(`${key} must be a whole number of at least 0 (got ${String(v)})`);
  }
  if (!['auto', 'never', 'always'].includes(options.render))
    throw new Error(`render must be auto, never or always (got ${String(options.render)})`);
  if (!['host', 'domain', 'origin'].includes(options.scope))
    throw new Error(`scope must be host, domain or origin (got ${String(options.scope)})`);
  if (!Array.isArray(options.include) || !Array.isArray(options.exclude))
    throw new Error('include and exclude must be lists of patterns');
  return options;
}
