// Issue 18 point 7 (hints): a static crawl of an app says to crawl with rendering; pages that
// only send the browser elsewhere (script or zero-delay refresh) are redirects, not listed pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MiniSite, page, startMiniSite } from '../../../../tests/fixtures/mini/mini-site.js';
import { crawlFixture, type FixtureCrawl } from '../../../../tests/fixtures/site/crawl-helper.js';

describe('a static crawl of a JavaScript app', () => {
  let site: MiniSite;
  beforeAll(async () => {
    site = await startMiniSite({
      '/': {
        body: page(
          'App',
          '<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript><script src="/app.js"></script>',
        ),
      },
      '/app.js': {
        type: 'text/javascript',
        body: 'document.getElementById("root").innerHTML = "<a href=/a>a</a>";',
      },
    });
  });
  afterAll(() => site.close());

  it('says the start page looks like an app and to crawl with rendering', async () => {
    const crawl = await crawlFixture(`${site.origin}/`, { render: 'never' });
    expect(crawl.listed).toEqual([`${site.origin}/`]);
    expect(crawl.summary.notes?.[0]).toMatch(
      /^The start page looks like a JavaScript app \(app shell: #root and 0 links\): crawl with rendering/,
    );
  });
});

describe('client-side redirects', () => {
  let site: MiniSite;
  let crawl: FixtureCrawl;
  beforeAll(async () => {
    const nav = Array.from({ length: 5 }, (_, i) => `<a href="/n${i}">n${i}</a>`).join(' ');
    site = await startMiniSite({
      '/': {
        body: page(
          'Home',
          '<a href="/old-post">old</a> <a href="/moved">moved</a> <a href="/real">real</a>',
        ),
      },
      '/old-post': {
        body: '<!doctype html><html><head><title>Redirecting</title><script>location.replace("/posts/new/")</script></head><body></body></html>',
      },
      '/moved': {
        body: '<!doctype html><html><head><meta http-equiv="refresh" content="0; url=/docs/"></head><body>Moved.</body></html>',
      },
      '/real': {
        body: page(
          'Real',
          `${nav}<button onclick="window.location.href = '/checkout'">Buy</button><script>function go(){ location.href = "/cart"; }</script>`,
        ),
      },
      '/posts/new/': { body: page('New post', 'text') },
      '/docs/': { body: page('Docs', 'text') },
    });
    crawl = await crawlFixture(`${site.origin}/`);
  });
  afterAll(() => site.close());

  it('are redirects whose targets are crawled and listed', () => {
    expect(crawl.pages.get(`${site.origin}/old-post`)?.verdict).toEqual({
      included: false,
      code: 'redirect',
      reason: 'excluded: script redirect -> /posts/new/',
    });
    expect(crawl.pages.get(`${site.origin}/moved`)?.verdict).toMatchObject({
      reason: 'excluded: client-side redirect (meta refresh) -> /docs/',
    });
    expect(crawl.listed).toContain(`${site.origin}/posts/new/`);
    expect(crawl.listed).toContain(`${site.origin}/docs/`);
  });

  it('leaves a real page that sets location in a handler listed', () => {
    expect(crawl.pages.get(`${site.origin}/real`)?.verdict).toEqual({ included: true });
    expect(crawl.pages.has(`${site.origin}/cart`)).toBe(false);
  });
});
