import type { RequestHandler } from 'express';

/** The origin of the PayPal JS SDK URL, or null when it is served by the app itself (relative). */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of every answer (issue 30, point 4): scripts only from the app's
 * own files and the configured PayPal SDK origin (never inline, never eval), no plugins, no
 * framing of the app, `<base>` only to itself, forms only to itself. The PayPal SDK renders its
 * button in a frame from its origin, talks to it and shows its images, so that one origin is
 * allowed for frames, connections and images too. Styles allow inline because the SDK injects
 * style elements; a style cannot run code.
 */
export function contentSecurityPolicy(paypalSdkUrl: string): string {
  const paypal = originOf(paypalSdkUrl);
  const withPaypal = (...sources: string[]) => [...sources, ...(paypal ? [paypal] : [])].join(' ');
  return [
    "default-src 'self'",
    `script-src ${withPaypal("'self'")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${withPaypal("'self'", 'data:')}`,
    "font-src 'self'",
    `connect-src ${withPaypal("'self'")}`,
    `frame-src ${paypal ?? "'none'"}`,
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
