import { describe, expect, it } from 'vitest';
import { pageTemplate } from './page-template.js';

describe('page templates', () => {
  it.each([
    ['https://example.com/', '/'],
    ['https://example.com/?q=1', '/'],
    ['https://example.com/about', '/about'],
    ['https://example.com/blog/2024/post', '/blog/*/*'],
    ['https://example.com/blog/2025/other/', '/blog/*/*'],
    ['https://example.com/2024/05/post', '/*/*/*'],
    ['https://example.com/p/3', '/p/*'],
  ])('%s is %s', (url, key) => {
    expect(pageTemplate(url)).toBe(key);
  });
});
