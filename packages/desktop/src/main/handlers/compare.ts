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

/** The application layer's comparison use cases for the one local user. */
function compares(deps: CompareDeps): SitemapCompares {
  return new SitemapCompares({
    answers: deps.data.answers,
    compare: deps.data.compare,
    runs: deps.data.compareQueue,
    wake: () => deps.compares.wake(),
  });
}

/**
 * Starting a comparison is Pro, as hosted, which here means a linked Pro account (decisions.md);
 * its findings stay readable without it, as hosted (a comparison made while Pro).
 */
async function proCompares(deps: CompareDeps): Promise<SitemapCompares> {
  if ((await currentPlan(deps)) !== 'pro')
    throw proRequired(COMPARE_FEATURE, {
      advice: 'Link a Pro account with an API token to use them in the desktop app.',
    });
  return compares(deps);
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
  return compares(deps).page(input, LOCAL_USER_ID);
}

/** `crawl.sitemapReport`: the findings as the hosted CSV, in bytes for the renderer's download. */
export async function compareReport(
  deps: CompareDeps,
  input: { jobId: string; flag?: SitemapFlag | undefined },
): Promise<ExportFile> {
  return downloadBytes(await compares(deps).report(input, LOCAL_USER_ID));
}
