import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { RENDERER_CSP } from '../../../packages/desktop/src/main/csp';
import { resolveInside } from '../../../packages/desktop/src/main/safe-path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** A local HTTP server for a folder. */
export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves the built renderer the way the app's `mapsmith://app` protocol does: files inside the
 * folder only (the same `resolveInside` guard), `index.html` for every other path so the
 * router sees deep links, and the renderer CSP as a header.
 */
export async function serveFolder(root: string): Promise<StaticServer> {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const file = resolveInside(root, url.pathname);
    if (!file) return res.writeHead(403).end('Forbidden');
    const isFile = await fs.stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
    const target = isFile ? file : path.join(root, 'index.html');
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(target)] ?? 'application/octet-stream',
      // The same headers the app protocol adds.
      'Content-Security-Policy': RENDERER_CSP,
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(await fs.readFile(target));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
