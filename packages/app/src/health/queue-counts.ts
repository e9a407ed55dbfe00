import type { SqlQueryable } from '@mapsmith/core';
import { NOT_PAUSED } from '../sql/rows.js';

/** The crawl queue as the health check reports it. */
export interface QueueCounts {
  /** Crawls waiting for a worker (a paused one waits for its owner and is not counted). */
  waiting: number;
  /** Crawls a worker runs now. */
  running: number;
}

/**
 * The crawls waiting and running, read from `crawl_jobs`: the queue's own state whether crawls
 * are leased by SQL (embedded) or by the queue engine (scaled).
 */
export async function countQueue(db: SqlQueryable): Promise<QueueCounts> {
  const row = await db.first<{ waiting: number | null; running: number | null }>(
    // A paused crawl (issue 30) waits for its owner, not for a worker.
    `SELECT SUM(CASE WHEN status = 'pending' AND ${NOT_PAUSED} THEN 1 ELSE 0 END) AS waiting,
            SUM(CASE WHEN status = 'crawling' THEN 1 ELSE 0 END) AS running
       FROM crawl_jobs WHERE status IN ('pending', 'crawling')`,
  );
  return { waiting: Number(row?.waiting ?? 0), running: Number(row?.running ?? 0) };
}
