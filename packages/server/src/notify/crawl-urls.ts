import { HttpError } from '../http/errors.js';
import type { Repositories } from '../repos/ports.js';

/**
 * The included URLs of the crawl to announce: the given job (the user's own, completed), or
 * else the user's newest completed crawl of the sitemap's host. No crawl data answers "No URLs
 * found" rather than announcing anything made up.
 */
export async function crawlUrls(
  repos: Repositories,
  userId: number,
  sitemapUrl: string,
  jobId?: string,
): Promise<{ jobId: string; urls: string[] }> {
  const host = new URL(sitemapUrl).host.toLowerCase();
  let id = jobId;
  if (id) {
    const job = await repos.jobs.get(id, userId);
    if (!job) {
      throw new HttpError(
        404,
        'Crawl not found',
        'No such crawl for this account',
        {},
        'crawl.not-found',
      );
    }
    if (job.status !== 'completed') {
      throw new HttpError(
        409,
        'Crawl not finished',
        'Notify search engines once the crawl has completed',
        {},
        'crawl.not-finished',
      );
    }
  } else {
    const jobs = await repos.jobs.list(userId, 50);
    id = jobs.find((j) => j.status === 'completed' && sameHost(j.url, host))?.id;
    if (!id) {
      throw new HttpError(
        400,
        'No URLs found',
        `No completed crawl of ${host} to announce`,
        {},
        'notify.no-urls',
      );
    }
  }
  return { jobId: id, urls: (await repos.jobs.results(id)).map((r) => r.url) };
}

function sameHost(url: string, host: string): boolean {
  try {
    return new URL(url).host.toLowerCase() === host;
  } catch {
    return false;
  }
}
