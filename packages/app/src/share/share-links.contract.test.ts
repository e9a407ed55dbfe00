// Issue 29 point 3: share links of a crawl's report, the same on SQLite and Postgres.

import { MAX_LIVE_SHARE_LINKS, SHARE_TOKEN_PATTERN } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Repositories } from '../repositories.js';
import { createSqlRepositories } from '../repositories.js';
import { insertUser, startJob } from '../testing/contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import {
  createShareLink,
  listShareLinks,
  resolveShareLink,
  revokeShareLink,
} from './share-links.js';

const DAY = 86_400_000;

describe.each(testDatabaseKinds)('share links on %s', (kind) => {
  let t: TestDatabase;
  let repos: Repositories;
  const now = Date.UTC(2026, 10, 26, 12, 0);

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    repos = createSqlRepositories(t.db, { now: () => now });
  });
  afterEach(() => t.close());

  it('opens the owner crawl by an unguessable token stored only as its hash', async () => {
    const owner = await insertUser(t.db);
    const job = await startJob(repos, owner);
    const link = await createShareLink(t.db, { ownerId: owner, jobId: job.id }, now);
    expect(link.token).toMatch(SHARE_TOKEN_PATTERN);
    expect(link.path).toBe(`/r/${link.token}`);
    expect(link).toMatchObject({ jobId: job.id, expiresAt: null, revokedAt: null, state: 'live' });
    const stored = await t.db.all<{ token_hash: string }>('SELECT token_hash FROM share_links');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(link.token);
    expect(await resolveShareLink(t.db, link.token, now)).toMatchObject({
      id: link.id,
      jobId: job.id,
      ownerId: owner,
    });
    const other = await createShareLink(t.db, { ownerId: owner, jobId: job.id }, now);
    expect(other.token).not.toBe(link.token);
  });

  it("refuses to share another user's crawl, as an unknown one", async () => {
    const owner = await insertUser(t.db);
    const stranger = await insertUser(t.db);
    const job = await startJob(repos, owner);
    await expect(
      createShareLink(t.db, { ownerId: stranger, jobId: job.id }, now),
    ).rejects.toMatchObject({ status: 404, code: 'crawl.not-found' });
    await expect(
      createShareLink(t.db, { ownerId: owner, jobId: 'no-such-crawl' }, now),
    ).rejects.toMatchObject({ status: 404, code: 'crawl.not-found' });
    expect(await listShareLinks(t.db, { ownerId: stranger }, now)).toEqual([]);
    // Nor list or revoke the owner's links.
    const link = await createShareLink(t.db, { ownerId: owner, jobId: job.id }, now);
    expect(await listShareLinks(t.db, { ownerId: stranger }, now)).toEqual([]);
    expect(await revokeShareLink(t.db, { ownerId: stranger, id: link.id }, now)).toBeNull();
    expect(await resolveShareLink(t.db, link.token, now)).not.toBeNull();
  });

  it('stops opening once revoked or expired, and a wrong token opens nothing', async () => {
    const owner = await insertUser(t.db);
    const job = await startJob(repos, owner);
    const revoked = await createShareLink(t.db, { ownerId: owner, jobId: job.id }, now);
    expect(await revokeShareLink(t.db, { ownerId: owner, id: revoked.id }, now)).toMatchObject({
      id: revoked.id,
      state: 'revoked',
      revokedAt: new Date(now).toISOString(),
    });
    expect(await resolveShareLink(t.db, revoked.token, now)).toBeNull();
    const expiresAt = new Date(now + DAY).toISOString();
    const expiring = await createShareLink(t.db, { ownerId: owner, jobId: job.id, expiresAt }, now);
    expect(expiring.expiresAt).toBe(expiresAt);
    expect(await resolveShareLink(t.db, expiring.token, now + DAY - 1)).not.toBeNull();
    expect(await resolveShareLink(t.db, expiring.token, now + DAY)).toBeNull();
    const states = await listShareLinks(t.db, { ownerId: owner, jobId: job.id }, now + DAY);
    expect(states.map((l) => [l.id, l.state])).toEqual([
      [expiring.id, 'expired'],
      [revoked.id, 'revoked'],
    ]);
    const flipped = revoked.token.slice(0, -1) + (revoked.token.endsWith('A') ? 'B' : 'A');
    expect(await resolveShareLink(t.db, flipped, now)).toBeNull();
    expect(await resolveShareLink(t.db, 'short', now)).toBeNull();
  });

  it('refuses an expiry in the past, unparsable or over a year ahead', async () => {
    const owner = await insertUser(t.db);
    const job = await startJob(repos, owner);
    for (const expiresAt of [
      '2026-11-26T11:00:00Z',
      'next week',
      new Date(now + 400 * DAY).toISOString(),
    ])
      await expect(
        createShareLink(t.db, { ownerId: owner, jobId: job.id, expiresAt }, now),
      ).rejects.toMatchObject({ status: 400, code: 'input.invalid', field: 'expiresAt' });
  });

  it(`keeps at most ${MAX_LIVE_SHARE_LINKS} live links per crawl`, async () => {
    const owner = await insertUser(t.db);
    const job = await startJob(repos, owner);
    const links = [];
    for (let i = 0; i < MAX_LIVE_SHARE_LINKS; i++)
      links.push(await createShareLink(t.db, { ownerId: owner, jobId: job.id }, now));
    await expect(
      createShareLink(t.db, { ownerId: owner, jobId: job.id }, now),
    ).rejects.toMatchObject({ status: 409, code: 'share.too-many' });
    await revokeShareLink(t.db, { ownerId: owner, id: links[0]?.id ?? 0 }, now);
    await expect(
      createShareLink(t.db, { ownerId: owner, jobId: job.id }, now),
    ).resolves.toBeTruthy();
  });

  it('goes with its crawl', async () => {
    const owner = await insertUser(t.db);
    const job = await startJob(repos, owner);
    const link = await createShareLink(t.db, { ownerId: owner, jobId: job.id }, now);
    await t.db.run('DELETE FROM crawl_jobs WHERE id = ?', [job.id]);
    expect(await resolveShareLink(t.db, link.token, now)).toBeNull();
    expect(await listShareLinks(t.db, { ownerId: owner }, now)).toEqual([]);
  });
});
