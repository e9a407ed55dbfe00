import { createHash } from 'node:crypto';
import { AppError } from '@mapsmith/app';
import type { HttpFetcher, Logger, PingKey, PingResult } from '@mapsmith/core';
import type { IndexNowLogRepository, SiteKeyRepository } from '../repos/ports-accounts.js';
import { submitToIndexNow } from './indexnow.js';
import { checkKeyFile } from './key-file.js';
import { bingOutcome, googleOutcome } from './retired-engines.js';
import { siteKey } from './site-key.js';

/** What a ping needs: storage for keys, the guarded fetcher for the key file, the endpoint. */
export interface PingDeps {
  /** The users' IndexNow keys (`repos.accounts.siteKeys`). */
  siteKeys: SiteKeyRepository;
  /** The kept answers (`repos.accounts.indexNowLog`). */
  indexNowLog: IndexNowLogRepository;
  /** The SSRF-guarded fetcher: the key file lives on the user's site. */
  fetcher: HttpFetcher;
  /** `INDEXNOW_ENDPOINT`. */
  indexNowEndpoint: string;
  logger: Logger;
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

/** The user's IndexNow key for the sitemap's host and where its file must be published. */
export async function pingKeyFor(
  keys: SiteKeyRepository,
  userId: number,
  sitemapUrl: string,
): Promise<PingKey> {
  const site = new URL(sitemapUrl);
  const host = site.host.toLowerCase();
  const key = await siteKey(keys, userId, host);
  return { host, key, keyLocation: `${site.origin}/${key}.txt` };
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
  const { key, keyLocation } = await pingKeyFor(deps.siteKeys, request.userId, request.sitemapUrl);
  const keyFile = await checkKeyFile(deps.fetcher, keyLocation, key);
  let indexNow: PingResult['engines'][number];
  if (!keyFile.ok) {
    indexNow = {
      name: 'IndexNow',
      kind: 'submission',
      ok: false,
      status: null,
      message: `Not submitted: ${keyFile.reason}. Publish a text file at ${keyLocation} containing exactly ${key}, then notify again.`,
    };
  } else {
    const result = await submitToIndexNow({
      endpoint: deps.indexNowEndpoint,
      host,
      key,
      keyLocation,
      urls,
    });
    indexNow = {
      name: 'IndexNow',
      kind: 'submission',
      ok: result.ok,
      status: result.status,
      message: result.message,
    };
    deps.logger.info('indexnow submission', {
      host,
      status: result.status,
      accepted: result.accepted,
    });
  }
  const engines = [indexNow, googleOutcome(request.sitemapUrl), bingOutcome(request.sitemapUrl)];
  // Only real submissions count: Google and Bing lines say what to do, they were sent nothing.
  const submissions = engines.filter((e) => e.kind === 'submission');
  const hash = urlsHash(urls);
  const result: PingResult = {
    summary: { successful: submissions.filter((e) => e.ok).length, total: submissions.length },
    engines,
    keyFound: keyFile.ok,
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
