import { AppError, crawlNotFinished, type Repositories } from '@mapsmith/app';

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
      throw new AppError('crawl.not-found', 'Crawl not found', 'No such crawl for this account');
    }
    if (job.status !== 'completed') {
      throw crawlNotFinished('Notify search engines once the crawl has completed');
    }
  } else {
    const jobs = await repos.jobs.list(userId, 50);
    id = jobs.find((j) => j.status === 'completed' && sameHost(j.url, host))?.id;
    if (!id) {
      throw new AppError(
        'notify.no-urls',
        'No URLs found',
        `No completed crawl of ${host} to announce`,
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
