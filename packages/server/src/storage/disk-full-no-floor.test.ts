// Issue 30 point 6: with the disk floor off (`MAPSMITH_MIN_FREE_MB=0`) a crawl that fills the
// disk fails, and so does writing its failure. The failure is written as soon as space allows
// (the job must not stay "crawling" and resume into the disk again), and the repeated failures
// are logged once with a count, not one line a second. Needs `mount` (root), else skipped.
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestUser } from '../repos/test-support.js';
import { type RunningServer, startServer } from '../server.js';
import {
  fillDisk,
  mountSmallDisk,
  type SmallDisk,
  smallDiskConfig,
  startEndlessSite,
} from './full-disk-support.js';

let disk: SmallDisk;
let server: RunningServer | undefined;
let site: Awaited<ReturnType<typeof startEndlessSite>> | undefined;
const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
const logger: Logger = {
  info: (message, fields) => lines.push({ level: 'info', message, ...(fields ? { fields } : {}) }),
  warn: (message, fields) => lines.push({ level: 'warn', message, ...(fields ? { fields } : {}) }),
  error: (message, fields) =>
    lines.push({ level: 'error', message, ...(fields ? { fields } : {}) }),
  debug: () => {},
};
const count = (pattern: RegExp) => lines.filter((l) => pattern.test(l.message)).length;

async function until(ok: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await ok()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return ok();
}

beforeAll(async () => {
  disk = mountSmallDisk(48);
  if (disk.skipReason) {
    process.stdout.write(`disk-full (no floor) test skipped: ${disk.skipReason}\n`);
    return;
  }
  site = await startEndlessSite();
  // One worker: another user's crawl waits as pending, and each poll tries to claim it.
  const config = smallDiskConfig(disk.dir, 0, { MAPSMITH_CRAWL_WORKERS: '1' });
  server = await startServer(config, logger);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await site?.close();
  disk.remove();
}, 60_000);

describe('a full disk with the floor off', () => {
  it('records the failed crawl once space allows, and logs the repeats once with a count', async (ctx) => {
    if (disk.skipReason || !server || !site) {
      ctx.skip();
      return;
    }
    const base = server.url;
    const user = await createTestUser(server.context.db, { pro: true });
    const filler = path.join(disk.dir, 'filler.bin');
    const started = await call(base, user, 'POST', '/api/crawl', { url: site.url });
    expect(started.status).toBe(201);
    const { jobId } = (await started.json()) as { jobId: string };
    const job = async () =>
      (await (await call(base, user, 'GET', `/api/crawl/${jobId}`)).json()) as {
        status: string;
        error: string | null;
      };

    expect(await until(async () => (await job()).status === 'crawling', 30_000)).toBe(true);
    const other = await createTestUser(server.context.db, { pro: true });
    expect((await call(base, other, 'POST', '/api/crawl', { url: site.url })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 1000));
    // The disk fills up completely, the write-ahead log emptied first (a checkpoint, under the
    // database's write lock), so that every write needs room: the crawl's next page, and the
    // write of its failure. The file takes all free space before another write can start.
    await server.context.db.exec('PRAGMA wal_checkpoint(TRUNCATE);');
    fillDisk(filler);
    expect(await until(() => count(/^crawl job failed$/) > 0, 60_000)).toBe(true);
    expect(await until(() => count(/^could not record a failed (crawl )?job/) > 0, 10_000)).toBe(
      true,
    );
    expect((await job()).status).toBe('crawling');
    // Five seconds on the full disk: retries and polls go on, one line each in the log.
    await new Promise((r) => setTimeout(r, 5000));
    expect(count(/could not record a failed/)).toBe(1);
    expect(count(/could not claim a job/)).toBeLessThanOrEqual(1);

    fs.rmSync(filler);
    expect(await until(async () => (await job()).status === 'failed', 15_000)).toBe(true);
    expect((await job()).error).toContain('the server ran out of disk space');
    const recovered = lines.find((l) =>
      /could not record a failed crawl job.*recovered/.test(l.message),
    );
    expect(recovered?.fields?.failures).toBeGreaterThan(1);
    // The failed job is not claimed again: it does not resume into the disk.
    await new Promise((r) => setTimeout(r, 2000));
    expect((await job()).status).toBe('failed');
  }, 200_000);
});
