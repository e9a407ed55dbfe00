// Issue 13: a scheduled run whose crawl failed publishes nothing and tells the owner why;
// issue 29: its client addresses get nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CrawlJobRecord, createSqlRepositories, SqlScheduleRepository } from '@mapsmith/app';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../../../tests/servers/app-harness.js';
import { Database } from '../db/database.js';
import { migrate } from '../db/migrations/index.js';
import { createLogger } from '../logger.js';
import { createMailer } from '../mail/mailer.js';
import { type AfterRunDeps, afterRun } from './after-run.js';
import { SitemapPublisher } from './publisher.js';

let dir: string;
let db: Database;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-after-run-'));
  db = await Database.open(path.join(dir, 'db.sqlite'));
  await migrate(db);
});

afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('after a failed scheduled run', () => {
  it('mails the owner the reason and publishes nothing', async () => {
    const { lastID } = await db.run(
      "INSERT INTO users (username, email, password_hash) VALUES ('ann', 'ann@example.test', 'x')",
    );
    const schedules = new SqlScheduleRepository(db);
    const schedule = await schedules.create(
      lastID,
      {
        url: 'https://example.com/',
        frequency: 'daily',
        time: '05:00',
        timeZone: 'UTC',
        after: { publish: true, mail: true, indexNow: true },
      },
      'x'.repeat(32),
      Date.now(),
    );
    const logger = createLogger({ quiet: true });
    const publisher = new SitemapPublisher(path.join(dir, 'published'));
    const repos = createSqlRepositories(db);
    // A client address (issue 29): a failed run mails it nothing.
    await repos.reportRecipients.set(
      schedule.id,
      ['client@example.test'],
      () => 'y'.repeat(32),
      '',
    );
    const deps = {
      db,
      jobs: repos.jobs,
      recipients: repos.reportRecipients,
      schedules,
      publisher,
      mailer: createMailer({
        smtpUrl: null,
        from: 'app@example.test',
        outboxDir: path.join(dir, 'outbox'),
        logger,
      }),
      siteUrl: () => 'https://app.example',
      logger,
    } as unknown as AfterRunDeps;
    const job = {
      id: 'job-1',
      userId: lastID,
      url: 'https://example.com/',
      status: 'failed',
      error: 'The site did not answer',
    } as CrawlJobRecord;
    expect(await afterRun(deps, schedule, job)).toBe('The crawl failed: The site did not answer');
    const mails = outboxMessages(dir);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toContain('To: ann@example.test');
    expect(mail).toContain('Subject: Scheduled crawl of example.com failed');
    expect(mail).toContain('did not complete: The site did not answer');
    expect(mail).toContain('https://app.example/crawls/job-1');
    expect(await publisher.manifest(schedule.id)).toBeNull();
  });
});
