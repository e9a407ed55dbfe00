import {
  compareSitemapWithCrawl,
  createHttpFetcher,
  type Logger,
  readLiveSitemaps,
  SITEMAP_FLAGS,
  type SitemapCompareSummary,
  type SitemapFinding,
  type SitemapFlag,
  type UrlPolicy,
} from '@mapsmith/core';
import type { CrawlJobRepository } from '../crawl/ports.js';
import { AppError } from '../errors.js';
import { notFound } from '../refusals.js';
import type { SitemapCompareRepository } from './ports.js';

/** What a comparison run reads and writes through, as each shell builds it. */
export interface CompareRunDeps {
  jobs: CrawlJobRepository;
  compare: SitemapCompareRepository;
  /** The shell's one URL policy: the reading obeys it on every address and redirect hop. */
  policy: UrlPolicy;
  logger: Logger;
}

/** URLs per finding kind. */
function countsOf(findings: SitemapFinding[]): Record<SitemapFlag, number> {
  const counts = Object.fromEntries(SITEMAP_FLAGS.map((f) => [f, 0])) as Record<
    SitemapFlag,
    number
  >;
  for (const f of findings) for (const flag of f.flags) counts[flag]++;
  return counts;
}

/**
 * One live-sitemap comparison (issue 14), the same in both shells, run by their job runners
 * outside any request: reads the site's own sitemaps through the guarded fetcher under the
 * comparison's budget, compares them with the finished crawl and stores the findings. An abort
 * (lease lost, shutdown) stops the reading and saves nothing. A resumed run reads them again.
 * The findings are saved under the run's `claimToken` (null: no leased job holds the run).
 */
export async function runSitemapCompare(
  deps: CompareRunDeps,
  crawl: { id: string; userId: number },
  claimToken: string | null,
  signal: AbortSignal,
): Promise<SitemapCompareSummary> {
  const job = await deps.jobs.get(crawl.id, crawl.userId);
  if (!job) throw notFound('The crawl no longer exists.', 'crawl.not-found');
  const fetcher = createHttpFetcher({ policy: deps.policy, connectionsPerOrigin: 2 });
  try {
    const live = await readLiveSitemaps(
      new URL(job.url).origin,
      { fetcher, policy: deps.policy, logger: deps.logger },
      {},
      signal,
    );
    const findings = compareSitemapWithCrawl(live.entries, await deps.compare.crawled(job.id));
    const summary: SitemapCompareSummary = {
      checkedAt: new Date().toISOString(),
      files: live.files,
      truncated: live.truncated,
      cut: live.cut,
      inSitemap: findings.filter((f) => f.inSitemap).length,
      withFindings: findings.filter((f) => f.flags.length > 0).length,
      counts: countsOf(findings),
    };
    // A run whose lease was lost leaves the findings to the worker that took it over.
    if (!signal.aborted) await deps.compare.save(job.id, claimToken, summary, findings);
    return summary;
  } finally {
    await fetcher.close().catch(() => undefined);
  }
}

/** Why a comparison failed, in the words its job shows: ours keep theirs, anything else plainly. */
export function compareFailureText(error: unknown): string {
  if (error instanceof AppError && error.detail) return error.detail;
  const detail = error instanceof Error ? error.message : String(error);
  return `The comparison with the live sitemap failed: ${detail}`;
}
