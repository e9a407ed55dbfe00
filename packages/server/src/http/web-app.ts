import fs from 'node:fs';
import path from 'node:path';
import { isAppPath, PUBLIC_PATHS } from '@mapsmith/core';
import express, { type Request, type Router } from 'express';
import { FAVICON_SVG, withHead } from './page-head.js';
import { ownRobots, ownSitemap } from './site-files.js';

/** The public origin for canonical URLs: MAPSMITH_PUBLIC_URL, else the request's own host. */
function originOf(req: Request, publicUrl: string | null): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/**
 * The HTML to send for `req`: the page's prerendered file (`scripts/prerender-web.mjs`: its
 * content and links without JavaScript; the app hydrates it) for a public path asked without a
 * query, else the app shell `index.html` (a query may change what the page shows, so the app
 * draws it in the browser; the canonical URL stays the bare path).
 */
function pageFile(webDir: string, req: Request): string {
  const shell = path.join(webDir, 'index.html');
  if (req.originalUrl.includes('?') || !PUBLIC_PATHS.includes(req.path)) return shell;
  const file = path.join(webDir, '.prerendered', `${req.path === '/' ? '/index' : req.path}.html`);
  return fs.existsSync(file) ? file : shell;
}

/**
 * Serves the built web app: hashed assets with long caching, and for every page path its
 * prerendered HTML or `index.html` (`pageFile`) with that page's own head (title, description, canonical, robots; page-head.ts).
 * Paths that are not pages of the app get the same HTML with status 404 and the title
 * "404 Page Not Found", so the router draws its 404 screen and crawlers see a real 404.
 * Also the site's own `/robots.txt`, `/sitemap.xml` and favicon.
 */
export function webAppRouter(webDir: string, publicUrl: string | null = null): Router {
  const router = express.Router();
  router.get('/robots.txt', (req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600');
    res.send(ownRobots(originOf(req, publicUrl)));
  });
  router.get('/sitemap.xml', (req, res) => {
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600');
    res.send(ownSitemap(originOf(req, publicUrl)));
  });
  router.get('/favicon.svg', (_req, res) => {
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400').send(FAVICON_SVG);
  });
  router.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'));
  router.use(
    '/assets',
    express.static(path.join(webDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      fallthrough: false,
    }),
  );
  router.use(express.static(webDir, { index: false }));
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let html: string;
    try {
      html = fs.readFileSync(pageFile(webDir, req), 'utf8');
    } catch {
      res
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (or use `npm run dev`).');
      return;
    }
    const found = isAppPath(req.path);
    html = withHead(html, req.path, originOf(req, publicUrl));
    res
      .status(found ? 200 : 404)
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(html);
  });
  return router;
}
