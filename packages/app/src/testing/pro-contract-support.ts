import { randomUUID } from 'node:crypto';
import type { AuditListing, AuditResult, AuditVerdict, Clock, SqlDatabase } from '@mapsmith/core';
import { SqlAuditQueue } from '../audit/audit-queue.js';
import { openTestDatabase, type TestDatabase, type TestDatabaseKind } from './test-databases.js';

/**
 * Test support for the contract suites of the Pro ports (not used by either shell at run time): rows the ports
 * read but do not write (users, crawl jobs, crawled pages), and a second handle on one
 * database, as a second API node or worker process would hold it.
 */

/** A fresh database and a second, independent handle on it (its own connections). */
export interface TwoHandles {
  first: SqlDatabase;
  second: SqlDatabase;
  /** Closes both handles and deletes the database. */
  close(): Promise<void>;
}

/** Opens a fresh database of `kind` twice: two handles racing model two processes. */
export async function openTwoHandles(kind: TestDatabaseKind): Promise<TwoHandles> {
  const t: TestDatabase = await openTestDatabase(kind);
  return { first: t.db, second: await t.openAnother(), close: () => t.close() };
}

/** Inserts a user; returns its id. */
export async function seedUser(db: SqlDatabase, name = `u${randomUUID().slice(0, 8)}`) {
  const row = await db.transaction((tx) =>
    tx.first<{ id: number }>(
      `INSERT INTO users (username, email, password_hash, created_at)
       VALUES (?, ?, 'not-a-real-hash', ?) RETURNING id`,
      [name, `${name}@example.test`, new Date().toISOString()],
    ),
  );
  if (!row) throw new Error('the user was not inserted');
  return row.id;
}

/** Inserts a crawl job of `userId` (completed unless said otherwise); returns its id. */
export async function seedCrawlJob(
  db: SqlDatabase,
  userId: number,
  options: { createdMs?: number; status?: string; bulkId?: string; url?: string } = {},
): Promise<string> {
  const id = randomUUID();
  const createdMs = options.createdMs ?? Date.now();
  await db.run(
    `INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, created_at, created_ms, attempts)
     VALUES (?, ?, ?, ?, 100, ?, ?, 1)`,
    [
      id,
      userId,
      options.url ?? 'https://example.com/',
      options.status ?? 'completed',
      new Date(createdMs).toISOString(),
      createdMs,
    ],
  );
  return id;
}

/** A crawled page as `crawl_pages` keeps it (only what the comparison reads). */
export interface SeedPage {
  url: string;
  reason?: string;
  verdict?: string;
  inlinks?: number;
  /** Merged into the stored record JSON (e.g. `foundVia`, `lastModified`). */
  record?: Record<string, unknown>;
}

/** Inserts crawled pages of `jobId` in order, many per statement. */
export async function seedPages(db: SqlDatabase, jobId: string, pages: SeedPage[]) {
  for (let i = 0; i < pages.length; i += 200) {
    const batch = pages.slice(i, i + 200);
    await db.run(
      `INSERT INTO crawl_pages (job_id, key, url, included, record, reason, verdict, inlinks)
       VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      batch.flatMap((p, j) => [
        jobId,
        `k${i + j}`,
        p.url,
        (p.reason ?? 'listed') === 'listed' ? 1 : 0,
        JSON.stringify({ url: p.url, ...p.record }),
        p.reason ?? 'listed',
        p.verdict ?? 'listed',
        p.inlinks ?? 0,
      ]),
    );
  }
}

/** A clock tests move by hand. */
export function manualClock(start = 1_800_000_000_000) {
  const clock = { ms: start, now: () => clock.ms };
  return clock;
}

/**
 * Claims the audit `id` as a worker would (its results are written under the claim's token)
 * and returns the token.
 */
export async function holdAudit(
  db: SqlDatabase,
  clock: Pick<Clock, 'now'>,
  id: string,
): Promise<string> {
  const claimed = await new SqlAuditQueue(db, clock).claimNamed(id, 'test-worker', 600_000, 100);
  if (!claimed) throw new Error(`audit ${id} could not be claimed`);
  return claimed.claimToken;
}

/** An audit listing of `urls` (truncated when said), as the checker hands it over. */
export function auditListing(urls: string[], truncated = false): AuditListing {
  return {
    validation: {
      isValid: true,
      errors: [],
      warnings: [{ message: 'a warning', line: 3 }],
      stats: { totalUrls: urls.length, validUrls: urls.length, duplicateUrls: 0 },
      kind: 'urlset',
    },
    sitemaps: 1,
    failedChildren: [],
    truncated,
    cut: null,
    urls: urls.map((url) => ({ url, sitemap: 'https://s.example/sitemap.xml' })),
  };
}

/** A saved audit result of `url`; `flags` sets every optional finding. */
export function auditResult(
  url: string,
  verdict: AuditVerdict = 'fine',
  flags = false,
): AuditResult {
  return {
    url,
    verdict,
    status: 200,
    redirectStatus: flags ? 301 : null,
    redirectTarget: flags ? `${url}next` : null,
    noindex: flags,
    canonical: null,
    blocked: flags,
    contentType: 'text/html',
    responseMs: 42,
    error: null,
    sitemap: 'https://s.example/sitemap.xml',
  };
}
