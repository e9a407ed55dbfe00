import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';

// Issue 30, point 7: two audits of a host that never answers held another user's audit pending
// for minutes. Small settings keep this short: 2 workers (one audit at a time per user), a
// 1 s answer timeout, give up on a host after 2 timeouts in a row.
let t: TestServer;
let hanging: http.Server;
let quick: http.Server;
const held: net.Socket[] = [];
let hangingOrigin: string;
let quickOrigin: string;
let a: TestUser;
let b: TestUser;

/** Serves robots.txt (404: all allowed) and then answers pages, or holds them open for good. */
async function host(answer: boolean): Promise<[http.Server, string]> {
  const server = http.createServer((req, res) => {
    if (req.url === '/robots.txt') res.writeHead(404).end();
    else if (answer) res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
    else held.push(req.socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return [server, `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`];
}

beforeAll(async () => {
  [[hanging, hangingOrigin], [quick, quickOrigin]] = await Promise.all([host(false), host(true)]);
  t = await startTestServer({
    MAPSMITH_CRAWL_WORKERS: '2',
    MAPSMITH_AUDIT_ANSWER_TIMEOUT_MS: '1000',
    MAPSMITH_AUDIT_GIVE_UP_AFTER: '2',
  });
  a = await createTestUser(t.server.context.db, { username: 'fair-a', pro: true });
  b = await createTestUser(t.server.context.db, { username: 'fair-b', pro: true });
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await Promise.all([
    t.close(),
    new Promise((resolve) => hanging.close(resolve)),
    new Promise((resolve) => quick.close(resolve)),
  ]);
});

function urlset(origin: string, count: number): string {
  const locs = Array.from({ length: count }, (_, i) => `<url><loc>${origin}/p/${i}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.join('')}</urlset>`;
}

async function startAudit(user: TestUser, content: string): Promise<string> {
  const res = await call(t.server.url, user, 'POST', '/api/audit', { content });
  expect(res.status).toBe(201);
  return (await res.json()).jobId;
}

async function job(user: TestUser, jobId: string) {
  return (await call(t.server.url, user, 'GET', `/api/audit/${jobId}`)).json();
}

/** Polls until the audit ends or `ms` pass; returns it and the time taken. */
async function settled(user: TestUser, jobId: string, ms: number) {
  const started = Date.now();
  for (;;) {
    const got = await job(user, jobId);
    if (got.status === 'completed' || got.status === 'failed' || Date.now() - started > ms)
      return { job: got, ms: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('audits are fair between users and bounded on hosts that never answer', () => {
  it('runs another user’s small audit at once while one user’s two audits wait on a silent host', async () => {
    const first = await startAudit(a, urlset(hangingOrigin, 200));
    const second = await startAudit(a, urlset(hangingOrigin, 200));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const small = await startAudit(b, urlset(quickOrigin, 2));
    const other = await settled(b, small, 8000);
    expect(other.job).toMatchObject({ status: 'completed', checked: 2 });
    expect(other.ms).toBeLessThan(8000);
    // User A's audits give up on the silent host: most URLs are "not checked", none waits.
    const done = await settled(a, first, 20_000);
    expect(done.job.status).toBe('completed');
    expect(done.job.counts['not-checked']).toBeGreaterThanOrEqual(190);
    expect(done.job.summary).toMatch(/not checked/);
    expect((await settled(a, second, 20_000)).job.status).toBe('completed');
  });
});
