import { changeSchemaSql, reportSchemaSql } from '@mapsmith/core';
import { type Database, type Migration, migrate as runMigrations } from '@mapsmith/sqlite';

/**
 * The local store's numbered schema steps, run by the runner the server uses too. Append
 * only: a step that has landed is never edited.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'initial',
    up: `CREATE TABLE jobs (
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
  },
  {
    id: 2,
    name: 'crawl-report',
    // The crawl report (issue 11): the columns of core `report/columns.ts` beside each record,
    // one index per sort of the URL table, counts per verdict, the job's outcome and progress.
    up: reportSchemaSql({
      pages: 'pages',
      counts: 'report_counts',
      jobs: 'jobs',
      inlinksSql: "IFNULL(json_extract(record, '$.inlinks'), 0)",
    }),
  },
  {
    id: 3,
    name: 'crawl-settings',
    // Crawl settings (issue 13): the settings a job ran with, JSON, null for the defaults.
    up: 'ALTER TABLE jobs ADD COLUMN settings TEXT;',
  },
  {
    id: 4,
    name: 'change-report',
    // The change report (issue 13): each row's change since the previous crawl, the job's summary.
    up: changeSchemaSql({ pages: 'pages', jobs: 'jobs' }),
  },
];

/**
 * Brings the schema up to date (a file of an earlier version, which counted its steps in
 * `user_version`, keeps what it has: see `@mapsmith/sqlite`'s `migrate`).
 */
export async function migrate(db: Database): Promise<void> {
  await runMigrations(db, MIGRATIONS);
}
