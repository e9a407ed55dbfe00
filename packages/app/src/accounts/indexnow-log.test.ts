/** Contract suite of the kept IndexNow answers (issue 26 point 5), on every database kind. */
import type { PingResult } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { SqlIndexNowLog } from './indexnow-log.js';
import { SqlUserRepository } from './users.js';

function answer(at: string, ok: boolean): PingResult {
  return {
    summary: { successful: ok ? 1 : 0, total: 1 },
    engines: [{ name: 'IndexNow', kind: 'submission', ok, status: ok ? 200 : 403, message: 'm' }],
    keyFound: true,
    at,
    urls: 3,
    lastSentAt: null,
  };
}

describe.each(testDatabaseKinds)('IndexNowLogRepository on %s', (kind) => {
  let test: TestDatabase;
  let log: SqlIndexNowLog;
  let userId: number;
  beforeEach(async () => {
    test = await openTestDatabase(kind);
    log = new SqlIndexNowLog(test.db);
    const made = await new SqlUserRepository(test.db).create({
      username: 'kim',
      email: 'kim@example.test',
      passwordHash: 'h',
    });
    userId = made.ok ? made.id : 0;
  });
  afterEach(() => test.close());

  it('keeps the last answer of a crawl, and the last acceptance of a URL set through a refusal', async () => {
    const keep = (jobId: string, hash: string, at: string, ok: boolean) =>
      log.keep({
        userId,
        host: 'a.example',
        urlsHash: hash,
        jobId,
        result: answer(at, ok),
        accepted: ok,
      });
    expect(await log.lastForJob(userId, 'j1')).toBeNull();
    expect(await log.lastSent(userId, 'a.example', 'h1')).toBeNull();
    await keep('j1', 'h1', '2026-11-26T10:00:00.000Z', true);
    await keep('j1', 'h1', '2026-11-26T11:00:00.000Z', false);
    expect(await log.lastSent(userId, 'a.example', 'h1')).toBe('2026-11-26T10:00:00.000Z');
    expect((await log.lastForJob(userId, 'j1'))?.at).toBe('2026-11-26T11:00:00.000Z');
    // Another crawl with other URLs: its own answer, the first crawl's stays.
    await keep('j2', 'h2', '2026-11-26T12:00:00.000Z', true);
    expect((await log.lastForJob(userId, 'j2'))?.at).toBe('2026-11-26T12:00:00.000Z');
    expect((await log.lastForJob(userId, 'j1'))?.at).toBe('2026-11-26T11:00:00.000Z');
    expect(await log.lastSent(userId, 'other.example', 'h1')).toBeNull();
    expect(await log.lastForJob(userId + 1, 'j1')).toBeNull();
  });
});
