import type { CrawlJobRepository } from '../crawl/ports.js';
import type { SchedulePublisher, ScheduleRecord, ScheduleRepository } from './ports.js';

/** What publishing a run's files uses. */
export interface PublishDeps {
  jobs: Pick<CrawlJobRepository, 'store'>;
  schedules: Pick<ScheduleRepository, 'published'>;
  publisher: SchedulePublisher;
  /** The app's public origin, e.g. `https://mapsmith.example` (no trailing slash). */
  siteUrl(): string;
}

/** The folder URL of a schedule's stable sitemap files (ends in `/`). */
export function stableBaseUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/s/${token}/`;
}

/** The stable sitemap URL of a schedule's token. */
export function stableSitemapUrl(siteUrl: string, token: string): string {
  return `${stableBaseUrl(siteUrl, token)}sitemap.xml`;
}

/**
 * Writes the files of `jobId` at the schedule's stable URL (its token may be new) and records
 * the publication; `record: false` only rebuilds this node's copy of what is already recorded.
 */
export async function publishRun(
  deps: PublishDeps,
  schedule: Pick<ScheduleRecord, 'id' | 'token'>,
  jobId: string,
  now = new Date(),
  options: { record: boolean } = { record: true },
): Promise<void> {
  await deps.publisher.publish(
    schedule.id,
    jobId,
    stableBaseUrl(deps.siteUrl(), schedule.token),
    () => deps.jobs.store(jobId).listed(),
    now,
  );
  if (options.record) await deps.schedules.published(schedule.id, jobId, now.toISOString());
}
