/** Builds a finished job's outcome from its report tables (both shells call this once). */
import type { CrawlOutcome, EndReason } from '../contract/report-schemas.js';
import type { CrawlReport } from './crawl-report.js';
import { buildOutcome, DownloadTally } from './outcome.js';

/** What the shell knows about how the job ended. */
export interface JobEnd {
  endReason: EndReason;
  endSentence: string | null;
  /** The job's error, when it failed. */
  error: string | null;
  /** Pages (2xx HTML) the job counted. */
  pages: number;
  /** URLs left waiting in the frontier. */
  waiting: number;
  /** Whether the job completed (downloads exist only then). */
  completed: boolean;
}

/**
 * The outcome of an ended job. For a completed job it reads every listed record once to see
 * which downloads can exist (a bounded-memory pass), so shells compute it once and keep it.
 */
export async function jobOutcome(
  report: CrawlReport,
  jobId: string,
  end: JobEnd,
): Promise<CrawlOutcome> {
  const { counts } = await report.counts(jobId);
  let tally: DownloadTally | null = null;
  if (end.completed) {
    tally = new DownloadTally();
    for await (const page of report.listedRecords(jobId)) tally.observe(page);
  }
  return buildOutcome({
    endReason: end.endReason,
    endSentence: end.endSentence,
    counts,
    start: await report.startRecord(jobId),
    error: end.error,
    pages: end.pages,
    waiting: end.waiting,
    tally,
  });
}
