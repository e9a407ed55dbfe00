import { describe, expect, it } from 'vitest';
import { PreferredForm } from './preferred-form.js';

describe("the site's preferred form", () => {
  it('learns https and www from redirects that keep the path', () => {
    const form = new PreferredForm();
    form.learn('http://example.com/a', 'https://www.example.com/a');
    expect(form.apply('http://example.com/b?x=1')).toBe('https://www.example.com/b?x=1');
    expect(form.apply('https://example.com/b')).toBe('https://example.com/b');
  });

  it('ignores redirects that move the page or leave the site', () => {
    const form = new PreferredForm();
    form.learn('http://example.com/a', 'https://example.com/b');
    form.learn('http://example.com/a', 'https://evil.com/a');
    form.learn('http://example.com/a', 'http://example.com/a/');
    expect(form.apply('http://example.com/c')).toBe('http://example.com/c');
  });

  it('never learns a loop', () => {
    const form = new PreferredForm();
    form.learn('http://example.com/a', 'https://example.com/a');
    form.learn('https://example.com/a', 'http://example.com/a');
    expect(form.apply('https://example.com/z')).toBe('https://example.com/z');
    expect(form.apply('http://example.com/z')).toBe('https://example.com/z');
  });
});
