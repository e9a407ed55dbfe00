// Issue 28 point 5: the first read of a finished crawl computes its outcome and keeps it on the
// job row. A crawl that failed by filling the disk is read right after its failure was written
// with the last of the room (the reserve); keeping the outcome then fails for lack of space,
// and the read must still answer: the job reads as failed, not "the disk is full" on every
// poll. Needs `mount` (root), else skipped.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { call, createTestUser } from '../repos/test-support.js';
import { type RunningServer, startServer } from '../server.js';
import { fillDisk, mountSmallDisk, type SmallDisk, smallDiskConfig } from './full-disk-support.js';

let disk: SmallDisk;
let server: RunningServer | undefined;

/** A loopback address where nothing listens: a crawl of it fails at its start URL. */
async function closedPortUrl(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/`;
}

beforeAll(async () => {
  disk = mountSmallDisk(32);
  if (disk.skipReason) {
    process.stdout.write(`disk-full read test skipped: ${disk.skipReason}\n`);
    return;
  }
  server = await startServer(smallDiskConfig(disk.dir, 4), createLogger({ quiet: true }));
}, 60_000);

afterAll(async () => {
  await server?.close();
  disk.remove();
}, 60_000);

describe('a failed crawl read on a full disk', () => {
  it('reads as failed with its error, though its outcome cannot be kept', async (ctx) => {
    if (disk.skipReason || !server) {
      ctx.skip();
      return;
    }
    const base = server.url;
    const { db } = server.context;
    const user = await createTestUser(db, { pro: true });
    const started = await call(base, user, 'POST', '/api/crawl', { url: await closedPortUrl() });
    expect(started.status).toBe(201);
    const { jobId } = (await started.json()) as { jobId: string };
    // Read from the database, not the API: the API's first read would keep the outcome now.
    const end = Date.now() + 30_000;
    let status = '';
    while (Date.now() < end && status !== 'failed') {
      await new Promise((r) => setTimeout(r, 100));
      status =
        (await db.first<{ status: string }>('SELECT status FROM crawl_jobs WHERE id = ?', [jobId]))
          ?.status ?? '';
    }
    expect(status).toBe('failed');

    // Every write needs room now: the write-ahead log emptied first, then the disk filled.
    await db.exec('PRAGMA wal_checkpoint(TRUNCATE);');
    const filler = path.join(disk.dir, 'filler.bin');
    fillDisk(filler);
    await expect(
      db.run('UPDATE crawl_jobs SET progress = NULL WHERE id = ?', [jobId]),
    ).rejects.toThrow(/SQLITE_FULL/);

    const read = await call(base, user, 'GET', `/api/crawl/${jobId}`);
    expect(read.status).toBe(200);
    const job = (await read.json()) as { status: string; error: string | null; outcome: unknown };
    expect(job.status).toBe('failed');
    expect(job.error).toBeTruthy();
    expect(job.outcome).toBeTruthy();

    // Once there is room again, the next read keeps it.
    fs.rmSync(filler);
    expect((await call(base, user, 'GET', `/api/crawl/${jobId}`)).status).toBe(200);
    const kept = await db.first<{ outcome: string | null }>(
      'SELECT outcome FROM crawl_jobs WHERE id = ?',
      [jobId],
    );
    expect(kept?.outcome).toBeTruthy();
  }, 90_000);
});
