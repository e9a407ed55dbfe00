import { operations } from '@mapsmith/core';

/** `GET /api/fetch-sitemap?url=`: an absolute http(s) URL of at most 2,083 characters. */
export const fetchSitemapInput = operations['sitemap.fetch'].input;
