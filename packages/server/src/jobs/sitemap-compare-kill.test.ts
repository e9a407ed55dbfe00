import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../db/database.js';
import { migrate } from '../db/migrations/index.js';
import {
  BUILT_MAIN,
  type ChildServer,
  createTestUser,
  spawnBuiltServer,
  type TestUser,
} from '../repos/test-support.js';
import { databaseFile } from '../server.js';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
let site: http.Server;
let origin: string;
/** While set, the site's robots.txt and sitemap answer only once it resolves. */
let slow: Promise<void> | null = null;
let sitemapReads = 0;
let dataDir: string;
let user: TestUser;
const servers: ChildServer[] = [];

beforeAll(async () => {
  if (!fs.existsSync(BUILT_MAIN)) throw new Error('build the server first: npm run build:ts');
  site = http.createServer(async (req, res) => {
    const p = new URL(req.url ?? '/', origin).pathname;
    if (p === '/sitemap.xml') sitemapReads++;
    if (p === '/robots.txt' || p === '/sitemap.xml') await slow;
    if (p === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    } else if (p === '/sitemap.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0"?><urlset xmlns="${NS}"><url><loc>${origin}/orphan</loc></url></urlset>`,
      );
    } else {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><head><title>Page</title></head><body>Hi</body></html>');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-compare-kill-'));
  const db = await Database.open(databaseFile(dataDir));
  await migrate(db);
  user = await createTestUser(db, { pro: true });
  await db.close();
});

afterAll(async () => {
  for (const s of servers) {
    if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
    await s.exited;
  }
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function api(server: ChildServer, method: string, pathname: string) {
  const res = await fetch(`${server.url}${pathname}`, {
    method,
    headers: { 'Content-Type': 'application/json', Cookie: user.cookie },
    ...(method === 'POST' ? { body: JSON.stringify({ url: `${origin}/` }) } : {}),
  });
  return { status: res.status, body: await res.json() };
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const end = Date.now() + 30_000;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a live-sitemap comparison survives SIGKILL of the server', () => {
  it('is taken over at the next start and ends with its findings', async () => {
    const first = await spawnBuiltServer(dataDir);
    servers.push(first);
    const crawl = await api(first, 'POST', '/api/crawl');
    expect(crawl.status).toBe(201);
    const jobId = crawl.body.jobId as string;
    const job = await until(
      () => api(first, 'GET', `/api/crawl/${jobId}`),
      (r) => r.body.status === 'completed',
    );
    expect(job.body.status).toBe('completed');

    let release = () => {};
    slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reads = sitemapReads;
    const started = await api(first, 'POST', `/api/crawl/${jobId}/sitemap-compare`);
    expect(started.status).toBe(200);
    const running = await until(
      () => api(first, 'GET', `/api/crawl/${jobId}/sitemap-compare`),
      (r) => r.body.run?.state === 'comparing',
    );
    expect(running.body.run.state).toBe('comparing');
    first.child.kill('SIGKILL');
    await first.exited;
    release();
    slow = null;

    const second = await spawnBuiltServer(dataDir);
    servers.push(second);
    const done = await until(
      () => api(second, 'GET', `/api/crawl/${jobId}/sitemap-compare`),
      (r) => r.body.run?.state !== 'waiting' && r.body.run?.state !== 'comparing',
    );
    expect(done.body.run).toEqual({ state: 'done', error: null });
    expect(done.body.summary.counts.orphan).toBe(1);
    expect(sitemapReads).toBeGreaterThan(reads);
    const db = await Database.open(databaseFile(dataDir));
    try {
      const row = await db.first<{ attempts: number }>(
        'SELECT attempts FROM sitemap_compare_jobs WHERE job_id = ?',
        [jobId],
      );
      expect(row?.attempts).toBe(2);
    } finally {
      await db.close();
    }
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
