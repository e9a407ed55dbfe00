import { describe, expect, it } from 'vitest';
import { loginState, safeReturnTo } from './return-to';

describe('where sign-in returns to', () => {
  it('keeps a path of this site, with its search and hash', () => {
    expect(safeReturnTo('/crawls/abc?reason=noindex#urls')).toBe('/crawls/abc?reason=noindex#urls');
    expect(safeReturnTo('/dashboard')).toBe('/dashboard');
    expect(loginState('/crawls/abc')).toEqual({ returnTo: '/crawls/abc' });
  });

  it('refuses anything a browser could read as another site', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'crawls/abc',
      '',
      `/${'a'.repeat(3000)}`,
      42,
      null,
    ])
      expect(safeReturnTo(bad), String(bad)).toBeNull();
  });

  it('never returns to the sign-in flow or the home page', () => {
    expect(safeReturnTo('/login?redirect=/x')).toBeNull();
    expect(safeReturnTo('/signup')).toBeNull();
    expect(safeReturnTo('/')).toBeNull();
    expect(loginState('/')).toEqual({});
  });
});
