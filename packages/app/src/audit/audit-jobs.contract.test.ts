import { monthKey, type SqlDatabase } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClaimLostError } from '../sql/claim-lost.js';
import {
  holdAudit,
  auditListing as listing,
  manualClock,
  openTwoHandles,
  auditResult as result,
  seedUser,
} from '../testing/pro-contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { SqlAuditRepository } from './audit-jobs.js';

const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://s.example/p${i}`);

async function charged(db: SqlDatabase, userId: number, ms: number): Promise<number> {
  const row = await db.first<{ pages: number }>(
    'SELECT pages FROM usage_months WHERE user_id = ? AND month = ?',
    [userId, monthKey(ms)],
  );
  return row?.pages ?? 0;
}

describe.each(testDatabaseKinds)('the audit repository on %s', (kind) => {
  let t: TestDatabase;
  let clock: ReturnType<typeof manualClock>;
  let audits: SqlAuditRepository;
  let user: number;
  const start = (monthQuota: number | null = null, content: string | null = null) =>
    audits.start({
      userId: user,
      source: content ? 'upload.xml' : 'https://s.example/sitemap.xml',
      sourceUrl: content ? null : 'https://s.example/sitemap.xml',
      content,
      monthQuota,
    });

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    clock = manualClock();
    audits = new SqlAuditRepository(t.db, clock);
    user = await seedUser(t.db);
  });
  afterEach(() => t.close());

  it('keeps an upload until listed, then the URLs once each, in list order', async () => {
    const id = await start(null, '<urlset/>');
    expect(await audits.record(id)).toMatchObject({ listed: false, content: '<urlset/>' });
    const token = await holdAudit(t.db, clock, id);
    const list = listing(['https://s.example/b', 'https://s.example/a', 'https://s.example/b']);
    await audits.saveListing(id, token, list);
    await audits.saveListing(id, token, list);
    expect(await audits.record(id)).toMatchObject({ listed: true, content: null, sourceUrl: null });
    const job = await audits.get(id, user);
    expect(job).toMatchObject({ status: 'running', total: 3, checked: 0, truncated: false });
    expect(job?.validation).toEqual(list.validation);
    const leased = await audits.store(id, token).lease(10);
    expect(leased.map((e) => e.url)).toEqual(['https://s.example/b', 'https://s.example/a']);
    expect(await audits.get(id, await seedUser(t.db))).toBeUndefined();
  });

  it('keeps why a bound cut the listing as the audit’s note', async () => {
    const id = await start();
    const token = await holdAudit(t.db, clock, id);
    const cut =
      'The sitemaps were read up to 50 MB in all (decompressed); x.xml (49 MB) and the files after it were not read.';
    await audits.saveListing(id, token, { ...listing(['https://s.example/a'], true), cut });
    expect(await audits.get(id, user)).toMatchObject({ truncated: true, error: cut });
  });

  it('leases each URL once, saves and charges it once, and requeues an unsaved lease', async () => {
    const id = await start();
    const token = await holdAudit(t.db, clock, id);
    await audits.saveListing(id, token, listing(urls(5), true));
    const store = audits.store(id, token);
    const first = await store.lease(2);
    const second = await store.lease(2);
    expect([...first, ...second].map((e) => e.url)).toEqual(urls(4));
    const [a, b] = first;
    if (!a || !b) throw new Error('nothing leased');
    expect(await store.save(a, result(a.url, 'redirect', true))).toBe(true);
    expect(await store.save(a, result(a.url, 'fine'))).toBe(true);
    expect(await charged(t.db, user, clock.ms)).toBe(1);
    await audits.requeueLeased(id, token);
    expect((await store.lease(10)).map((e) => e.url)).toEqual([b.url, ...urls(5).slice(2)]);
    const job = await audits.get(id, user);
    expect(job).toMatchObject({ checked: 1, truncated: true });
    expect(job?.counts.redirect).toBe(1);
    const page = await audits.page(id, {});
    expect(page.rows).toEqual([result(a.url, 'redirect', true)]);
  });

  it('refuses the leases and saves of a run whose audit was taken over: no row, no charge', async () => {
    const id = await start();
    const stale = await holdAudit(t.db, clock, id);
    await audits.saveListing(id, stale, listing(urls(3)));
    const old = audits.store(id, stale);
    const [a] = await old.lease(1);
    if (!a) throw new Error('nothing leased');
    // Another worker takes the audit over (a fresh token) while the old run checks `a`.
    const token = await holdAudit(t.db, clock, id);
    await expect(old.save(a, result(a.url))).rejects.toThrow(ClaimLostError);
    await expect(old.lease(2)).rejects.toThrow(ClaimLostError);
    await expect(audits.saveListing(id, stale, listing(urls(1)))).rejects.toThrow(ClaimLostError);
    expect(await charged(t.db, user, clock.ms)).toBe(0);
    expect(await audits.get(id, user)).toMatchObject({ checked: 0, total: 3 });
    expect((await audits.page(id, {})).total).toBe(0);
    // The holder's run saves the same URL, once.
    await audits.requeueLeased(id, token);
    const store = audits.store(id, token);
    const [again] = await store.lease(1);
    if (!again) throw new Error('nothing leased');
    expect(await store.save(again, result(again.url))).toBe(true);
    expect((await audits.page(id, {})).rows.map((r) => r.url)).toEqual([a.url]);
    expect(await charged(t.db, user, clock.ms)).toBe(1);
  });

  it('refuses the requeue of a run whose audit was taken over: the holder’s leases stay its own', async () => {
    const id = await start();
    const stale = await holdAudit(t.db, clock, id);
    await audits.saveListing(id, stale, listing(urls(3)));
    // Another worker takes the audit over and leases two URLs; the old run, resuming, requeues.
    const token = await holdAudit(t.db, clock, id);
    const store = audits.store(id, token);
    expect((await store.lease(2)).map((e) => e.url)).toEqual(urls(2));
    await expect(audits.requeueLeased(id, stale)).rejects.toThrow(ClaimLostError);
    // The holder's two leases were not put back: no other lease hands them out again.
    expect((await store.lease(10)).map((e) => e.url)).toEqual(urls(3).slice(2));
    // The holder's own requeue (its resumed run) puts back all three.
    await audits.requeueLeased(id, token);
    expect((await store.lease(10)).map((e) => e.url)).toEqual(urls(3));
  });

  it('pages results by verdict and text (any case, % and _ taken literally)', async () => {
    const id = await start();
    const list = [...urls(6), 'https://s.example/100%_OFF'];
    const token = await holdAudit(t.db, clock, id);
    await audits.saveListing(id, token, listing(list));
    const store = audits.store(id, token);
    for (const [i, e] of (await store.lease(10)).entries())
      await store.save(e, result(e.url, i % 2 === 0 ? 'fine' : 'not-found'));
    const fine = await audits.page(id, { verdict: 'fine', limit: 2 });
    expect(fine.total).toBe(4);
    expect(fine.rows.map((r) => r.url)).toEqual([list[0], list[2]]);
    const next = await audits.page(id, { verdict: 'fine', limit: 2, cursor: fine.nextCursor ?? 0 });
    expect(next.rows.map((r) => r.url)).toEqual([list[4], list[6]]);
    expect(next.nextCursor).toBeNull();
    expect((await audits.page(id, { q: '100%_off' })).rows.map((r) => r.url)).toEqual([list[6]]);
    expect((await audits.page(id, { q: 'S.EXAMPLE/P1' })).total).toBe(1);
    expect((await audits.page(id, { q: '_' })).total).toBe(1);
    const all: string[] = [];
    for await (const r of audits.results(id, 'not-found')) all.push(r.url);
    expect(all).toEqual([list[1], list[3], list[5]]);
    const counts = await audits.counts(id);
    expect([counts.fine, counts['not-found'], counts.redirect]).toEqual([4, 3, 0]);
  });

  it('stops at the monthly quota: no result past it is saved or charged', async () => {
    const id = await start(3);
    const token = await holdAudit(t.db, clock, id);
    await audits.saveListing(id, token, listing(urls(5)));
    const store = audits.store(id, token);
    const saved = [];
    for (const e of await store.lease(5)) saved.push(await store.save(e, result(e.url)));
    expect(saved).toEqual([true, true, true, false, false]);
    expect(await charged(t.db, user, clock.ms)).toBe(3);
    expect((await audits.get(id, user))?.checked).toBe(3);
    expect((await audits.page(id, {})).total).toBe(3);
  });

  it('deletes audits created before a cutoff, with their URLs', async () => {
    const old = await start();
    await audits.saveListing(old, await holdAudit(t.db, clock, old), listing(urls(3)));
    clock.ms += 1000;
    const kept = await start();
    expect(await audits.deleteCreatedBefore(clock.ms)).toBe(1);
    expect(await audits.record(old)).toBeUndefined();
    expect(await audits.record(kept)).toBeDefined();
    const left = await t.db.first<{ n: number }>('SELECT COUNT(*) AS n FROM audit_urls');
    expect(left?.n).toBe(0);
  });

  it('charges exactly the quota when two nodes save one owner’s results at once', async () => {
    await t.close();
    const two = await openTwoHandles(kind);
    try {
      const owner = await seedUser(two.first);
      const [a, b] = [two.first, two.second].map((db) => new SqlAuditRepository(db, clock));
      if (!a || !b) throw new Error('no repositories');
      const ids = [];
      for (let i = 0; i < 2; i++) {
        const id = await a.start({
          userId: owner,
          source: 'x',
          sourceUrl: 'https://s.example/',
          content: null,
          monthQuota: 10,
        });
        const token = await holdAudit(two.first, clock, id);
        await a.saveListing(id, token, listing(urls(12)));
        ids.push({ id, token });
      }
      // Every URL of both jobs is saved by both nodes at once: 48 saves for 24 URLs.
      const saves = [];
      for (const { id, token } of ids) {
        const entries = await a.store(id, token).lease(12);
        for (const repo of [a, b]) {
          const store = repo.store(id, token);
          saves.push(...entries.map((e) => store.save(e, result(e.url))));
        }
      }
      const answers = await Promise.all(saves);
      expect(answers.filter(Boolean).length).toBeGreaterThanOrEqual(10);
      expect(await charged(two.second, owner, clock.ms)).toBe(10);
      const done = await two.second.first<{ n: number }>(
        "SELECT COUNT(*) AS n FROM audit_urls WHERE state = 'done'",
      );
      expect(done?.n).toBe(10);
      const checked = await two.second.first<{ n: number }>(
        'SELECT SUM(checked) AS n FROM audit_jobs',
      );
      expect(checked?.n).toBe(10);
    } finally {
      await two.close();
      t = await openTestDatabase(kind);
    }
  });
});
