/**
 * Whether a URL may be opened in the system browser: http(s) only, no credentials, a real
 * host name. Everything else (file:, javascript:, custom schemes, `user@host` tricks) stays shut.
 */
export function isSafeExternalUrl(raw: string): boolean {
  if (typeof raw !== 'string' || raw.length > 2083) return false;
  try {
    const url = new URL(raw);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      !url.username &&
      !url.password &&
      url.hostname.length > 0
    );
  } catch {
    return false;
  }
}
