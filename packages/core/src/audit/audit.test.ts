import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import type { AuditResult } from '../contract/audit-schemas.js';
import { createHttpFetcher } from '../net/http-fetcher.js';
import { createUrlPolicy } from '../net/url-policy.js';
import { systemClock } from '../ports/clock.js';
import { silentLogger } from '../ports/logger.js';
import { listAuditUrls } from './list-urls.js';
import { createMemoryAuditStore } from './memory-store.js';
import { runAudit } from './run-audit.js';
import { auditSummary, emptyAuditCounts } from './verdicts.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite({
    pages: 10,
    // Far apart, so a loaded machine (load 20 on 2 cores) cannot make a normal page "slow".
    slowMs: 2500,
    features: [
      'redirects',
      'errors',
      'noindex',
      'canonical',
      'robots-pages',
      'documents',
      'slow',
      'sitemap',
    ],
  });
});
afterAll(() => site.close());

async function audit(urls: string[], allowLoopback = true, slowMs = 1500) {
  const policy = createUrlPolicy({ allowLoopback });
  const fetcher = createHttpFetcher({ policy });
  const store = createMemoryAuditStore(urls.map((url) => ({ url })));
  try {
    const end = await runAudit(
      { fetcher, policy, clock: systemClock, logger: silentLogger },
      store,
      { slowMs },
    );
    const byUrl = new Map<string, AuditResult>();
    for (const r of store.results.values()) byUrl.set(r.url, r);
    return { end, byUrl };
  } finally {
    await fetcher.close();
  }
}

