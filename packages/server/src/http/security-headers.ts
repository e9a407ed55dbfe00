import type { RequestHandler } from 'express';

/**
 * What the PayPal button needs, by where its SDK comes from (`PAYPAL_SDK_URL`): that origin,
 * and when it is PayPal's own, the hosts PayPal's CSP guide lists (the button frame is served
 * from `www.sandbox.paypal.com` in sandbox mode, images from `www.paypalobjects.com`). A
 * relative SDK URL is served by the app itself and needs nothing more.
 */
function paypalSources(sdkUrl: string): string[] {
  let origin: URL;
  try {
    origin = new URL(sdkUrl);
  } catch {
    return [];
  }
  const own = origin.protocol === 'https:' && /(^|\.)paypal\.com$/.test(origin.hostname);
  return own
    ? [origin.origin, 'https://*.paypal.com', 'https://*.paypalobjects.com']
    : [origin.origin];
}

/**
 * The Content-Security-Policy of every answer (issue 30, point 4): scripts only from the app's
 * own files and the PayPal SDK's sources (never inline, never eval), no plugins, no framing of
 * the app, `<base>` only to itself, forms only to itself. The PayPal SDK renders its button in
 * a frame, talks to PayPal and shows its images, so its sources are allowed for frames,
 * connections and images too. Styles allow inline because the SDK injects style elements; a
 * style cannot run code.
 */
export function contentSecurityPolicy(paypalSdkUrl: string): string {
  const paypal = paypalSources(paypalSdkUrl);
  const withPaypal = (...sources: string[]) => [...sources, ...paypal].join(' ');
  return [
    "default-src 'self'",
    `script-src ${withPaypal("'self'")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${withPaypal("'self'", 'data:')}`,
    "font-src 'self'",
    `connect-src ${withPaypal("'self'")}`,
    `frame-src ${paypal.length > 0 ? paypal.join(' ') : "'none'"}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Conservative security headers on every answer, the CSP among them. */
export function securityHeaders(options: { paypalSdkUrl: string }): RequestHandler {
  const headers = {
    'Content-Security-Policy': contentSecurityPolicy(options.paypalSdkUrl),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  return (_req, res, next) => {
    res.set(headers);
    next();
  };
}
