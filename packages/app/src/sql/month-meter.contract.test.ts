import type { AuditListing, AuditResult } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Repositories } from '../repositories.js';
import { createSqlRepositories } from '../repositories.js';
import { htmlPage, insertUser } from '../testing/contract-support.js';
import { holdAudit } from '../testing/pro-contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';

/** A listing of `urls` as the audit's checker would store it. */
function listing(urls: string[]): AuditListing {
  return {
    validation: {
      isValid: true,
      errors: [],
      warnings: [],
      stats: { totalUrls: urls.length, validUrls: urls.length, duplicateUrls: 0 },
      kind: 'urlset',
    },
    sitemaps: 1,
    failedChildren: [],
    truncated: false,
    cut: null,
    urls: urls.map((url) => ({ url, sitemap: null })),
  };
}

/** A fine result for `url`. */
function fine(url: string): AuditResult {
  return {
    url,
    verdict: 'fine',
    status: 200,
    redirectStatus: null,
    redirectTarget: null,
    noindex: false,
    canonical: null,
    blocked: false,
    contentType: 'text/html',
    responseMs: 3,
    error: null,
    sitemap: null,
  };
}

/**
 * Issue 27 point 2: one month meter. A crawled page and an audited URL are each charged once,
 * to the same month of the same owner, by the one charge (`chargePages`), and the quota one
 * fills binds the other.
 */
describe.each(testDatabaseKinds)('the one month meter on %s', (kind) => {
  let t: TestDatabase;
  let repos: Repositories;
  const now = Date.UTC(2026, 10, 26, 12);

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    repos = createSqlRepositories(t.db, { now: () => now });
  });
  afterEach(() => t.close());

  /** An audit of `urls` for `user` under `monthQuota`, listed, with its store. */
  async function listedAudit(user: number, urls: string[], monthQuota: number | null) {
    const id = await repos.audits.start({
      userId: user,
      source: 'https://m.example/sitemap.xml',
      sourceUrl: 'https://m.example/sitemap.xml',
      content: null,
      monthQuota,
    });
    const token = await holdAudit(t.db, { now: () => now }, id);
    await repos.audits.saveListing(id, token, listing(urls));
    return { id, store: repos.audits.store(id, token) };
  }

  /** Starts a crawl for `user` and stores its pages by `keys` (a key again: a resumed save). */
  async function crawlPages(user: number, plan: 'free' | 'pro', keys: string[]) {
    const started = await repos.jobs.start({
      userId: user,
      plan,
      url: 'https://m.example/',
      engineeringCap: 1000,
    });
    if (!started.ok) throw new Error('refused');
    const pages = repos.jobs.store(started.job.id);
    for (const key of keys) await pages.savePage(key, htmlPage(`https://m.example/${key}`));
  }

  it('charges crawl pages and audit URLs once each, to one month', async () => {
    const user = await insertUser(t.db, true);
    // A page saved again (a resumed crawl) is not charged again, nor a URL checked again.
    await crawlPages(user, 'pro', ['a', 'b', 'a']);
    const audit = await listedAudit(user, ['https://m.example/x', 'https://m.example/y'], null);
    for (const entry of await audit.store.lease(2)) {
      expect(await audit.store.save(entry, fine(entry.url))).toBe(true);
      expect(await audit.store.save(entry, fine(entry.url))).toBe(true);
    }
    expect(await repos.usage.months(user, 12)).toEqual([{ month: '2026-11', pages: 4 }]);
    expect((await repos.audits.get(audit.id, user))?.checked).toBe(2);
  });

  it('lets an audit take only what crawls left of the quota', async () => {
    const user = await insertUser(t.db, false);
    await crawlPages(user, 'free', ['a', 'b']);
    const quota = 3;
    const urls = ['https://m.example/x', 'https://m.example/y', 'https://m.example/z'];
    const audit = await listedAudit(user, urls, quota);
    const saved = [];
    for (const entry of await audit.store.lease(3))
      saved.push(await audit.store.save(entry, fine(entry.url)));
    expect(saved).toEqual([true, false, false]);
    expect(await repos.usage.monthPages(user, '2026-11')).toBe(quota);
    expect((await repos.audits.page(audit.id, {})).total).toBe(1);
  });
});
