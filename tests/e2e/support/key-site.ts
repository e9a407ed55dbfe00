import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A user's site for tests: the fixture site behind a proxy on which a test can publish files. */
export interface KeySite {
  /** `http://127.0.0.1:<port>/`: crawl this. */
  url: string;
  /** Publishes a text file at `path` (e.g. the IndexNow key file `/<key>.txt`). */
  publish(path: string, body: string): void;
  close(): Promise<void>;
}

/**
 * Serves published files itself and forwards every other request to `upstream` (the fixture
 * site), so a crawled site can also carry the IndexNow key file the way a real site would.
 */
export async function startKeySite(upstream: string): Promise<KeySite> {
  const files = new Map<string, string>();
  const target = new URL(upstream);
  const self = { origin: '' };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = files.get(path);
    if (file !== undefined) {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(file);
      return;
    }
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host },
      },
      async (answer) => {
        // The fixture writes some absolute links with its own origin: rewrite them to ours so
        // the crawl sees one site, as it would on a real host.
        const chunks: Buffer[] = [];
        for await (const chunk of answer) chunks.push(chunk as Buffer);
        const headers = { ...answer.headers };
        let body = Buffer.concat(chunks);
        if (/^(text\/|application\/(xml|json|rss))/.test(String(headers['content-type'] ?? ''))) {
          body = Buffer.from(body.toString('utf8').replaceAll(target.origin, self.origin));
          headers['content-length'] = String(body.length);
        }
        if (typeof headers.location === 'string') {
          headers.location = headers.location.replace(target.origin, self.origin);
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        res.end(body);
      },
    );
    forward.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  self.origin = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}/`,
    publish: (path, body) => files.set(path, body),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
