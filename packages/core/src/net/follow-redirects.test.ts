import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, listenLocal } from '../../../../tests/servers/http-util.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import { followRedirects, type RedirectOutcome } from './follow-redirects.js';
import { createHttpFetcher } from './http-fetcher.js';
import { createUrlPolicy } from './url-policy.js';

/** Every path the site answers: a redirect (status, Location or none) or a page. */
type Route = { status: number; location?: string } | { page: string };

let site: LocalServer;
let internal: LocalServer;
const routes = new Map<string, Route>();
const hits = new Map<string, number>();
let internalHits = 0;

function answer(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = req.url ?? '/';
  hits.set(path, (hits.get(path) ?? 0) + 1);
  const route = routes.get(path) ?? (/^\/long\/\d+$/.test(path) ? longHop(path) : undefined);
  if (!route) {
    res.writeHead(404).end('missing');
  } else if ('page' in route) {
    res.writeHead(200, { 'content-type': 'text/plain' }).end(route.page);
  } else {
    res.writeHead(route.status, route.location ? { location: route.location } : {}).end();
  }
}

/** `/long/N` redirects to `/long/N+1` for ever. */
function longHop(path: string): Route {
  return { status: 301, location: `/long/${Number(path.split('/')[2]) + 1}` };
}

const loopbackOk = createUrlPolicy({ allowLoopback: true });
const fetcher = createHttpFetcher({ policy: loopbackOk });
const fetchHop = (url: string) => fetcher.fetch({ url, maxBodyBytes: 10_000 });
const follow = (path: string, extra: { policy?: UrlPolicy; maxRedirects?: number } = {}) =>
  followRedirects(`${site.url}${path}`, {
    policy: extra.policy ?? loopbackOk,
    maxRedirects: extra.maxRedirects ?? 5,
    fetch: fetchHop,
  });

/** The chain as paths, for short expectations. */
const hops = (outcome: RedirectOutcome) =>
  outcome.chain.map((h) => `${h.status} ${new URL(h.url).pathname}`);

beforeAll(async () => {
  site = await listenLocal(answer);
  internal = await listenLocal((_req, res) => {
    internalHits++;
    res.end('internal secret');
  });
  routes.set('/relative', { status: 301, location: 'sub/next' });
  // standalone-ok: a relative Location, not a file path
  routes.set('/sub/next', { status: 302, location: '../root-relative' });
  routes.set('/root-relative', { status: 307, location: '/absolute' });
  routes.set('/absolute', { status: 308, location: `${site.url}/final?x=1` });
  routes.set('/final?x=1', { page: 'the final page' });
  routes.set('/loop/a', { status: 301, location: '/loop/b' });
  routes.set('/loop/b', { status: 302, location: `${site.url}/loop/a` });
  routes.set('/self', { status: 301, location: '/self' });
  routes.set('/no-location', { status: 302 });
  routes.set('/not-modified', { status: 304, location: '/final?x=1' });
  routes.set('/bad-location', { status: 301, location: 'http://[not-an-address' });
  routes.set('/to/internal', { status: 302, location: `${internal.url}/secret` });
  routes.set('/to/metadata', { status: 301, location: 'http://169.254.169.254/latest/meta-data/' });
  routes.set('/to/ipv6-loopback', { status: 301, location: `http://[::1]:${portOf(internal)}/` });
  routes.set('/to/decimal-loopback', { status: 301, location: 'http://2130706433/' });
  routes.set('/to/localhost', { status: 301, location: `http://localhost:${portOf(internal)}/` });
  routes.set('/to/file', { status: 301, location: 'file:///etc/passwd' });
  routes.set('/to/closed', { status: 301, location: 'http://127.0.0.1:9/' });
  routes.set('/to/final', { status: 301, location: '/final?x=1' });
});

afterAll(async () => {
  await fetcher.close();
  await site.close();
  await internal.close();
});

function portOf(server: LocalServer): string {
  return new URL(server.url).port;
}