describe('the live status of every listed URL', () => {
  it('puts each listed URL in exactly its category', async () => {
    const expected: Record<string, AuditResult['verdict']> = {
      '/p/1': 'fine',
      '/p/2': 'fine',
      '/r/301': 'redirect',
      '/r/chain/1': 'redirect',
      '/e/404': 'not-found',
      '/e/410': 'not-found',
      '/e/500': 'error',
      '/noindex/meta': 'noindex',
      '/noindex/header': 'noindex',
      '/noindex/bot': 'noindex',
      '/noindex/googlebot': 'fine',
      '/canonical/dup': 'canonical',
      '/canonical/header': 'canonical',
      '/canonical/main': 'fine',
      '/private/secret': 'blocked',
      '/r/to-private': 'blocked',
      // The generator lists a PDF, so the audit finds it fine; JSON and images are not listed.
      '/docs/guide.pdf': 'fine',
      '/docs/data.json': 'not-html',
      '/docs/pic.png': 'not-html',
      '/slow/page': 'slow',
      '/r/loop/a': 'unreachable',
    };
    const { end, byUrl } = await audit(Object.keys(expected).map((p) => site.origin + p));
    expect(end).toEqual({ saved: Object.keys(expected).length, endedBy: 'done' });
    const got = Object.fromEntries(
      Object.keys(expected).map((p) => [p, byUrl.get(site.origin + p)?.verdict]),
    );
    expect(got).toEqual(expected);
    expect(byUrl.get(`${site.origin}/r/301`)).toMatchObject({
      status: 200,
      redirectStatus: 301,
      redirectTarget: `${site.origin}/to/301`,
    });
    expect(byUrl.get(`${site.origin}/canonical/dup`)?.canonical).toBe(
      `${site.origin}/canonical/main`,
    );
    expect(byUrl.get(`${site.origin}/r/loop/a`)?.error).toBe('redirect loop');
    // robots.txt blocked it: never requested.
    expect(site.hits('/private/secret')).toBe(0);
    // A PDF's verdict comes from HEAD alone; an HTML page needs its body.
    expect(site.requests().filter((r) => r.url === '/docs/guide.pdf').length).toBe(1);
  });

  it('lists an index with its children, each URL once, and sums up the verdicts', async () => {
    const policy = createUrlPolicy({ allowLoopback: true });
    const fetcher = createHttpFetcher({ policy });
    try {
      const listing = await listAuditUrls(
        { url: `${site.origin}/sitemaps/index.xml` },
        { fetcher, policy },
      );
      expect(listing.validation.kind).toBe('sitemapindex');
      expect(listing.failedChildren.map((f) => f.url)).toContain(
        `${site.origin}/sitemaps/missing.xml`,
      );
      expect(listing.urls.length).toBe(new Set(listing.urls.map((u) => u.url)).size);
      expect(listing.urls.length).toBeGreaterThan(0);
      expect(listing.sitemaps).toBeGreaterThan(1);
    } finally {
      await fetcher.close();
    }
    expect(
      auditSummary({
        ...emptyAuditCounts(),
        fine: 48912,
        redirect: 612,
        noindex: 301,
        'not-found': 175,
      }),
    ).toBe('48,912 fine, 612 redirect, 301 noindex, 175 404');
  });

  it('refuses every loopback and private form with zero connections to a canary', async () => {
    let connections = 0;
    const canary = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    const port = (canary.address() as net.AddressInfo).port;
    const forms = [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://LOCALHOST.:${port}/a`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f000001:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://127.1:${port}/`,
      `http://0.0.0.0:${port}/`,
      `http://10.0.0.1:${port}/`,
      `http://192.168.1.1:${port}/`,
      `http://172.16.0.1:${port}/`,
      `http://169.254.169.254:${port}/latest/meta-data`,
      `http://[fd00::1]:${port}/`,
      `http://intranet:${port}/`,
      `http://printer.local:${port}/`,
      `http://user:pw@example.com:${port}/`,
    ];
    try {
      const { byUrl } = await audit(forms, false);
      expect(byUrl.size).toBe(forms.length);
      for (const url of forms) expect(byUrl.get(url)?.verdict, url).toBe('refused');
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => canary.close(resolve));
    }
  });

  it('asks with GET where HEAD is refused (405, 501), and reads the body of an HTML page', async () => {
    const methods: string[] = [];
    const server = http.createServer((req, res) => {
      methods.push(`${req.method} ${req.url}`);
      if (req.method === 'HEAD' && req.url !== '/ok') {
        res.writeHead(req.url === '/501' ? 501 : 405).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        req.url === '/405'
          ? '<html><head><meta name="robots" content="noindex"></head></html>'
          : '<html><head><title>ok</title></head></html>',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    try {
      const { byUrl } = await audit([`${base}/405`, `${base}/501`, `${base}/ok`]);
      expect(byUrl.get(`${base}/405`)).toMatchObject({ verdict: 'noindex', status: 200 });
      expect(byUrl.get(`${base}/501`)).toMatchObject({ verdict: 'fine', status: 200 });
      expect(byUrl.get(`${base}/ok`)?.verdict).toBe('fine');
      expect(methods.filter((m) => !m.endsWith('/robots.txt')).sort()).toEqual([
        'GET /405',
        'GET /501',
        'GET /ok',
        'HEAD /405',
        'HEAD /501',
        'HEAD /ok',
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('stops listing at its bound and says so', async () => {
    const policy = createUrlPolicy({ allowLoopback: true });
    const fetcher = createHttpFetcher({ policy });
    try {
      const listing = await listAuditUrls(
        { url: `${site.origin}/sitemaps/index.xml` },
        { fetcher, policy },
        {
          maxUrls: 2,
          maxChildSitemaps: 100,
        },
      );
      expect(listing.urls).toHaveLength(2);
      expect(listing.truncated).toBe(true);
    } finally {
      await fetcher.close();
    }
  });

  it('stops when the store refuses a result (a plan limit)', async () => {
    const policy = createUrlPolicy({ allowLoopback: true });
    const fetcher = createHttpFetcher({ policy });
    const urls = Array.from({ length: 8 }, (_, i) => ({ url: `${site.origin}/p/${i}` }));
    const store = createMemoryAuditStore(urls, 3);
    try {
      const end = await runAudit(
        { fetcher, policy, clock: systemClock, logger: silentLogger },
        store,
        { concurrency: 1 },
      );
      expect(end.endedBy).toBe('refused');
      expect(store.results.size).toBe(3);
    } finally {
      await fetcher.close();
    }
  });
});
