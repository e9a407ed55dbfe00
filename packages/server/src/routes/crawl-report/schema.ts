import { operations } from '@mapsmith/core';

/** `GET /api/crawl/:jobId/urls`: path and query together (filter, sort, cursor, limit). */
export const urlsInput = operations['crawl.urls'].input;

/** `GET /api/crawl/:jobId/url?url=…`. */
export const urlInput = operations['crawl.url'].input;

/** `GET /api/crawl/:jobId/report?format=csv|jsonl` with the table's filter, if any. */
export const reportInput = operations['crawl.report'].input;
