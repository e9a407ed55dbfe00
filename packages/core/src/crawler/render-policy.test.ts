import { describe, expect, it } from 'vitest';
import { pageFacts } from './extract/page-facts.js';
import { appShellReason, RenderPolicy } from './render-policy.js';

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

  it('samples a few pages and renders all once a sample finds script-added links', () => {
    const ordinary = facts(`<p>${links}</p>`);
    const policy = new RenderPolicy('auto', true, 2);
    expect(policy.decide(ordinary)).toMatch(/^sample/);
    policy.sampled(0);
    expect(policy.decide(ordinary)).toMatch(/^sample/);
    expect(policy.decide(ordinary)).toBeNull();
    policy.sampled(3);
    expect(policy.decide(ordinary)).toBe('sample showed links added by scripts');
  });

  it('never renders without a renderer or in never mode, always in always mode', () => {
    const shell = facts('<div id="root"></div>');
    expect(new RenderPolicy('auto', false, 3).decide(shell)).toBeNull();
    expect(new RenderPolicy('never', true, 3).decide(shell)).toBeNull();
    expect(new RenderPolicy('always', true, 3).decide(facts(`<p>${links}</p>`))).toBe(
      'render: always',
    );
  });
});
