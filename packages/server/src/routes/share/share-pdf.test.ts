// Issue 29 point 3: the client report as a PDF, printed by the headless Chromium the product
// drives, for the owner and for whoever holds a share link; its pages turned into PNGs with
// pdftoppm (kept in MAPSMITH_SHOTS_DIR when set, to look at).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
let dir: string;

beforeAll(async () => {
  t = await startTestServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-pdf-'));
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The PDF's pages as PNG files (pdftoppm at 50 dpi). */
function pagesOf(bytes: Uint8Array, name: string): string[] {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  execFileSync('pdftoppm', ['-png', '-r', '50', file, path.join(dir, name)]);
  const pngs = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .map((f) => path.join(dir, f));
  const keep = process.env.MAPSMITH_SHOTS_DIR;
  if (keep) for (const png of pngs) fs.copyFileSync(png, path.join(keep, path.basename(png)));
  return pngs;
}

describe('the client report as a PDF', () => {
  it('is printed for the owner and for a share link, and refused for a revoked link', async () => {
    const owner = await createTestUser(t.server.context.db);
    const pages = [makePage('https://pdf.example/', { title: 'Home page of the site' })];
    for (let i = 0; i < 40; i++) pages.push(makePage(`https://pdf.example/p${i}`, { title: null }));
    const jobId = await seedCompletedJob(t.server.context.db, owner.id, pages);

    const res = await call(t.server.url, owner, 'GET', `/api/crawl/${jobId}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('report-pdf.example.pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pngs = pagesOf(bytes, 'owner');
    expect(pngs.length).toBeGreaterThanOrEqual(1);
    for (const png of pngs) expect(fs.statSync(png).size).toBeGreaterThan(1000);

    const made = await call(t.server.url, owner, 'POST', `/api/crawl/${jobId}/shares`, {});
    const link = (await made.json()) as { id: number; path: string };
    const shared = await fetch(`${t.server.url}${link.path}/pdf`);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('content-type')).toBe('application/pdf');
    expect(shared.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(pagesOf(new Uint8Array(await shared.arrayBuffer()), 'shared').length).toBe(pngs.length);

    await call(t.server.url, owner, 'DELETE', `/api/shares/${link.id}`, {});
    expect((await fetch(`${t.server.url}${link.path}/pdf`)).status).toBe(404);
    const stranger = await createTestUser(t.server.context.db);
    const refused = await call(t.server.url, stranger, 'GET', `/api/crawl/${jobId}/pdf`);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'crawl.not-found' });
  });
});
