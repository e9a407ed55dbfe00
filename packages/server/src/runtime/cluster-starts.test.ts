import net from 'node:net';
import { testPostgresUrl } from '@mapsmith/app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import { createTestUser } from '../repos/test-support.js';
import {
  type ClusterNode,
  startCrawl,
  startTestCluster,
  type TestCluster,
} from './cluster-test-support.js';

// Process-level: the built server, two API processes on one throwaway Postgres (issue 16).
describe.skipIf(!testPostgresUrl())('two API processes on one Postgres', () => {
  let cluster: TestCluster;
  let site: FixtureSite;
  let apis: ClusterNode[];

  beforeAll(async () => {
    site = await startFixtureSite({ pages: 5 });
    cluster = await startTestCluster();
    apis = await Promise.all([cluster.start('api'), cluster.start('api')]);
  });

  afterAll(async () => {
    await cluster?.close();
    await site?.close();
  });

  it('accept exactly 10 of 50 concurrent crawl starts by one free user', async () => {
    const user = await createTestUser(cluster.db);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        startCrawl(apis[i % 2] as ClusterNode, user, `${site.url}?start=${i}`),
      ),
    );
    const accepted = answers.filter((a) => a.status === 201);
    expect(accepted).toHaveLength(10);
    // Both processes took part, and every refusal is the plan's limit, not a failure.
    const refused = answers.filter((a) => a.status !== 201);
    expect(new Set(refused.map((a) => `${a.status} ${a.body.code}`))).toEqual(
      new Set([`429 ${refused[0]?.body.code}`]),
    );
    const stored = await cluster.db.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM crawl_jobs WHERE user_id = ?',
      [user.id],
    );
    expect(stored?.n).toBe(10);
  });

  it('report Postgres, the waiting jobs and no live worker in GET /api/health', async () => {
    const res = await fetch(`${apis[1]?.url}/api/health`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      status: 'ok',
      role: 'api',
      database: { kind: 'postgres', reachable: true },
      queue: { waiting: 10, running: 0 },
      workers: { live: 0 },
    });
  });

  it('never log the database or SMTP password', async () => {
    const url = new URL(cluster.databaseUrl);
    url.password = 'pg-s3cret-pw';
    const node = await cluster.start('api', {
      DATABASE_URL: url.toString(),
      SMTP_URL: 'smtp://mailer:smtp-s3cret-pw@127.0.0.1:9',
      MAPSMITH_DEBUG: '1',
    });
    expect((await fetch(`${node.url}/api/health`)).status).toBe(200);
    expect(node.output()).toContain('postgres://mapsmith:***@');
    expect(node.output()).not.toMatch(/s3cret-pw/);
  });

  it('give a worker only a health listener, which counts it', async () => {
    const port = await freePort();
    const worker = await cluster.start('worker', { MAPSMITH_HEALTH_PORT: String(port) });
    expect(worker.output()).toContain(`health at http://127.0.0.1:${port}/api/health`);
    const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', role: 'worker', workers: { live: 1 } });
    expect((await fetch(`http://127.0.0.1:${port}/api/crawl`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  });

  it('refuse to start on a database whose schema is behind, saying to run mapsmith migrate', async () => {
    await cluster.db.exec('CREATE DATABASE unmigrated');
    const url = new URL(cluster.databaseUrl);
    url.pathname = '/unmigrated';
    const refused = await cluster.start('api', { DATABASE_URL: url.toString() }).catch((e) => e);
    expect(String(refused)).toMatch(
      /exited with 78: .*lacks schema steps 71, .*run `mapsmith migrate`/s,
    );
    const migrated = await cluster.cli(['migrate'], { DATABASE_URL: url.toString() });
    expect(migrated.stdout).toMatch(/applied 71, /);
    const node = await cluster.start('api', { DATABASE_URL: url.toString() });
    expect((await fetch(`${node.url}/api/health`)).status).toBe(200);
  });
});

/** A TCP port free on 127.0.0.1 now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
