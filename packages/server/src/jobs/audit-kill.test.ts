import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
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

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const URLS = 240;
const PER_HOST = 2;
let site: FixtureSite;
let dataDir: string;
let user: TestUser;
const servers: ChildServer[] = [];

beforeAll(async () => {
  if (!fs.existsSync(BUILT_MAIN)) {
    process.stderr.write('audit kill test: building the server first (npm run build:ts)\n');
    execFileSync(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '-b', 'packages/core', 'packages/server'],
      { cwd: root, stdio: 'ignore' },
    );
  }
  site = await startFixtureSite({ pages: URLS, latencyMs: 15 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-audit-kill-'));
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
  await site.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Audit {
  status: string;
  checked: number;
  total: number;
}

async function poll(server: ChildServer, jobId: string, done: (a: Audit) => boolean) {
  const end = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${server.url}/api/audit/${jobId}`, {
      headers: { Cookie: user.cookie },
    });
    const audit = (await res.json()) as Audit;
    if (done(audit) || Date.now() > end) return audit;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function readDb<T>(read: (db: Database) => Promise<T>): Promise<T> {
  const db = await Database.open(databaseFile(dataDir));
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

/** Requests per page path the fixture site has seen (HEAD and GET alike). */
function requestsPerPath(): Map<string, number> {
  return site
    .requests()
    .filter((r) => r.url.startsWith('/p/'))
    .reduce((m, r) => m.set(r.url, (m.get(r.url) ?? 0) + 1), new Map<string, number>());
}

describe('a sitemap audit survives SIGKILL of the server', () => {
  it('resumes without checking a saved URL again, each URL saved and charged once', async () => {
    const env = { MAPSMITH_AUDIT_PER_HOST: String(PER_HOST) };
    const first = await spawnBuiltServer(dataDir, env);
    servers.push(first);
    const locs = Array.from(
      { length: URLS },
      (_, i) => `<url><loc>${site.origin}/p/${i}</loc></url>`,
    );
    const start = await fetch(`${first.url}/api/audit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: user.cookie },
      body: JSON.stringify({
        content: `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.join('')}</urlset>`,
      }),
    });
    expect(start.status).toBe(201);
    const { jobId } = (await start.json()) as { jobId: string };
    const midway = await poll(first, jobId, (a) => a.checked >= 50);
    expect(midway.status).toBe('running');
    first.child.kill('SIGKILL');
    await first.exited;

    const savedBefore = await readDb((db) =>
      db.all<{ url: string }>("SELECT url FROM audit_urls WHERE job_id = ? AND state = 'done'", [
        jobId,
      ]),
    );
    expect(savedBefore.length).toBeGreaterThanOrEqual(50);
    expect(savedBefore.length).toBeLessThan(URLS);
    const seenBefore = requestsPerPath();

    const second = await spawnBuiltServer(dataDir, env);
    servers.push(second);
    const audit = await poll(
      second,
      jobId,
      (a) => a.status !== 'pending' && a.status !== 'running',
    );
    expect(audit).toMatchObject({ status: 'completed', checked: URLS, total: URLS });

    const seenAfter = requestsPerPath();
    // No URL saved before the kill was requested again after it.
    for (const { url } of savedBefore) {
      const p = new URL(url).pathname;
      expect(seenAfter.get(p), p).toBe(seenBefore.get(p));
    }
    // Only the checks in flight at the kill (at most the per-host concurrency) were repeated:
    // an HTML page is asked twice in one check (HEAD, then GET for its head).
    const repeated = [...seenAfter.entries()].filter(([, n]) => n > 2);
    expect(repeated.length).toBeLessThanOrEqual(PER_HOST);

    const facts = await readDb(async (db) => ({
      rows: await db.first<{ n: number; urls: number }>(
        "SELECT COUNT(*) AS n, COUNT(DISTINCT url) AS urls FROM audit_urls WHERE job_id = ? AND state = 'done'",
        [jobId],
      ),
      charged: (
        await db.first<{ n: number }>(
          'SELECT SUM(pages) AS n FROM usage_months WHERE user_id = ?',
          [user.id],
        )
      )?.n,
      attempts: (
        await db.first<{ attempts: number }>('SELECT attempts FROM audit_jobs WHERE id = ?', [
          jobId,
        ])
      )?.attempts,
    }));
    expect(facts.rows).toEqual({ n: URLS, urls: URLS });
    expect(facts.charged).toBe(URLS);
    expect(facts.attempts).toBe(2);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
