import type { Logger } from '@mapsmith/core';
import type { ServerConfig } from '../config.js';
import { CrawlFailedError, type CrawlRunner } from './crawl-task.js';

/**
 * The production crawl runner: the core crawler over the job's SQLite store, with the SSRF
 * policy (loopback only when `MAPSMITH_ALLOW_LOOPBACK=1`).
 */
export function createCrawlRunner(_config: ServerConfig, _logger: Logger): CrawlRunner {
  return async () => {
    throw new CrawlFailedError('The crawler is not available in this build yet');
  };
}
