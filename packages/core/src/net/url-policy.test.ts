import { describe, expect, it } from 'vitest';
import { INTERNAL_URL_VECTORS } from '../../../../tests/fixtures/ssrf-vectors.js';
import { createUrlPolicy } from './url-policy.js';

const strict = createUrlPolicy();
const loopbackOk = createUrlPolicy({ allowLoopback: true });
const refused = (url: string, policy = strict) => !policy.checkUrl(new URL(url)).allowed;

describe('the SSRF guard on URL text', () => {
  it.each<readonly [url: string, label: string]>([
    ...INTERNAL_URL_VECTORS,
    ['ftp://example.com/', 'another scheme'],
    ['file:///etc/passwd', 'file scheme'],
  ])('refuses %s (%s)', (url) => {
    expect(refused(url)).toBe(true);
  });

  it.each([
    'https://example.com/',
    'http://93.184.215.14/',
    'http://[2606:4700::1111]/',
    'https://sub.example.co.uk:8443/x',
  ])('allows the public URL %s', (url) => {
    expect(refused(url)).toBe(false);
  });

  it('allows loopback only with the explicit option, and nothing else internal', () => {
    expect(refused('http://127.0.0.1:3000/', loopbackOk)).toBe(false);
    expect(refused('http://2130706433/', loopbackOk)).toBe(false);
    expect(refused('http://[::1]/', loopbackOk)).toBe(false);
    expect(refused('http://[::ffff:127.0.0.1]/', loopbackOk)).toBe(false);
    expect(refused('http://localhost:8080/', loopbackOk)).toBe(false);
    expect(refused('http://10.0.0.1/', loopbackOk)).toBe(true);
    expect(refused('http://169.254.169.254/', loopbackOk)).toBe(true);
    expect(refused('http://[fd00::1]/', loopbackOk)).toBe(true);
  });

  it('names the range in its reason', () => {
    const decision = strict.checkUrl(new URL('http://169.254.169.254/'));
    expect(decision).toEqual({ allowed: false, reason: expect.stringContaining('link-local') });
  });
});

describe('the SSRF guard on resolved addresses', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.20.1.1',
    '192.168.0.10',
    '100.100.1.1',
    '169.254.0.1',
    '0.0.0.0',
    '::1',
    '::',
    '::ffff:192.168.0.1',
    'fe80::1%eth0',
    'fd00::2',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
  ])('refuses %s', (address) => {
    expect(strict.checkAddress(address).allowed).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])('allows %s', (address) => {
    expect(strict.checkAddress(address).allowed).toBe(true);
  });

  it('refuses text that is not an address', () => {
    expect(strict.checkAddress('example.com').allowed).toBe(false);
  });
});
