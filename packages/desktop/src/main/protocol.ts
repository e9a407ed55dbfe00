import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { APP_SCHEME } from './app-origin';
import { RENDERER_CSP } from './csp';
import { resolveInside } from './safe-path';

export { APP_ORIGIN, APP_SCHEME } from './app-origin';

/** Registers the scheme as standard and secure; must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built renderer from `rendererDir` on the app scheme, with a path-traversal guard. */
export function serveRenderer(rendererDir: string): void {
  const root = path.resolve(rendererDir);
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== 'app') return new Response('Not found', { status: 404 });
    const file = resolveInside(root, url.pathname);
    if (!file) return new Response('Forbidden', { status: 403 });
    const exists = await fs.stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
    const response = await net.fetch(
      pathToFileURL(exists ? file : path.join(root, 'index.html')).href,
    );
    // The header form of the CSP also enforces frame-ancestors, which a meta tag cannot.
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', RENDERER_CSP);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
