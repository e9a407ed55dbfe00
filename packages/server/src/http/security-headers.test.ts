import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.js';

/** The sources of one directive of a policy. */
function sources(policy: string, directive: string): string[] | undefined {
  for (const part of policy.split(';')) {
    const [name, ...rest] = part.trim().split(/\s+/);
    if (name === directive) return rest;
  }
  return undefined;
}

describe('the Content-Security-Policy', () => {
  it('allows exactly a configured SDK origin besides the app (the stand-in of the tests)', () => {
    const policy = contentSecurityPolicy('http://127.0.0.1:4567/sdk/js');
    expect(sources(policy, 'script-src')).toEqual(["'self'", 'http://127.0.0.1:4567']);
    expect(sources(policy, 'frame-src')).toEqual(['http://127.0.0.1:4567']);
    expect(sources(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(sources(policy, 'object-src')).toEqual(["'none'"]);
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(sources(policy, 'script-src')).not.toContain("'unsafe-inline'");
  });

  it("allows PayPal's own hosts for PayPal's SDK (sandbox frames, images), and nothing for a relative one", () => {
    const policy = contentSecurityPolicy('https://www.paypal.com/sdk/js');
    expect(sources(policy, 'frame-src')).toEqual([
      'https://www.paypal.com',
      'https://*.paypal.com',
      'https://*.paypalobjects.com',
    ]);
    expect(sources(policy, 'img-src')).toContain('https://*.paypalobjects.com');
    // A look-alike host is not PayPal.
    expect(contentSecurityPolicy('https://paypal.com.evil.test/sdk/js')).not.toContain('*.paypal');
    expect(sources(contentSecurityPolicy('/sdk/js'), 'script-src')).toEqual(["'self'"]);
    expect(sources(contentSecurityPolicy('/sdk/js'), 'frame-src')).toEqual(["'none'"]);
  });
});
