import { describe, expect, it } from 'vitest';
import { createUrlPolicy } from './url-policy.js';

const strict = createUrlPolicy();
const loopbackOk = createUrlPolicy({ allowLoopback: true });
const refused = (url: string, policy = strict) => !policy.checkUrl(new URL(url)).allowed;

describe('the SSRF guard on URL text', () => {
  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://2130706433/', 'decimal loopback'],
    ['http://017700000001/', 'octal loopback'],
    ['http://0x7f000001/', 'hex loopback'],
    ['http://0x7f.1/', 'mixed hex short form'],
    ['http://127.1/', 'short dotted form'],
    ['http://0177.0.0.1/', 'octal first octet'],
    ['http://0/', 'zero (0.0.0.0)'],
    ['http://0.0.0.0:8080/', 'this network'],
    ['http://10.1.2.3/', 'private 10/8'],
    ['http://0x0a.0.0.1/', 'hex private'],
    ['http://172.16.0.1/', 'private 172.16/12'],
    ['http://172.31.255.255/', 'private 172.16/12 top'],
    ['http://192.168.1.1/', 'private 192.168/16'],
    ['http://3232235777/', 'decimal 192.168.1.1'],
    ['http://100.64.0.1/', 'CGNAT'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local metadata'],
    ['http://192.0.0.8/', 'IETF assignments'],
    ['http://198.18.0.1/', 'benchmarking'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://240.0.0.1/', 'reserved'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://[::1]/', 'IPv6 loopback'],
    ['http://[::]/', 'IPv6 unspecified'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
    ['http://[::ffff:10.0.0.1]/', 'IPv4-mapped private'],
    ['http://[0:0:0:0:0:ffff:a00:1]/', 'IPv4-mapped long form'],
    ['http://[::ffff:8.8.8.8]/', 'IPv4-mapped public (refused: never needed)'],
    ['http://[::127.0.0.1]/', 'IPv4-compatible'],
    ['http://[::a00:1]/', 'IPv4-compatible private'],
    ['http://[64:ff9b::a00:1]/', 'NAT64'],
    ['http://[64:ff9b:1::1]/', 'local NAT64'],
    ['http://[2002:a00:1::]/', '6to4'],
    ['http://[2001:0:4136:e378::1]/', 'Teredo'],
    ['http://[fc00::1]/', 'unique-local fc'],
    ['http://[fd12:3456::1]/', 'unique-local fd'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[fec0::1]/', 'site-local'],
    ['http://[ff02::1]/', 'multicast'],
    ['http://[2001:db8::1]/', 'documentation'],
    ['http://[100::1]/', 'discard'],
    ['http://localhost/', 'localhost'],
    ['http://LOCALHOST./', 'localhost with a trailing dot'],
    ['http://app.localhost/', 'a localhost subdomain'],
    ['http://printer.local/', 'mDNS name'],
    ['http://db.internal/', 'internal name'],
    ['http://intranet/', 'single-label name'],
    ['ftp://example.com/', 'another scheme'],
    ['file:///etc/passwd', 'file scheme'],
    ['http://user:pw@example.com/', 'credentials'],
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
