import { COMPARE_FEATURE, proRequired, SitemapCompares } from '@mapsmith/app';
import type {
  ExportFile,
  SitemapComparePage,
  SitemapCompareRun,
  SitemapFlag,
} from '@mapsmith/core';
import type { JobRunner } from '../crawl/local-runs';
import { LOCAL_USER_ID, type LocalData } from '../store/local-data';
import { type AccountDeps, currentPlan } from './account';
import { downloadBytes } from './report';

/** What the comparison handlers need. */
export interface CompareDeps extends AccountDeps {
  data: LocalData;
  /** The desktop's comparison runs, in main, on the engine's comparison queue. */
  compares: JobRunner;
}

/**
 * The application layer's comparison use cases for the one local user, once the plan allows
 * them: Pro, as hosted, which here means a linked Pro account (decisions.md).
 */
async function proCompares(deps: CompareDeps): Promise<SitemapCompares> {
  if ((await currentPlan(deps)) !== 'pro')
    throw proRequired(COMPARE_FEATURE, {
      advice: 'Link a Pro account with an API token to use them in the desktop app.',
    });
  return new SitemapCompares({
    answers: deps.data.answers,
    compare: deps.data.compare,
    runs: deps.data.compareQueue,
    wake: () => deps.compares.wake(),
  });
}

/** `crawl.sitemapCompare`: starts (or joins) the crawl's comparison; answers its state at once. */
export async function startCompare(
  deps: CompareDeps,
  input: { jobId: string },
): Promise<SitemapCompareRun> {
  return (await proCompares(deps)).start(input.jobId, LOCAL_USER_ID);
}

/** `crawl.sitemapFindings`: a page of the findings with the comparison's state, as hosted. */
export async function compareFindings(
  deps: CompareDeps,
  input: { jobId: string; flag?: SitemapFlag | undefined; cursor?: number; limit?: number },
): Promise<SitemapComparePage> {
  return (await proCompares(deps)).page(input, LOCAL_USER_ID);
}

/** `crawl.sitemapReport`: the findings as the hosted CSV, in bytes for the renderer's download. */
export async function compareReport(
  deps: CompareDeps,
  input: { jobId: string; flag?: SitemapFlag | undefined },
): Promise<ExportFile> {
  return downloadBytes(await (await proCompares(deps)).report(input, LOCAL_USER_ID));
}
