import type { SeoAnalysis } from '@mapsmith/core';
import { LOCAL_USER_ID, type LocalData } from '../store/local-data';

/** `seo.get`: the application layer's analysis over the job's complete records, kept once computed. */
export function getSeo(deps: { data: LocalData }, input: { jobId: string }): Promise<SeoAnalysis> {
  return deps.data.answers.seo(input.jobId, LOCAL_USER_ID);
}
