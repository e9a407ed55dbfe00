import { AppError } from '@mapsmith/app';
import { ERROR_CODES, ERROR_STATUS, SitemapDownloadError } from '@mapsmith/core';
import { describe, expect, it } from 'vitest';

/**
 * The published API reference lists each error code under the status `ERROR_STATUS` gives it.
 * Since issue 27 no refusal names its status: `AppError` (and the core's `SitemapDownloadError`,
 * which the checker answers as it is) take it from the code, so the two cannot drift apart.
 */
describe('the status of each error code', () => {
  it('is the one the server answers it with, for every code', () => {
    for (const code of ERROR_CODES) {
      expect(new AppError(code, 'Title').status, code).toBe(ERROR_STATUS[code]);
      expect(new SitemapDownloadError('Title', 'Words', code).status, code).toBe(
        ERROR_STATUS[code],
      );
    }
  });
});
