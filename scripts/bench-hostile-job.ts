// Seeds the data folder of `npm run bench:hostile` with a finished crawl of many pages (the
// poll flood of issue 19 point 3), owned by a user with a live session, in the server's own
// schema (migrations run as in production).
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { Database } from '../packages/server/src/db/database.js';
import { migrate } from '../packages/server/src/db/migrations/index.js';

/** The seeded job's id and the session cookie of its owner. */
export interface SeededJob {
  jobId: string;
  cookie: string;
}

/** Writes a completed job of `pages` listed pages into `dataDir`'s database (built in SQL). */
export async function seedBigJob(dataDir: string, pages: number): Promise<SeededJob> {
  const db = await Database.open(path.join(dataDir, 'mapsmith.sqlite'));
  try {
    await migrate(db);
    const jobId = 'bench-hostile-job';
    const sid = randomBytes(32).toString('base64url');
    const hash = createHash('sha256').update(sid).digest('hex');
    const now = Date.now();
    const expires = new Date(now + 86_400_000).toISOString();
    // Dated now: retention deletes old jobs when the server starts.
    const started = new Date(now - 3_600_000).toISOString();
    await db.exec(`
      INSERT INTO users (username, email, password_hash, created_at)
        VALUES ('bench', 'bench@example.com', 'x', '2026-01-01T00:00:00Z');
      INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at)
        VALUES ('${hash}', 1, 'csrf', '${expires}');
      INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, pages_crawled, created_at, created_ms, finished_at)
        VALUES ('${jobId}', 1, 'https://www.example.com/', 'completed', ${pages}, ${pages},
                '${started}', ${now - 3_600_000}, '${new Date(now).toISOString()}');
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${pages - 1}),
      r AS (SELECT i, 'https://www.example.com/section-' || (i % 100) || '/article-' || i || '-with-a-longer-slug' AS url FROM n)
      INSERT INTO crawl_pages (job_id, key, url, title, included, record, status, reason, verdict,
                               depth, inlinks, response_ms, content_type, rendered, is_page)
      SELECT '${jobId}', url, url, 'Article ' || i || ', long enough to matter', 1,
             json_object('url', url, 'finalUrl', url, 'redirectChain', json('[]'), 'status', 200,
               'contentType', 'text/html', 'depth', i % 12, 'title', 'Article ' || i,
               'images', json('[]'), 'videos', json('[]'), 'links', json('[]'),
               'verdict', json_object('included', json('true'))),
             200, 'listed', 'listed', i % 12, (i * 7919) % 250, 50 + (i * 31) % 900, 'text/html', 0, 1
        FROM r;
      INSERT INTO crawl_report_counts (job_id, reason, n)
        SELECT job_id, reason, COUNT(*) FROM crawl_pages WHERE job_id = '${jobId}' GROUP BY reason;
    `);
    await db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    return { jobId, cookie: `mapsmith_sid=${sid}` };
  } finally {
    await db.close();
  }
}
