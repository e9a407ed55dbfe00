import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditResult } from '../contract/audit-schemas.js';
import { createHttpFetcher } from '../net/http-fetcher.js';
import { createUrlPolicy } from '../net/url-policy.js';
import { systemClock } from '../ports/clock.js';
import { silentLogger } from '../ports/logger.js';
import { createMemoryAuditStore } from './memory-store.js';
import { type AuditOptions, runAudit } from './run-audit.js';

// A host that answers robots.txt (404: all allowed) and holds every page request open for
// good, and one that answers after 300 ms.
let silent: http.Server;
let slow: http.Server;
const held: net.Socket[] = [];
let silentOrigin: string;
let slowOrigin: string;

beforeAll(async () => {
  silent = http.createServer((req, res) => {
    if (req.url === '/robots.txt') res.writeHead(404).end();
    else held.push(req.socket);
  });
  slow = http.createServer((_req, res) => {
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'), 300);
  });
  await Promise.all([
    new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve)),
    new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve)),
  ]);
  silentOrigin = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
  slowOrigin = `http://127.0.0.1:${(slow.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await Promise.all([
    new Promise((resolve) => silent.close(resolve)),
    new Promise((resolve) => slow.close(resolve)),
  ]);
});

/** Audits `urls` with a fetcher that waits `answerMs` for headers. */
async function audit(urls: string[], answerMs: number, options: Partial<AuditOptions>) {
  const policy = createUrlPolicy({ allowLoopback: true });
  const fetcher = createHttpFetcher({ policy, headersTimeoutMs: answerMs });
  const store = createMemoryAuditStore(urls.map((url) => ({ url })));
  const started = Date.now();
  try {
    const end = await runAudit(
      { fetcher, policy, clock: systemClock, logger: silentLogger },
      store,
      { maxRetries: 0, ...options },
    );
    const results: AuditResult[] = [...store.results.values()];
    return { end, results, ms: Date.now() - started };
  } finally {
    await fetcher.close();
  }
}

describe('an audit is bounded on hosts that never answer', () => {
  it('gives up on a host after N timeouts in a row: its other URLs are "not checked" at once', async () => {
    const urls = Array.from({ length: 40 }, (_, i) => `${silentOrigin}/p/${i}`);
    const { end, results, ms } = await audit(urls, 300, { giveUpAfterTimeouts: 2 });
    expect(end.endedBy).toBe('done');
    expect(results).toHaveLength(40);
    const notChecked = results.filter((r) => r.verdict === 'not-checked');
    // At most the checks already under way (4 per host) wait for their timeout.
    expect(notChecked.length).toBeGreaterThanOrEqual(40 - 8);
    expect(notChecked[0]?.error).toBe('not checked: the host did not answer 2 times in a row');
    expect(results.filter((r) => r.verdict === 'unreachable').length).toBeGreaterThan(0);
    // undici checks its timeouts about once a second: 40 timeouts at 4 at a time take 10 s.
    expect(ms).toBeLessThan(5000);
  });

  it('ends at its time budget with the URLs checked so far, and says so', async () => {
    const urls = Array.from({ length: 100 }, (_, i) => `${slowOrigin}/p/${i}`);
    const { end, results, ms } = await audit(urls, 5000, { timeBudgetMs: 2000 });
    expect(end.endedBy).toBe('time');
    expect(end.saved).toBe(results.length);
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThan(100);
    expect(ms).toBeLessThan(4000);
  });
});
