/**
 * Where signing in returns to: the page the user came from, as a path of this site only. A
 * `redirect` search parameter (still read, for old links) is user-supplied (a link anyone can send), so anything that a
 * browser could read as another site ("//evil.example", "/\evil.example", a scheme, control
 * characters it strips) is refused, and sign-in goes to its usual page instead.
 */

/** Pages sign-in never returns to: they are the sign-in flow itself. */
const AUTH_PAGES = new Set([
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
]);
const MAX_LENGTH = 2048;
const BASE = 'https://return-to.invalid';

/** The same-origin path (with search and hash) `value` names, or null when it names no safe one. */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // Browsers drop tabs and line breaks inside URLs: "/\t/evil.example" is "//evil.example".
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return null;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || AUTH_PAGES.has(url.pathname) || url.pathname === '/') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The history state of a link to `/login` from the page at `path` (none from the home page):
 * the return path travels there, not in the address, so there is one sign-in URL (issue 26).
 */
export function loginState(path: string): { returnTo?: string } {
  const back = safeReturnTo(path);
  return back ? { returnTo: back } : {};
}
