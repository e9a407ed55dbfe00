/**
 * The renderer's Content Security Policy: its own scripts only, no eval, no plugins, no
 * framing, and no network beyond its own origin (every product call goes through the IPC
 * bridge). `index.html` carries the same policy in a meta tag; a test keeps the two equal.
 */
export const RENDERER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
