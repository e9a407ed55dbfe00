import { operations } from '@mapsmith/core';

/** `GET /api/seo-analysis/:jobId` path parameters. */
export const seoAnalysisInput = operations['seo.get'].input;
