// Issue 29 point 3 over HTTP: share links made, listed and revoked by a crawl's owner, the
// read-only page they open signed out, and the refusals, against the started server.
import { makePage } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestUser,
  seedCompletedJob,
  startTestServer,
  type TestServer,
} from '../../repos/test-support.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.close();
});

const NOT_VALID = 'This report link is not valid';

/** A completed crawl of `host` with one page missing its title (an SEO issue with its URL). */
async function seededCrawl(userId: number, host: string): Promise<string> {
  return seedCompletedJob(t.server.context.db, userId, [
    makePage(`https://${host}/`, { title: 'Home of the site', metaDescription: 'A description' }),
    makePage(`https://${host}/untitled`, { title: null }),
  ]);
}

/** The share page at `path`, opened signed out (no cookie). */
const open = (path: string) => fetch(`${t.server.url}${path}`);

describe('share links', () => {
  it('open the owner’s report signed out, noindex, until revoked', async () => {
    const owner = await createTestUser(t.server.context.db);
    const jobId = await seededCrawl(owner.id, 'shared.example');
    const made = await call(t.server.url, owner, 'POST', `/api/crawl/${jobId}/shares`, {});
    expect(made.status).toBe(201);
    const link = (await made.json()) as { id: number; token: string; path: string };
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.path).toBe(`/r/${link.token}`);

    const page = await open(link.path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex,nofollow">');
    expect(html).toContain('SEO and sitemap report: shared.example');
    expect(html).toContain('https://shared.example/untitled');
    expect(html).toMatch(/class="score"><strong>\d+<\/strong>/);
    expect(html).toContain('Changes since the previous crawl');
    expect(html).toContain('Sitemap files');
    expect(html).toContain('Prepared by Mapsmith');

    const listed = await call(t.server.url, owner, 'GET', `/api/crawl/${jobId}/shares`);
    const listedText = await listed.text();
    expect(JSON.parse(listedText)).toEqual([
      expect.objectContaining({ id: link.id, jobId, state: 'live', revokedAt: null }),
    ]);
    expect(listedText).not.toContain(link.token);

    const revoked = await call(t.server.url, owner, 'DELETE', `/api/shares/${link.id}`, {});
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ id: link.id, state: 'revoked' });
    const refused = await open(link.path);
    expect(refused.status).toBe(404);
    expect(refused.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain(NOT_VALID);
    // A wrong token and a revoked one answer the same page.
    const wrong = await open(`/r/${'A'.repeat(43)}`);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toBe(refusedHtml);
    expect((await open('/r/short')).status).toBe(404);
  });

  it('cannot share, list or revoke another user’s crawl', async () => {
    const owner = await createTestUser(t.server.context.db);
    const stranger = await createTestUser(t.server.context.db);
    const jobId = await seededCrawl(owner.id, 'private.example');
    const refused = await call(t.server.url, stranger, 'POST', `/api/crawl/${jobId}/shares`, {});
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'crawl.not-found' });
    const mine = await call(t.server.url, owner, 'POST', `/api/crawl/${jobId}/shares`, {});
    const { id, path } = (await mine.json()) as { id: number; path: string };
    // Listing another user's crawl, or a crawl that does not exist, says so (it answered []).
    const list = await call(t.server.url, stranger, 'GET', `/api/crawl/${jobId}/shares`);
    expect(list.status).toBe(404);
    expect(await list.json()).toMatchObject({ code: 'crawl.not-found', field: 'jobId' });
    const unknown = await call(t.server.url, owner, 'GET', '/api/crawl/no-such-crawl/shares');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'crawl.not-found' });
    const own = await call(t.server.url, owner, 'GET', `/api/crawl/${jobId}/shares`);
    expect((await own.json()) as unknown[]).toHaveLength(1);
    const revoke = await call(t.server.url, stranger, 'DELETE', `/api/shares/${id}`, {});
    expect(revoke.status).toBe(404);
    expect(await revoke.json()).toMatchObject({ code: 'share.not-found' });
    expect((await open(path)).status).toBe(200);
    // Signed out, nothing can be made.
    expect((await call(t.server.url, null, 'POST', `/api/crawl/${jobId}/shares`, {})).status).toBe(
      401,
    );
  });

  it('refuses an expiry in the past with a plain sentence and its code', async () => {
    const owner = await createTestUser(t.server.context.db);
    const jobId = await seededCrawl(owner.id, 'expiry.example');
    const res = await call(t.server.url, owner, 'POST', `/api/crawl/${jobId}/shares`, {
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'input.invalid',
      field: 'expiresAt',
      message: 'expiresAt must be in the future.',
    });
  });
});
