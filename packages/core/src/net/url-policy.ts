/**
 * The UrlPolicy implementation (the SSRF guard of decisions.md "Safety rules"). URLs are judged
 * on their text here; the fetcher and the browser proxy ask `checkAddress` again for the
 * address each connection resolved to, so DNS names pointing inside are refused too.
 */
import type { PolicyDecision, UrlPolicy } from '../ports/url-policy.js';
import { classifyAddress } from './ip-ranges.js';

/** Options of the URL policy. */
export interface UrlPolicyOptions {
  /** Allow loopback targets (127.0.0.0/8, ::1, localhost). Tests and local fixture sites only. */
  allowLoopback?: boolean;
}

const LOOPBACK_NAMES = /(^|\.)localhost\.?$/i;
const INTERNAL_NAMES = /(^|\.)(local|internal|localdomain|home\.arpa)\.?$/i;

/** Creates the SSRF guard; loopback stays refused unless `allowLoopback` is set. */
export function createUrlPolicy(options: UrlPolicyOptions = {}): UrlPolicy {
  const allowLoopback = options.allowLoopback === true;
  const checkAddress = (address: string): PolicyDecision => {
    const verdict = classifyAddress(address);
    if (!verdict) return { allowed: false, reason: `not an IP address: ${address}` };
    if (verdict.kind === 'public') return { allowed: true };
    if (verdict.kind === 'loopback' && allowLoopback) return { allowed: true };
    return { allowed: false, reason: `refused address ${address}: ${verdict.range}` };
  };
  return {
    checkAddress,
    checkUrl(url: URL): PolicyDecision {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return { allowed: false, reason: `refused scheme ${url.protocol} (only http and https)` };
      if (url.username || url.password)
        return { allowed: false, reason: 'refused URL with credentials' };
      const host = url.hostname;
      if (!host) return { allowed: false, reason: 'refused URL without a host' };
      // `new URL()` already folded decimal, octal and hex IPv4 forms into dotted quads.
      if (host.startsWith('[') || /^[\d.]+$/.test(host)) {
        const decision = checkAddress(host.replace(/^\[|\]$/g, ''));
        return decision.allowed ? decision : { allowed: false, reason: decision.reason };
      }
      if (LOOPBACK_NAMES.test(host))
        return allowLoopback
          ? { allowed: true }
          : { allowed: false, reason: `refused host ${host}: loopback` };
      if (INTERNAL_NAMES.test(host) || !host.includes('.'))
        return { allowed: false, reason: `refused host ${host}: internal name` };
      return { allowed: true };
    },
  };
}
