import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A small site served over loopback for one test. */
export interface TinySite {
  /** `http://127.0.0.1:<port>/`: crawl this. */
  url: string;
  close(): Promise<void>;
}

/** A site whose slow pages answer only once `release()` is called. */
export interface GatedSite extends TinySite {
  /** Lets the held pages answer (the crawl can then finish). */
  release(): void;
}

const page = (title: string, links: string[]) =>
  `<!doctype html><html><head><title>${title}</title><meta name="description" content="${title} page"></head><body><h1>${title}</h1>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</body></html>`;

async function listen(handler: http.RequestListener): Promise<TinySite> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A site whose home page links three pages; `/held/*` answer only after `release()`, so a test
 * sees the crawl running for as long as it needs (no timing: the test decides when it ends).
 * `/about` links to another site too (a report row "outside the site", never fetched).
 */
export async function startGatedSite(): Promise<GatedSite> {
  let open = false;
  const waiting: (() => void)[] = [];
  const site = await listen((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'Content-Type': type });
      res.end(body);
    };
    if (path === '/robots.txt') return send(200, 'text/plain', 'User-agent: *\nAllow: /\n');
    if (path === '/') return send(200, 'text/html', page('Home', ['/held/1', '/held/2', '/about']));
    if (path === '/about')
      return send(200, 'text/html', page('About', ['/', 'https://partner.example/about-us']));
    if (path.startsWith('/held/')) {
      const answer = () => send(200, 'text/html', page(`Held ${path}`, ['/']));
      if (open) answer();
      else waiting.push(answer);
      return;
    }
    send(404, 'text/html', page('Not found', []));
  });
  return {
    ...site,
    release: () => {
      open = true;
      for (const answer of waiting.splice(0)) answer();
    },
  };
}

/** A site whose robots.txt disallows everything for every crawler (`Disallow: /`). */
export function startBlockedSite(): Promise<TinySite> {
  return listen((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/robots.txt') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('User-agent: *\nDisallow: /\n');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(page('Blocked home', ['/a', '/b']));
  });
}
