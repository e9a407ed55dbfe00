import { type Database, type Migration, migrate as runMigrations } from '@mapsmith/sqlite';
import * as m001 from './001-initial.js';
import * as m002 from './002-crawl-jobs.js';
import * as m003 from './003-usage.js';
import * as m004 from './004-seo-cache.js';
import * as m010 from './010-accounts-payments.js';
import * as m011 from './011-api-tokens.js';
import * as m012 from './012-payment-reconcile.js';
import * as m020 from './020-crawl-report.js';
import * as m040 from './040-pro-reminder.js';
import * as m050 from './050-schedules.js';
import * as m060 from './060-crawl-settings-bulk.js';
import * as m070 from './070-sitemap-audit.js';
import * as m071 from './071-sitemap-compare.js';
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
 * Numbered migrations, applied in order at start inside one transaction each. A migration is
 * never edited once it has landed: add the next number instead.
 */
export const migrations: readonly Migration[] = [
  { id: 1, name: 'initial', up: m001.up },
  { id: 2, name: 'crawl-jobs', up: m002.up },
  { id: 3, name: 'usage', up: m003.up },
  { id: 4, name: 'seo-cache', up: m004.up },
  { id: 10, name: 'accounts-payments', up: m010.up },
  { id: 11, name: 'api-tokens', up: m011.up },
  { id: 12, name: 'payment-reconcile', up: m012.up },
  { id: 20, name: 'crawl-report', up: m020.up },
  { id: 40, name: 'pro-reminder', up: m040.up },
  { id: 50, name: 'schedules', up: m050.up },
  { id: 60, name: 'crawl-settings-bulk', up: m060.up },
  { id: 70, name: 'sitemap-audit', up: m070.up },
  { id: 71, name: 'sitemap-compare', up: m071.up },
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

/** Applies every server migration not yet recorded in `schema_migrations`; returns the ids applied. */
export function migrate(db: Database): Promise<number[]> {
  return runMigrations(db, migrations);
}
