import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createMailer } from '../mail/mailer.js';
import { call, createTestUser } from '../repos/test-support.js';
import { type RunningServer, startServer } from '../server.js';
import {
  freeBytes,
  mountSmallDisk,
  type SmallDisk,
  smallDiskConfig,
  startEndlessSite,
} from './full-disk-support.js';

/**
 * The data folder on a real 48 MiB tmpfs: a crawl of an endless site fills it. Needs `mount`
 * (root); where that is not permitted the test says so and is skipped.
 */
const MiB = 1024 * 1024;
let disk: SmallDisk;
let mountDir = '';
let skipReason: string | null = null;
let server: RunningServer | undefined;
let site: Awaited<ReturnType<typeof startEndlessSite>> | undefined;
let siteUrl = '';
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  disk = mountSmallDisk(48);
  mountDir = disk.dir;
  skipReason = disk.skipReason;
  if (skipReason) {
    process.stdout.write(`disk-full test skipped: ${skipReason}\n`);
    return;
  }
  process.on('unhandledRejection', onUnhandled);
  site = await startEndlessSite();
  siteUrl = site.url;
  const config = smallDiskConfig(mountDir, 4);
  server = await startServer(config, createLogger({ quiet: true }));
}, 60_000);

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await server?.close();
  await site?.close();
  disk.remove();
}, 60_000);

describe('a full disk', () => {
  it('fails the crawl that filled it, keeps answering, refuses new crawls with 503 until space is back', async (ctx) => {
    if (skipReason || !server) {
      ctx.skip();
      return;
    }
    const base = server.url;
    const { db } = server.context;
    const user = await createTestUser(db, { pro: true });
    // Leave about 8 MiB: above the 4 MiB floor, so the crawl starts, and soon filled.
    const filler = path.join(mountDir, 'filler.bin');
    fs.writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes(mountDir) - 8 * MiB)));

    const started = await call(base, user, 'POST', '/api/crawl', { url: siteUrl });
    expect(started.status).toBe(201);
    const { jobId } = (await started.json()) as { jobId: string };

    let job: { status: string; error: string | null } = { status: '', error: null };
    const end = Date.now() + 120_000;
    while (Date.now() < end) {
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      job = await (await call(base, user, 'GET', `/api/crawl/${jobId}`)).json();
      if (job.status === 'failed' || job.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(job.status).toBe('failed');
    expect(job.error).toContain('the server ran out of disk space');
    expect(unhandled).toEqual([]);

    const refused = await call(base, user, 'POST', '/api/crawl', { url: siteUrl });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await refused.json()).toMatchObject({ code: 'storage.full' });

    // The outbox on the full disk: the send fails and leaves no half-written message.
    const outbox = path.join(mountDir, 'outbox');
    const mailer = createMailer({
      smtpUrl: null,
      from: 'Mapsmith <no-reply@example.test>',
      outboxDir: outbox,
      logger: createLogger({ quiet: true }),
    });
    const before = fs.readdirSync(outbox).length;
    await expect(
      mailer.send({ to: 'a@example.test', subject: 'big', text: 'x'.repeat(8 * MiB) }),
    ).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(fs.readdirSync(outbox)).toHaveLength(before);

    const check = await db.first<{ integrity_check: string }>('PRAGMA integrity_check');
    expect(check?.integrity_check).toBe('ok');

    fs.rmSync(filler);
    const again = await call(base, user, 'POST', '/api/crawl', { url: siteUrl });
    expect(again.status).toBe(201);
  }, 180_000);
});
