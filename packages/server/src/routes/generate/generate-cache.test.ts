import fs from 'node:fs';
import path from 'node:path';
import { makePage } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestUser,
  seedCompletedJob,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';

let t: TestServer;
let owner: TestUser;
let jobId: string;

beforeAll(async () => {
  t = await startTestServer();
  owner = await createTestUser(t.server.context.db);
  const pages = Array.from({ length: 120 }, (_, i) =>
    makePage(`https://example.com/p/${i}`, { title: `Page ${i}` }),
  );
  jobId = await seedCompletedJob(t.server.context.db, owner.id, pages);
});

afterAll(async () => {
  await t.close();
});

const download = async (format: string) => {
  const res = await call(t.server.url, owner, 'GET', `/api/generate/${jobId}/${format}`);
  expect(res.status, format).toBe(200);
  return { cache: res.headers.get('x-cache'), body: await res.text() };
};

describe('built exports are kept', () => {
  it('builds an export on the first download and serves the same file afterwards', async () => {
    const first = await download('txt');
    const second = await download('txt');
    expect([first.cache, second.cache]).toEqual(['MISS', 'HIT']);
    expect(second.body).toBe(first.body);
    expect(first.body.trim().split('\n')).toHaveLength(120);
    const dir = path.join(t.dataDir, 'exports', String(owner.id), jobId);
    expect(fs.readdirSync(dir)).toEqual(['txt']);
  });

  it('builds once for concurrent downloads of the same format', async () => {
    const all = await Promise.all(Array.from({ length: 4 }, () => download('json')));
    expect(all.filter((d) => d.cache === 'MISS')).toHaveLength(1);
    expect(new Set(all.map((d) => d.body)).size).toBe(1);
  });

  it('keeps a separate RSS export per plan limit: a new Pro user gets every item', async () => {
    const free = await download('rss');
    expect(free.body.match(/<item>/g)).toHaveLength(100);
    await t.server.context.db.run('UPDATE users SET pro_until = ? WHERE id = ?', [
      new Date(Date.now() + 86_400_000).toISOString(),
      owner.id,
    ]);
    const pro = await download('rss');
    expect(pro.cache).toBe('MISS');
    expect(pro.body.match(/<item>/g)).toHaveLength(120);
  });

  it('loses the exports of jobs the 90-day retention deletes', async () => {
    const old = await seedCompletedJob(
      t.server.context.db,
      owner.id,
      [makePage('https://example.com/old')],
      Date.now() - 100 * 86_400_000,
    );
    const res = await call(t.server.url, owner, 'GET', `/api/generate/${old}/xml`);
    expect(res.status).toBe(200);
    const dir = path.join(t.dataDir, 'exports', String(owner.id));
    expect(fs.readdirSync(dir)).toContain(old);
    expect(await t.server.context.jobs.runRetention()).toBe(1);
    expect(fs.readdirSync(dir)).not.toContain(old);
    expect(fs.readdirSync(dir)).toContain(jobId);
  });
});
