import { describe, expect, it } from 'vitest';
import { pageFacts } from './extract/page-facts.js';
import { appShellReason, appSignals, RenderPolicy } from './render-policy.js';

const facts = (html: string) => pageFacts(html, 'https://example.com/', {});
const links = Array.from({ length: 5 }, (_, i) => `<a href="/l${i}">l</a>`).join('');

describe('smart rendering', () => {
  it.each([
    ['<div id="root"></div><script src="/app.js"></script>', 'app shell: #root and 0 links'],
    ['<div id="__next"></div><a href="/x">x</a>', 'app shell: #__next and 1 link'],
    ['<app-root ng-version="17"></app-root>', 'app shell: framework root and 0 links'],
    [
      '<noscript>Please enable JavaScript to continue.</noscript><p>x</p>',
      'app shell: noscript warning and 0 links',
    ],
    ['<script src="/bundle.js"></script>', 'app shell: script-only body and 0 links'],
  ])('renders %s', (body, reason) => {
    expect(appShellReason(facts(`<html><body>${body}</body></html>`))).toBe(reason);
  });

  it('leaves ordinary pages static', () => {
    expect(appShellReason(facts(`<div id="root">${links}</div>`))).toBeNull();
    expect(appShellReason(facts('<p>Just text, no scripts.</p>'))).toBeNull();
  });

  it('takes a data block for data, not for an app (walkthrough defect 20)', () => {
    const jsonLd = '<script type="application/ld+json">{"@type":"VideoObject"}</script>';
    const page = `<h1>Video</h1><img src="/a.jpg" alt="a"><video src="/v.mp4"></video>${jsonLd}`;
    expect(appShellReason(facts(`<html><body>${page}</body></html>`))).toBeNull();
    for (const type of ['application/json', 'text/template', 'text/x-handlebars-template'])
      expect(appShellReason(facts(`<body><script type="${type}">{}</script></body>`))).toBeNull();
    for (const type of ['text/javascript', 'module', 'TEXT/JavaScript; charset=utf-8'])
      expect(
        appShellReason(facts(`<body><script type="${type}" src="/a.js"></script></body>`)),
      ).toBe('app shell: script-only body and 0 links');
  });

  it('renders a hybrid template only when its sample found script-added links', async () => {
    const hybrid = facts(`<div id="app">${links}</div><script type="module" src="/a.js"></script>`);
    const policy = new RenderPolicy('auto', true, 2);
    const first = await policy.decide('https://example.com/docs/a', hybrid);
    expect(first).toEqual({
      render: true,
      reason:
        'sample: shows #app, script bundle; checking template /docs/* for links added by scripts',
      sampleOf: '/docs/*',
    });
    expect(await policy.decide('https://example.com/docs/b', hybrid)).toMatchObject({
      sampleOf: '/docs/*',
    });
    // A third page waits for the two samples; the second one finds a link.
    const third = policy.decide('https://example.com/docs/c', hybrid);
    policy.sampled('/docs/*', 0);
    policy.sampled('/docs/*', 1);
    expect(await third).toEqual({
      render: true,
      reason:
        'shows #app, script bundle; a sample of template /docs/* found links added by scripts',
      sampleOf: null,
    });
    // Another template is sampled on its own; nothing found there leaves the rest static.
    await policy.decide('https://example.com/blog/x', hybrid);
    policy.sampled('/blog/*', 0);
    await policy.decide('https://example.com/blog/y', hybrid);
    policy.sampled('/blog/*', 0);
    expect(await policy.decide('https://example.com/blog/z', hybrid)).toEqual({
      render: false,
      skipped:
        'not rendered: shows #app, script bundle, but rendering 2 pages of template /blog/* found no links added by scripts',
    });
    expect(policy.notes()).toEqual([
      'Template /docs/*: 2 sample pages showed app signals and links added by scripts, so 1 more page was rendered.',
      'Template /blog/*: 2 sample pages showed app signals but rendering found no links added by scripts; 1 more page with the signals was not rendered.',
    ]);
  });

  it('decides the rest of a template only once every sample it started is done', async () => {
    const hybrid = facts(`<div id="root">${links}</div>`);
    const policy = new RenderPolicy('auto', true, 3);
    await policy.decide('https://example.com/b/1', hybrid);
    policy.sampled('/b/*', 0);
    await policy.decide('https://example.com/b/2', hybrid);
    await policy.decide('https://example.com/b/3', hybrid);
    let outcome: unknown = null;
    const fourth = policy.decide('https://example.com/b/4', hybrid).then((d) => {
      outcome = d;
    });
    policy.sampled('/b/*', 0);
    await new Promise((r) => setImmediate(r));
    expect(outcome).toBeNull();
    policy.sampled('/b/*', 0);
    await fourth;
    expect(outcome).toMatchObject({ render: false, skipped: expect.stringContaining('3 pages') });
  });

  it('names hybrid pages it does not sample when sampling is off', async () => {
    const hybrid = facts(`<div id="root">${links}</div>`);
    expect(await new RenderPolicy('auto', true, 0).decide('https://example.com/a', hybrid)).toEqual(
      { render: false, skipped: 'not rendered: shows #root' },
    );
  });

  it('names the app signals of a hybrid page', () => {
    const bundle = `<script>${'var x = 1;'.repeat(2000)}</script>`;
    expect(appSignals(facts(`<p>${links}</p>${bundle}`))).toBe('script bundle');
    expect(appSignals(facts(`<p>${links}</p><script>var x = 1;</script>`))).toBe('');
    expect(
      appSignals(facts(`<div data-reactroot>${links}</div><noscript>Enable JavaScript</noscript>`)),
    ).toBe('framework root, noscript warning');
  });

  it('leaves pages without app signals static, so a static site starts no browser', async () => {
    const policy = new RenderPolicy('auto', true, 3);
    for (let i = 0; i < 5; i++)
      expect(await policy.decide(`https://example.com/p/${i}`, facts(`<p>${links}</p>`))).toEqual({
        render: false,
        skipped: null,
      });
  });

  it('never renders without a renderer or in never mode, always in always mode', async () => {
    const shell = facts('<div id="root"></div>');
    const url = 'https://example.com/';
    expect(await new RenderPolicy('auto', false, 3).decide(url, shell)).toMatchObject({
      render: false,
    });
    expect(await new RenderPolicy('never', true, 3).decide(url, shell)).toMatchObject({
      render: false,
    });
    expect(
      await new RenderPolicy('always', true, 3).decide(url, facts(`<p>${links}</p>`)),
    ).toMatchObject({ render: true, reason: 'render: always' });
  });
});
