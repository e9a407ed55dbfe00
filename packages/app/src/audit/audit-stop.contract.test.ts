import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import type { Repositories } from '../repositories.js';
import { createSqlRepositories } from '../repositories.js';
import { insertUser } from '../testing/contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { AuditAnswers } from './audit-answers.js';

/**
 * Issue 27 point 2, "audits can be cancelled": the owner's `audit.stop` (app's `AuditAnswers`,
 * which the HTTP route only binds) ends an audit in every state it can be in. A waiting one
 * completes at once; a running one is asked, and its worker ends it (`runAuditJob` reads the
 * request every second: routes/bulk/bulk-audit-stop.test.ts drives that over HTTP); an ended
 * one is a 409; another user's a 404.
 */
describe.each(testDatabaseKinds)('stopping an audit on %s', (kind) => {
  let t: TestDatabase;
  let repos: Repositories;
  let answers: AuditAnswers;
  let owner: number;
  const now = Date.UTC(2026, 10, 26, 12);

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    repos = createSqlRepositories(t.db, { now: () => now });
    answers = new AuditAnswers(repos.audits, repos.rates, () => undefined);
    owner = await insertUser(t.db, true);
  });
  afterEach(() => t.close());

  async function started(): Promise<string> {
    const decision = await answers.start(
      { id: owner, plan: 'pro' },
      { url: 'https://s.example/sitemap.xml' },
    );
    if (!decision.ok) throw new Error('refused');
    return decision.jobId;
  }

  /** The code of the AppError `call` rejects with. */
  async function codeOf(call: Promise<unknown>): Promise<string | undefined> {
    const error = await call.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  }

  it('ends a waiting audit at once, and no worker claims it afterwards', async () => {
    const jobId = await started();
    const stopped = await answers.stop(jobId, owner);
    expect(stopped).toMatchObject({ status: 'completed', checked: 0 });
    expect(stopped.error).toBe(
      'Stopped by you after 0 URLs checked; the URLs checked so far are shown.',
    );
    expect(await repos.auditQueue.claim('w1', 60_000, 3)).toBeNull();
    expect(await codeOf(answers.stop(jobId, owner))).toBe('audit.ended');
  });

  it('asks a running audit to stop, for its worker to end it', async () => {
    const jobId = await started();
    const claimed = await repos.auditQueue.claim('w1', 60_000, 3);
    expect(claimed?.job.id).toBe(jobId);
    expect(await repos.audits.stopAsked(jobId)).toBeNull();
    expect(await answers.stop(jobId, owner)).toMatchObject({ status: 'running' });
    expect(await repos.audits.stopAsked(jobId)).toBe('stop');
    const token = claimed?.claimToken ?? '';
    expect(
      await repos.auditQueue.complete(jobId, token, { saved: 0, endedBy: 'stopped', checked: 0 }),
    ).toBe(true);
    expect(await answers.get(jobId, owner)).toMatchObject({
      status: 'completed',
      error: 'Stopped by you after 0 URLs checked; the URLs checked so far are shown.',
    });
    expect(await codeOf(answers.stop(jobId, owner))).toBe('audit.ended');
  });

  it('refuses another user’s audit as not found, and leaves it running', async () => {
    const jobId = await started();
    const other = await insertUser(t.db, true);
    expect(await codeOf(answers.stop(jobId, other))).toBe('audit.not-found');
    expect(await answers.get(jobId, owner)).toMatchObject({ status: 'pending' });
  });
});
