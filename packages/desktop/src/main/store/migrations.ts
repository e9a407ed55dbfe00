import { changeSchemaSql, reportSchemaSql } from '@mapsmith/core';
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
  reportSchemaSql({
    pages: 'pages',
    counts: 'report_counts',
    jobs: 'jobs',
    inlinksSql: "IFNULL(json_extract(record, '$.inlinks'), 0)",
  }),
  // The change report (issue 13): each row's change since the previous crawl, the job's summary.
  changeSchemaSql({ pages: 'pages', jobs: 'jobs' }),
];

/** Brings the schema up to date, each step in its own transaction. */
export async function migrate(db: Sqlite): Promise<void> {
  const row = await db.first<{ user_version: number }>('PRAGMA user_version');
  const done = row?.user_version ?? 0;
  for (let i = done; i < MIGRATIONS.length; i++) {
    await db.exec(`BEGIN; ${MIGRATIONS[i]}; PRAGMA user_version = ${i + 1}; COMMIT;`);
  }
}
