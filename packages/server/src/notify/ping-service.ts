import { createHash } from 'node:crypto';
import type { IndexNowLogRepository } from '@mapsmith/app';
import { AppError } from '@mapsmith/app';
import type { PingResult } from '@mapsmith/core';
import { bingOutcome, googleOutcome } from './retired-engines.js';
import { type SiteSubmissionDeps, submitForSite } from './site-submission.js';

export { pingKeyFor } from './site-submission.js';

/** What a ping needs: storage for keys, the guarded fetcher for the key file, the endpoint. */
export interface PingDeps extends SiteSubmissionDeps {
  /** The kept answers (`repos.accounts.indexNowLog`). */
  indexNowLog: IndexNowLogRepository;
}

/** One ping: who asks, the sitemap address, the crawl and its included URLs. */
export interface PingRequest {
  userId: number;
  sitemapUrl: string;
  /** The crawl the URLs come from (its answer is kept for it); null when none. */
  jobId: string | null;
  urls: string[];
}

/** The same set of URLs, in any order, has the same hash. */
function urlsHash(urls: string[]): string {
  return createHash('sha256')
    .update([...urls].sort().join('\n'))
    .digest('hex');
}

/**
 * Notifies search engines honestly: the crawl's URLs of the sitemap's host go to IndexNow (after
 * the site's key file is found live), and Google and Bing get a line saying their ping endpoints
 * are retired and what to do instead. `summary` counts only engines that really accepted.
 */
export async function pingSearchEngines(deps: PingDeps, request: PingRequest): Promise<PingResult> {
  const site = new URL(request.sitemapUrl);
  const host = site.host.toLowerCase();
  const urls = [...new Set(request.urls)].filter((u) => {
    try {
      const url = new URL(u);
      return (
        url.host.toLowerCase() === host && (url.protocol === 'http:' || url.protocol === 'https:')
      );
    } catch {
      return false;
    }
  });
  if (urls.length === 0) {
    throw new AppError(
      'notify.no-urls',
      'No URLs found',
      `The crawl has no listed URLs on ${host} to submit`,
    );
  }
  const submission = await submitForSite(deps, {
    userId: request.userId,
    siteUrl: request.sitemapUrl,
    urls,
    event: 'indexnow submission',
  });
  const indexNow: PingResult['engines'][number] = submission.sent
    ? {
        name: 'IndexNow',
        kind: 'submission',
        ok: submission.result.ok,
        status: submission.result.status,
        message: submission.result.message,
      }
    : {
        name: 'IndexNow',
        kind: 'submission',
        ok: false,
        status: null,
        message: `Not submitted: ${submission.reason}. Publish a text file at ${submission.keyLocation} containing exactly ${submission.key}, then notify again.`,
      };
  const engines = [indexNow, googleOutcome(request.sitemapUrl), bingOutcome(request.sitemapUrl)];
  // Only real submissions count: Google and Bing lines say what to do, they were sent nothing.
  const submissions = engines.filter((e) => e.kind === 'submission');
  const hash = urlsHash(urls);
  const result: PingResult = {
    summary: { successful: submissions.filter((e) => e.ok).length, total: submissions.length },
    engines,
    keyFound: submission.sent,
    at: new Date().toISOString(),
    urls: urls.length,
    lastSentAt: await deps.indexNowLog.lastSent(request.userId, host, hash),
  };
  // Kept, so the crawl page shows it after a reload and a resubmission says when (defect 28).
  await deps.indexNowLog.keep({
    userId: request.userId,
    host,
    urlsHash: hash,
    jobId: request.jobId,
    result,
    accepted: indexNow.ok,
  });
  return result;
}
