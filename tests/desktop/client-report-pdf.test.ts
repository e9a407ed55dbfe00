// The client report's PDF of a local crawl (issue 29 point 3 on the desktop): crawled from a
// fixture site by a real crawler process, asked over IPC, printed by the machine's Chromium,
// then read back with poppler (pdfinfo, pdftotext, pdftoppm).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ExportFile, makePage } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index.js';
import { buildDesktop, DESKTOP_OUT } from './support/build';
import { nodeLauncher } from './support/node-launcher';
import { seedLocalJob } from './support/seed';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';

const ENTRY = path.join(DESKTOP_OUT, 'main/crawler-process.js');

let site: FixtureSite;
let desktop: TestDesktop;
let jobId: string;
let dir: string;

beforeAll(async () => {
  buildDesktop();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-desktop-pdf-'));
  site = await startFixtureSite({ pages: 12, features: ['redirects', 'noindex', 'errors'] });
  desktop = await startTestDesktop({
    launch: nodeLauncher(ENTRY),
    env: { MAPSMITH_ALLOW_LOOPBACK: '1' },
  });
  const started = await desktop.dispatch(TEST_ORIGIN, 'crawl.start', { url: site.url });
  if (!started.ok) throw new Error(JSON.stringify(started.body));
  jobId = (started.value as { jobId: string }).jobId;
  await desktop.deps.crawls.settled(jobId);
}, 120_000);

afterAll(async () => {
  await desktop?.dispose();
  await site?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('crawl.pdf on the desktop', () => {
  it('prints the client report of a local crawl as a real PDF', async () => {
    const reply = await desktop.dispatch(TEST_ORIGIN, 'crawl.pdf', { jobId });
    if (!reply.ok) throw new Error(JSON.stringify(reply.body));
    const file = reply.value as ExportFile;
    const host = new URL(site.url).hostname;
    expect(file.contentType).toBe('application/pdf');
    expect(file.fileName).toBe(`report-${host}.pdf`);
    const bytes = Buffer.from(file.bytes);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = path.join(dir, 'report.pdf');
    fs.writeFileSync(pdf, bytes);
    const pages = Number(
      /^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1],
    );
    expect(pages).toBeGreaterThan(0);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain(host);
    expect(text).toContain('The site at a glance');
    // The free report carries Mapsmith's name (no brand on the desktop).
    expect(text).toContain('Mapsmith');
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '50',
      '-f',
      '1',
      '-l',
      '1',
      pdf,
      path.join(dir, 'page'),
    ]);
    const shots = fs.readdirSync(dir).filter((f) => f.endsWith('.png'));
    expect(shots.length).toBe(1);
    const shotsDir = process.env.MAPSMITH_SHOTS_DIR;
    if (shotsDir) {
      fs.mkdirSync(shotsDir, { recursive: true });
      for (const shot of shots)
        fs.copyFileSync(path.join(dir, shot), path.join(shotsDir, `desktop-pdf-${shot}`));
    }
  }, 90_000);

  it('says plainly that no browser was found, with a stable code', async () => {
    const missing = path.join(dir, 'no-chrome-here');
    const noBrowser = await startTestDesktop({ env: { MAPSMITH_CHROME_PATH: missing } });
    try {
      const seeded = await seedLocalJob(noBrowser, [makePage('https://client.example/')]);
      const reply = await noBrowser.dispatch(TEST_ORIGIN, 'crawl.pdf', { jobId: seeded });
      expect(reply).toMatchObject({ ok: false, status: 503, body: { code: 'report.no-browser' } });
      if (!reply.ok) {
        const { message } = reply.body as { message: string };
        expect(message).toMatch(/^The PDF is printed by Google Chrome, Chromium or Microsoft Edge/);
        expect(message).toContain(`MAPSMITH_CHROME_PATH names no file (${missing})`);
      }
    } finally {
      await noBrowser.dispose();
    }
  });

  it('answers an unknown crawl with 404 and its code', async () => {
    const reply = await desktop.dispatch(TEST_ORIGIN, 'crawl.pdf', { jobId: 'no-such-job' });
    expect(reply).toMatchObject({ ok: false, status: 404, body: { code: 'crawl.not-found' } });
  });
});
