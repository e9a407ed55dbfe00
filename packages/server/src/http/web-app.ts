import fs from 'node:fs';
import path from 'node:path';
import { isAppPath } from '@mapsmith/core';
import express, { type Router } from 'express';

/**
 * Serves the built web app: hashed assets with long caching, and `index.html` for every
 * page path. Paths that are not pages of the app get the same HTML with status 404 and the
 * title "404 Page Not Found", so the router draws its 404 screen and crawlers see a real 404.
 */
export function webAppRouter(webDir: string): Router {
  const router = express.Router();
  const indexFile = path.join(webDir, 'index.html');
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
      html = fs.readFileSync(indexFile, 'utf8');
    } catch {
      res
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (or use `npm run dev`).');
      return;
    }
    const found = isAppPath(req.path);
    if (!found) html = html.replace(/<title>[^<]*<\/title>/, '<title>404 Page Not Found</title>');
    res
      .status(found ? 200 : 404)
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(html);
  });
  return router;
}
