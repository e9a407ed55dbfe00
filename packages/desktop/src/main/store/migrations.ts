import type { Sqlite } from './sqlite';

/** Numbered schema steps; `user_version` records how many have run. Append only. */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE jobs (
     id TEXT PRIMARY KEY,
     url TEXT NOT NULL,
     status TEXT NOT NULL,
     pages_crawled INTEGER NOT NULL DEFAULT 0,
     page_cap INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL,
     finished_at TEXT,
     error TEXT,
     summary TEXT
   );
   CREATE INDEX jobs_created ON jobs (created_at);
   CREATE TABLE pages (
     job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
     seq INTEGER NOT NULL,
     url TEXT NOT NULL,
     title TEXT,
     included INTEGER NOT NULL,
     record TEXT NOT NULL,
     PRIMARY KEY (job_id, seq)
   );
   CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  // The crawl report (issue 11): the columns of core `report/columns.ts` beside each record,
  // one index per sort of the URL table, counts per verdict, the job's outcome and progress.
  `ALTER TABLE pages ADD COLUMN status INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE pages ADD COLUMN reason TEXT NOT NULL DEFAULT 'error';
   ALTER TABLE pages ADD COLUMN verdict TEXT NOT NULL DEFAULT '';
   ALTER TABLE pages ADD COLUMN depth INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE pages ADD COLUMN inlinks INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE pages ADD COLUMN response_ms INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE pages ADD COLUMN content_type TEXT;
   ALTER TABLE pages ADD COLUMN rendered INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE pages ADD COLUMN render_reason TEXT;
   ALTER TABLE pages ADD COLUMN is_page INTEGER NOT NULL DEFAULT 0;
   UPDATE pages SET
     status = COALESCE(json_extract(record, '$.redirectChain[0].status'), json_extract(record, '$.status'), 0),
     reason = CASE WHEN included = 1 THEN 'listed'
                   ELSE IFNULL(json_extract(record, '$.verdict.code'), 'error') END,
     verdict = CASE
       WHEN included = 1 THEN 'listed'
       WHEN json_extract(record, '$.verdict.code') = 'content-type' THEN 'not HTML'
       WHEN json_extract(record, '$.verdict.code') = 'query' THEN 'crawled but not listed (query string)'
       WHEN json_extract(record, '$.verdict.code') = 'robots' THEN 'blocked by robots.txt'
       WHEN json_extract(record, '$.verdict.code') = 'error' THEN
         IFNULL('no answer (' || json_extract(record, '$.error') || ')', 'no answer')
       ELSE replace(replace(IFNULL(json_extract(record, '$.verdict.reason'), ''),
                            'excluded: ', ''), ' -> ', ' → ') END,
     depth = IFNULL(json_extract(record, '$.depth'), 0),
     inlinks = IFNULL(json_extract(record, '$.inlinks'), 0),
     response_ms = IFNULL(json_extract(record, '$.responseTimeMs'), 0),
     content_type = json_extract(record, '$.contentType'),
     rendered = IFNULL(json_extract(record, '$.rendered'), 0),
     render_reason = json_extract(record, '$.renderReason'),
     is_page = (IFNULL(json_extract(record, '$.status'), 0) BETWEEN 200 AND 299
                AND json_array_length(record, '$.redirectChain') = 0
                AND json_extract(record, '$.contentType') IN ('text/html', 'application/xhtml+xml'));
   CREATE INDEX pages_reason ON pages (job_id, reason, seq);
   CREATE INDEX pages_url ON pages (job_id, url, seq);
   CREATE INDEX pages_status ON pages (job_id, status, seq);
   CREATE INDEX pages_title ON pages (job_id, COALESCE(title, ''), seq);
   CREATE INDEX pages_depth ON pages (job_id, depth, seq);
   CREATE INDEX pages_inlinks ON pages (job_id, inlinks, seq);
   CREATE INDEX pages_time ON pages (job_id, response_ms, seq);
   CREATE INDEX pages_reason_url ON pages (job_id, reason, url, seq);
   CREATE INDEX pages_reason_status ON pages (job_id, reason, status, seq);
   CREATE INDEX pages_reason_title ON pages (job_id, reason, COALESCE(title, ''), seq);
   CREATE INDEX pages_reason_depth ON pages (job_id, reason, depth, seq);
   CREATE INDEX pages_reason_inlinks ON pages (job_id, reason, inlinks, seq);
   CREATE INDEX pages_reason_time ON pages (job_id, reason, response_ms, seq);
   CREATE TABLE report_counts (
     job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
     reason TEXT NOT NULL,
     n INTEGER NOT NULL,
     PRIMARY KEY (job_id, reason)
   ) WITHOUT ROWID;
   INSERT INTO report_counts (job_id, reason, n)
     SELECT job_id, reason, COUNT(*) FROM pages GROUP BY job_id, reason;
   ALTER TABLE jobs ADD COLUMN outcome TEXT;
   ALTER TABLE jobs ADD COLUMN progress TEXT;`,
];

/** Brings the schema up to date, each step in its own transaction. */
export async function migrate(db: Sqlite): Promise<void> {
  const row = await db.first<{ user_version: number }>('PRAGMA user_version');
  const done = row?.user_version ?? 0;
  for (let i = done; i < MIGRATIONS.length; i++) {
    await db.exec(`BEGIN; ${MIGRATIONS[i]}; PRAGMA user_version = ${i + 1}; COMMIT;`);
  }
}
