// Issue 29 point 3: a Pro user brands the client report (agency name, accent colour, logo
// checked by its bytes); the free report carries Mapsmith's name. Over HTTP, real SQLite.

import { SVG_LOGO, solidPng } from '@mapsmith/app/testing';
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

const base64 = (bytes: Buffer) => bytes.toString('base64');

/** The share page of a new link to a new crawl of `owner`. */
async function sharedPage(owner: { id: number; cookie: string; username: string }) {
  const jobId = await seedCompletedJob(t.server.context.db, owner.id, [
    makePage('https://brand.example/'),
  ]);
  const made = await call(t.server.url, owner, 'POST', `/api/crawl/${jobId}/shares`, {});
  const { path } = (await made.json()) as { path: string };
  return (await fetch(`${t.server.url}${path}`)).text();
}

describe('the brand of the client report', () => {
  it('is Pro: a free user is refused, and the free report carries Mapsmith’s name', async () => {
    const free = await createTestUser(t.server.context.db);
    const res = await call(t.server.url, free, 'POST', '/api/report-brand', {
      agencyName: 'Free Agency',
      accent: '#123456',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: 'auth.pro-required',
      message: expect.stringContaining('Reports in your own brand'),
    });
    const html = await sharedPage(free);
    expect(html).toContain('Prepared by Mapsmith');
    expect(html).not.toContain('Free Agency');
  });

  it('carries a Pro user’s agency name, accent colour and logo, and drops them when Pro lapses', async () => {
    const pro = await createTestUser(t.server.context.db, { pro: true });
    const png = solidPng(40, 20, [200, 30, 30]);
    const saved = await call(t.server.url, pro, 'POST', '/api/report-brand', {
      agencyName: 'Northwind Digital',
      accent: '#7A1F5C',
      logo: base64(png),
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      agencyName: 'Northwind Digital',
      accent: '#7a1f5c',
      logoType: 'image/png',
      applied: true,
    });
    const logo = await call(t.server.url, pro, 'GET', '/api/report-brand/logo');
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await logo.arrayBuffer()).equals(png)).toBe(true);

    const html = await sharedPage(pro);
    expect(html).toContain('Prepared by Northwind Digital');
    expect(html).toContain('--accent:#7a1f5c');
    expect(html).toContain(`src="data:image/png;base64,${base64(png)}"`);

    await t.server.context.db.run('UPDATE users SET pro_until = ? WHERE id = ?', [
      new Date(Date.now() - 1000).toISOString(),
      pro.id,
    ]);
    const lapsed = await sharedPage(pro);
    expect(lapsed).toContain('Prepared by Mapsmith');
    expect(lapsed).not.toContain('Northwind');
  });

  it('refuses an SVG, a file too large or too wide, and an unreadable accent, each in words', async () => {
    const pro = await createTestUser(t.server.context.db, { pro: true });
    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{ logo: base64(SVG_LOGO) }, 'logo', /must be a PNG, JPEG or WebP image/],
      [{ logo: base64(Buffer.alloc(210 * 1024, 1)) }, 'logo', /larger than 200 KB/],
      [{ logo: base64(solidPng(2400, 1, [0, 0, 0])) }, 'logo', /2400×1 px; at most 2000 px/],
      [{ accent: '#ffff00' }, 'accent', /too light to read on white/],
      [{ accent: 'blue' }, 'accent', /hex colour like #1d4ed8/],
    ];
    for (const [change, field, words] of refusals) {
      const res = await call(t.server.url, pro, 'POST', '/api/report-brand', {
        agencyName: 'Agency',
        accent: '#123456',
        ...change,
      });
      expect(res.status, JSON.stringify(change).slice(0, 60)).toBe(400);
      const body = (await res.json()) as { code: string; field?: string; message: string };
      expect(body.code).toBe('input.invalid');
      expect(body.message).toMatch(words);
      if (field === 'logo') expect(body.field).toBe('logo');
    }
    expect(await (await call(t.server.url, pro, 'GET', '/api/report-brand')).json()).toMatchObject({
      agencyName: null,
    });
  });
});
