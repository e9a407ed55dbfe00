import type { PgMigration } from '@mapsmith/postgres';
import * as m071 from './071-schema.js';
import * as m080 from './080-claim-token.js';
import * as m081 from './081-report-text-order.js';
import * as m090 from './090-accounts-nocase.js';
import * as m095 from './095-job-control.js';
import * as m096 from './096-sitemap-compare-jobs.js';
import * as m097 from './097-crawl-storage.js';
import * as m098 from './098-indexnow-submissions.js';
import * as m099 from './099-sitemap-order.js';
import * as m100 from './100-share-links.js';
import * as m101 from './101-report-brands.js';
import * as m102 from './102-report-recipients.js';
import * as m104 from './104-chart-index.js';
import * as m106 from './106-schedule-claims.js';

/**
 * The Postgres schema steps, the twins of `../migrations` (SQLite): the same ids, the same
 * tables and columns in Postgres' types. Step 71 creates the whole schema as SQLite has it after
 * its step 71; every later SQLite step lands here with the same id and meaning. The
 * schema-parity test (`schema-parity.test.ts`) fails when the two lists drift.
 */
export const postgresMigrations: readonly PgMigration[] = [
  { id: 71, name: 'schema', up: m071.up },
  { id: 80, name: 'claim-token', up: m080.up },
  { id: 81, name: 'report-text-order', up: m081.up },
  { id: 90, name: 'accounts-nocase', up: m090.up },
  { id: 95, name: 'job-control', up: m095.up },
  { id: 96, name: 'sitemap-compare-jobs', up: m096.up },
  { id: 97, name: 'crawl-storage', up: m097.up },
  { id: 98, name: 'indexnow-submissions', up: m098.up },
  { id: 99, name: 'sitemap-order', up: m099.up },
  { id: 100, name: 'share-links', up: m100.up },
  { id: 101, name: 'report-brands', up: m101.up },
  { id: 102, name: 'report-recipients', up: m102.up },
  { id: 104, name: 'chart-index', up: m104.up },
  { id: 106, name: 'schedule-claims', up: m106.up },
];
