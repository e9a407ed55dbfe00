import { describe, expect, it } from 'vitest';
import { createScope, registrableDomain } from './scope.js';

const u = (s: string) => new URL(s);

describe('scope strategies', () => {
  it('keeps the same host by default (any scheme, same port)', () => {
    const scope = createScope('host', u('https://www.example.com/'));
    expect(scope.contains(u('http://www.example.com/a'))).toBe(true);
    expect(scope.contains(u('https://blog.example.com/'))).toBe(false);
    expect(scope.contains(u('https://www.example.com:8443/'))).toBe(false);
  });

  it('keeps every subdomain in domain mode', () => {
    const scope = createScope('domain', u('https://www.example.co.uk/'));
    expect(scope.contains(u('https://shop.example.co.uk/x'))).toBe(true);
    expect(scope.contains(u('https://other.co.uk/'))).toBe(false);
    expect(registrableDomain('a.b.example.com')).toBe('example.com');
  });

  it('reads registrable domains from the Public Suffix List, private suffixes included', () => {
    expect(registrableDomain('shop.example.com.au')).toBe('example.com.au');
    expect(registrableDomain('a.b.example.org.uk.')).toBe('example.org.uk');
    expect(registrableDomain('www.city.kawasaki.jp')).toBe('city.kawasaki.jp');
    expect(registrableDomain('me.github.io')).toBe('me.github.io');
    expect(registrableDomain('127.0.0.1')).toBe('127.0.0.1');
    expect(registrableDomain('localhost')).toBe('localhost');
    const scope = createScope('domain', u('https://me.github.io/'));
    expect(scope.contains(u('https://blog.me.github.io/'))).toBe(true);
    expect(scope.contains(u('https://someone-else.github.io/'))).toBe(false);
  });

  it('keeps scheme, host and port in origin mode', () => {
    const scope = createScope('origin', u('https://example.com/'));
    expect(scope.contains(u('https://example.com/a'))).toBe(true);
    expect(scope.contains(u('http://example.com/a'))).toBe(false);
  });

  it("adopts the start URL's preferred form (www, https) but no other site", () => {
    const scope = createScope('origin', u('http://example.com/'));
    scope.adopt(u('https://www.example.com/'));
    scope.adopt(u('https://evil.com/'));
    expect(scope.contains(u('https://www.example.com/x'))).toBe(true);
    expect(scope.contains(u('https://evil.com/'))).toBe(false);
  });

  it('refuses other schemes', () => {
    expect(createScope('host', u('https://example.com/')).contains(u('ftp://example.com/'))).toBe(
      false,
    );
  });
});
