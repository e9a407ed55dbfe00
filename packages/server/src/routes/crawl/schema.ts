import { operations } from '@mapsmith/core';

/** `POST /api/crawl` body: `{url}`, an absolute http(s) URL of at most 2,083 characters. */
export const startCrawlInput = operations['crawl.start'].input;

/** `GET /api/crawl/:jobId` path parameters. */
export const getCrawlInput = operations['crawl.get'].input;
