import type { SiteKeyRepository } from '@mapsmith/app';
import type { HttpFetcher, Logger, PingKey } from '@mapsmith/core';
import { type IndexNowResult, submitToIndexNow } from './indexnow.js';
import { checkKeyFile } from './key-file.js';
import { siteKey } from './site-key.js';

/** What a submission for a user's site needs. */
export interface SiteSubmissionDeps {
  /** The users' IndexNow keys (`repos.accounts.siteKeys`). */
  siteKeys: SiteKeyRepository;
  /** The SSRF-guarded fetcher: the key file lives on the user's site. */
  fetcher: HttpFetcher;
  /** `INDEXNOW_ENDPOINT`. */
  indexNowEndpoint: string;
  logger: Logger;
}

/** The key used and where its file must be, and either why nothing was sent or IndexNow's answer. */
export type SiteSubmission = PingKey &
  ({ sent: false; reason: string } | { sent: true; result: IndexNowResult });

/** The user's IndexNow key for the site's host and where its file must be published. */
export async function pingKeyFor(
  keys: SiteKeyRepository,
  userId: number,
  siteUrl: string,
): Promise<PingKey> {
  const site = new URL(siteUrl);
  const host = site.host.toLowerCase();
  const key = await siteKey(keys, userId, host);
  return { host, key, keyLocation: `${site.origin}/${key}.txt` };
}

/**
 * The one IndexNow flow for a user's site (a ping of a crawl, the changes of a scheduled run):
 * the user's key for the site's host, its key file checked live on the site (IndexNow only
 * answers 403 without it), then the URLs posted and the answer logged as `event`.
 */
export async function submitForSite(
  deps: SiteSubmissionDeps,
  request: { userId: number; siteUrl: string; urls: string[]; event: string },
): Promise<SiteSubmission> {
  const site = await pingKeyFor(deps.siteKeys, request.userId, request.siteUrl);
  const keyFile = await checkKeyFile(deps.fetcher, site.keyLocation, site.key);
  if (!keyFile.ok) return { ...site, sent: false, reason: keyFile.reason };
  const result = await submitToIndexNow({
    endpoint: deps.indexNowEndpoint,
    ...site,
    urls: request.urls,
  });
  deps.logger.info(request.event, {
    host: site.host,
    status: result.status,
    accepted: result.accepted,
  });
  return { ...site, sent: true, result };
}
