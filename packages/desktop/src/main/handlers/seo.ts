import { analyzeSeoStream, type SeoAnalysis } from '@mapsmith/core';
import { HandlerError } from '../errors';
import type { LocalStore } from '../store/local-store';

/** `seo.get`: the core's SEO analysis, streamed over the job's stored page records in batches. */
export async function getSeo(
  deps: { store: LocalStore },
  input: { jobId: string },
): Promise<SeoAnalysis> {
  const job = await deps.store.getJob(input.jobId);
  if (!job) throw new HandlerError(404, 'Crawl job not found', undefined, 'crawl.not-found');
  if (job.status !== 'completed') {
    throw new HandlerError(
      409,
      'Crawl not finished',
      'The SEO analysis is ready once the crawl has completed.',
      'crawl.not-finished',
    );
  }
  return analyzeSeoStream(deps.store.iteratePages(input.jobId));
}
