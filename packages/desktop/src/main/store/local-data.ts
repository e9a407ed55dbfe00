import path from 'node:path';
import {
  CrawlAnswers,
  type CrawlJobRepository,
  migrations,
  SqlCrawlJobRepository,
  SqlJobQueue,
  SqlUsageRepository,
  type UsageRepository,
} from '@mapsmith/app';
import { type Clock, systemClock } from '@mapsmith/core';
import { Database, type Migration, migrate } from '@mapsmith/sqlite';
import { LocalSettings } from './local-settings';

/** The data file in the user-data folder: the application layer's schema, as hosted. */
export const DATA_FILE = 'mapsmith-data.sqlite';

/** The one local user every crawl of this computer belongs to (a row of `users`). */
export const LOCAL_USER_ID = 1;

/**
 * The desktop's own steps, after the application layer's (ids from 1000, clear of the app's):
 * its settings, which the hosted app keeps in its accounts instead.
 */
const DESKTOP_MIGRATIONS: readonly Migration[] = [
  {
    id: 1000,
    name: 'desktop-settings',
    up: 'CREATE TABLE desktop_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);',
  },
];

/** The local data: the application layer's repositories over the file, and the settings. */
export interface LocalData {
  /** The file's path (the crawler process opens it too). */
  file: string;
  jobs: CrawlJobRepository;
  usage: UsageRepository;
  /** The crawl queue: local crawls are claimed, resumed and finished as hosted ones are. */
  queue: SqlJobQueue;
  /** Every answer read from the crawls (crawl, report, SEO, exports, history, analytics). */
  answers: CrawlAnswers;
  settings: LocalSettings;
  close(): Promise<void>;
}

/**
 * Opens (creating if needed) the data file in `dataDir`, brings its schema up to date and makes
 * sure the local user exists. Its password can never match: the desktop has no sign-in.
 */
export async function openLocalData(
  dataDir: string,
  clock: Pick<Clock, 'now'> = systemClock,
): Promise<LocalData> {
  const file = path.join(dataDir, DATA_FILE);
  const db = await Database.open(file);
  try {
    await migrate(db, [...migrations, ...DESKTOP_MIGRATIONS]);
    await db.run(
      `INSERT INTO users (id, username, email, password_hash) VALUES (?, 'local', 'local@localhost', '!')
       ON CONFLICT (id) DO NOTHING`,
      [LOCAL_USER_ID],
    );
  } catch (err) {
    await db.close();
    throw err;
  }
  const jobs = new SqlCrawlJobRepository(db, clock);
  const usage = new SqlUsageRepository(db);
  return {
    file,
    jobs,
    usage,
    queue: new SqlJobQueue(db, clock),
    answers: new CrawlAnswers({ jobs, usage }),
    settings: new LocalSettings(db),
    close: () => db.close(),
  };
}
