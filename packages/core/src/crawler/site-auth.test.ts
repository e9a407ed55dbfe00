// The one sending rule of a staging crawl's credentials (issue 29): the rule itself by scope
// mode, then real crawls of the staging fixtures (basic auth, a cookie check) over loopback with
// a canary host that records every credential it receives: it must receive none, while every
// request to the site itself carries them (pages, robots.txt, sitemaps, image checks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';
import {
  type CanaryHost,
  STAGING_PASSWORD,
  type StagingSite,
  startCanary,
  startStagingSite,
} from '../../../../tests/fixtures/staging/index.js';
import { crawlFailureCode } from './failure-text.js';
import { createScope } from './scope.js';
import { credentialSite, hideSiteAuth, siteAuthHeaders } from './site-auth.js';

const basicAuth = { basic: { username: 'ann', password: 'pässword' } };
const basicLine = `Basic ${Buffer.from('ann:pässword', 'utf8').toString('base64')}`;

describe('the sending rule', () => {
  it('gives the credentials to the crawl site by its scope rule and to nothing else', () => {
    const host = createScope('host', new URL('https://stage.example.com/'));
    const own = (url: URL) => host.contains(url);
    expect(siteAuthHeaders(basicAuth, own, 'https://stage.example.com/a')).toEqual({
      authorization: basicLine,
    });
    for (const other of [
      'https://example.com/',
      'https://cdn.example.com/x.js',
      'https://stage.example.com:8443/',
      'https://evil.test/?u=https://stage.example.com/',
      'ftp://stage.example.com/',
      'not a url',
    ])
      expect(siteAuthHeaders(basicAuth, own, other), other).toEqual({});
    const domain = createScope('domain', new URL('https://stage.example.com/'));
    const headers = { headers: [{ name: 'X-Staging-Key', value: 'k1' }] };
    expect(siteAuthHeaders(headers, (u) => domain.contains(u), 'https://cdn.example.com/')).toEqual(
      { 'x-staging-key': 'k1' },
    );
    expect(siteAuthHeaders(headers, (u) => domain.contains(u), 'https://example.org/')).toEqual({});
    expect(siteAuthHeaders(undefined, own, 'https://stage.example.com/')).toEqual({});
  });

  it('never sends them over plain http from a crawl that started on https', () => {
    const start = new URL('https://stage.example.com/');
    const host = createScope('host', start);
    const secure = credentialSite((u) => host.contains(u), start);
    expect(siteAuthHeaders(basicAuth, secure, 'https://stage.example.com/a')).toEqual({
      authorization: basicLine,
    });
    expect(siteAuthHeaders(basicAuth, secure, 'http://stage.example.com/a')).toEqual({});
    // A plain-http site (typed so, or after the https fallback) can only be reached in clear.
    const plainStart = new URL('http://stage.example.com/');
    const plain = credentialSite((u) => host.contains(u), plainStart);
    expect(siteAuthHeaders(basicAuth, plain, 'http://stage.example.com/a')).toEqual({
      authorization: basicLine,
    });
  });

  it('hides every secret a message could repeat', () => {
    const text = `bad header ${basicLine} and pässword and k1-secret`;
    const auth = { ...basicAuth, headers: [{ name: 'Cookie', value: 'k1-secret' }] };
    expect(hideSiteAuth(text, auth)).toBe('bad header [hidden] and [hidden] and [hidden]');
  });
});

describe('a staging crawl with a canary host', () => {
  let canary: CanaryHost;
  const sites: StagingSite[] = [];
  beforeAll(async () => {
    canary = await startCanary();
  });
  afterAll(async () => {
    await Promise.all(sites.map((s) => s.close()));
    await canary.close();
  });
  const start = async (guard: 'basic' | 'cookie') => {
    const site = await startStagingSite({ guard, canary: canary.origin });
    sites.push(site);
    return site;
  };

  for (const guard of ['basic', 'cookie'] as const)
    it(`${guard}: every request to the site carries them, none to the canary`, async () => {
      const site = await start(guard);
      const before = canary.requests().length;
      const crawl = await crawlFixture(site.url, { siteAuth: site.siteAuth });
      expect(crawl.summary.endedBy).toBe('finished');
      expect(crawl.listed).toEqual(site.expectedListed);
      expect(site.refused()).toEqual([]);
      // robots.txt, the sitemap and the own image's check went to the site with credentials.
      expect(site.served()).toEqual(
        expect.arrayContaining(['/robots.txt', '/sitemap.xml', '/img/own.png', '/leave']),
      );
      // The canary was asked (its robots.txt, its image's check), and never given a credential.
      const asked = canary
        .requests()
        .slice(before)
        .map((r) => r.what);
      expect(asked).toEqual(expect.arrayContaining(['GET /robots.txt', 'HEAD /img/canary.png']));
      expect(canary.leaks()).toEqual([]);
    });

  it('a wrong password ends the crawl with the plain refusal, no secret in any word', async () => {
    const site = await start('basic');
    const wrong = 'wrong-password-5521';
    const crawl = await crawlFixture(site.url, {
      siteAuth: { basic: { username: 'stage-user', password: wrong } },
    });
    expect(crawl.summary.endedBy).toBe('error');
    expect(crawl.summary.error).toBe(
      'The site refused the credentials given for this crawl: its start page answered 401 (Unauthorized). Check the user name, password and headers in the crawl settings.',
    );
    expect(crawlFailureCode(crawl.summary.error)).toBe('crawl.credentials-refused');
    const everything = JSON.stringify(crawl.events);
    expect(everything).not.toContain(wrong);
    expect(everything).not.toContain(Buffer.from(`stage-user:${wrong}`).toString('base64'));
    expect(everything).not.toContain(STAGING_PASSWORD);
    expect(canary.leaks()).toEqual([]);
  });

  it('no credentials for a site that asks for them: says so', async () => {
    const site = await start('basic');
    const crawl = await crawlFixture(site.url);
    expect(crawl.summary.endedBy).toBe('error');
    expect(crawl.summary.error).toMatch(
      /^The site asks for credentials: its start page answered 401/,
    );
    expect(crawlFailureCode(crawl.summary.error)).toBe('crawl.credentials-required');
  });

  it('a refused cookie (403) is the refusal too', async () => {
    const site = await start('cookie');
    const crawl = await crawlFixture(site.url, {
      siteAuth: { headers: [{ name: 'Cookie', value: 'staging_pass=nope' }] },
    });
    expect(crawl.summary.error).toMatch(
      /^The site refused the credentials given for this crawl: its start page answered 403 \(Forbidden\)/,
    );
    expect(JSON.stringify(crawl.events)).not.toContain('staging_pass=nope');
  });
});