describe('followRedirects over a real server', () => {
  it('resolves relative, root-relative and absolute Locations against the URL that answered', async () => {
    const outcome = await follow('/relative');
    expect(outcome.kind).toBe('response');
    expect(outcome.finalUrl).toBe(`${site.url}/final?x=1`);
    expect(hops(outcome)).toEqual([
      '301 /relative',
      '302 /sub/next',
      '307 /root-relative',
      '308 /absolute',
    ]);
    if (outcome.kind !== 'response') throw new Error(outcome.kind);
    expect(new TextDecoder().decode(outcome.response.body)).toBe('the final page');
  });

  it('stops a loop at the first URL met twice, without fetching it again', async () => {
    hits.clear();
    const outcome = await follow('/loop/a');
    expect(outcome.kind).toBe('loop');
    expect(hops(outcome)).toEqual(['301 /loop/a', '302 /loop/b']);
    expect(outcome.finalUrl).toBe(`${site.url}/loop/a`);
    expect(hits.get('/loop/a')).toBe(1);
    expect((await follow('/self')).kind).toBe('loop');
  });

  it('follows at most maxRedirects hops and does not fetch the one past the limit', async () => {
    hits.clear();
    const outcome = await follow('/long/0', { maxRedirects: 3 });
    expect(outcome.kind).toBe('too-many');
    expect(hops(outcome)).toEqual(['301 /long/0', '301 /long/1', '301 /long/2', '301 /long/3']);
    expect(outcome.finalUrl).toBe(`${site.url}/long/4`);
    expect(hits.has('/long/4')).toBe(false);
    // Exactly as many redirects as allowed are followed; one more is refused.
    expect((await follow('/relative', { maxRedirects: 4 })).kind).toBe('response');
    expect((await follow('/relative', { maxRedirects: 3 })).kind).toBe('too-many');
    expect((await follow('/to/final', { maxRedirects: 0 })).kind).toBe('too-many');
  });

  it('takes a 3xx without Location, and a 304, as the final answer', async () => {
    const missing = await follow('/no-location');
    expect(missing.kind).toBe('response');
    expect(missing.chain).toEqual([]);
    if (missing.kind === 'response') expect(missing.response.status).toBe(302);
    const notModified = await follow('/not-modified');
    if (notModified.kind !== 'response') throw new Error(notModified.kind);
    expect(notModified.response.status).toBe(304);
  });

  it('names a Location that is no URL, with the redirect answer', async () => {
    const outcome = await follow('/bad-location');
    if (outcome.kind !== 'bad-location') throw new Error(outcome.kind);
    expect(outcome.location).toBe('http://[not-an-address');
    expect(outcome.response.status).toBe(301);
    expect(outcome.finalUrl).toBe(`${site.url}/bad-location`);
  });

  it('reports a hop whose fetch fails, with the chain up to it', async () => {
    const outcome = await follow('/to/closed');
    if (outcome.kind !== 'failed') throw new Error(outcome.kind);
    expect(outcome.error.code).toBe('ECONNREFUSED');
    expect(hops(outcome)).toEqual(['301 /to/closed']);
    expect(outcome.finalUrl).toBe('http://127.0.0.1:9/');
  });

  it('asks mayFollow before each redirect target, not before the first URL', async () => {
    const asked: string[] = [];
    hits.clear();
    const outcome = await followRedirects(`${site.url}/to/final`, {
      policy: loopbackOk,
      maxRedirects: 5,
      fetch: fetchHop,
      mayFollow: async (url) => {
        asked.push(url);
        return false;
      },
    });
    expect(outcome.kind).toBe('stopped');
    expect(asked).toEqual([`${site.url}/final?x=1`]);
    expect(hits.has('/final?x=1')).toBe(false);
  });
});

describe('followRedirects and the SSRF guard', () => {
  // Loopback is not allowed, except the test site's own origin so that the first hop can be
  // fetched. Addresses are not judged at all here (the fetcher allows loopback): only the
  // follower's own question to the policy stands between a redirect and an internal address.
  const strict = createUrlPolicy();
  const onlyTheSite: UrlPolicy = {
    checkUrl: (url) => (url.origin === site.url ? { allowed: true } : strict.checkUrl(url)),
    checkAddress: () => ({ allowed: true }),
  };

  it('refuses a redirect to a loopback, link-local or non-http target before connecting', async () => {
    internalHits = 0;
    const cases: [string, RegExp][] = [
      ['/to/internal', /refused address 127\.0\.0\.1/],
      ['/to/metadata', /refused address 169\.254\.169\.254/],
      ['/to/ipv6-loopback', /refused address ::1/],
      ['/to/decimal-loopback', /refused address 127\.0\.0\.1/],
      ['/to/localhost', /refused host localhost: loopback/],
      ['/to/file', /refused scheme file:/],
    ];
    for (const [path, reason] of cases) {
      const outcome = await follow(path, { policy: onlyTheSite });
      if (outcome.kind !== 'refused') throw new Error(`${path}: ${outcome.kind}`);
      expect(outcome.reason, path).toMatch(reason);
      expect(outcome.chain, path).toHaveLength(1);
      expect(outcome.chain[0]?.url, path).toBe(`${site.url}${path}`);
    }
    expect(internalHits).toBe(0);
    // The same redirect with loopback allowed does reach the internal server.
    const allowed = await follow('/to/internal');
    expect(allowed.kind).toBe('response');
    expect(internalHits).toBe(1);
  });

  it('refuses the first URL itself, with no request made', async () => {
    hits.clear();
    const outcome = await follow('/final?x=1', { policy: strict });
    expect(outcome.kind).toBe('refused');
    expect(outcome.chain).toEqual([]);
    expect(hits.size).toBe(0);
  });
});
