/**
 * The local filtering proxy every Chromium request goes through (`--proxy-server`, with
 * `--proxy-bypass-list=<-loopback>` so loopback is not exempt). Request interception alone
 * misses WebSockets, workers and service workers; a proxy sees every connection. Each target
 * is checked on its URL text and on the address it resolves to, and the proxy then connects to
 * that checked address itself, so DNS cannot answer differently between check and connect.
 */
import dns from 'node:dns/promises';
import http from 'node:http';
import net from 'node:net';
import type { Logger, UrlPolicy } from '@mapsmith/core';

/** A running proxy. */
export interface FilteringProxy {
  /** `http://127.0.0.1:<port>`, for `--proxy-server`. */
  url: string;
  /** Requests and tunnels refused so far. */
  blocked(): number;
  /** Stops the proxy and drops every connection. */
  close(): Promise<void>;
}

class Refused extends Error {}

async function resolveChecked(policy: UrlPolicy, url: URL): Promise<string> {
  const decision = policy.checkUrl(url);
  if (!decision.allowed) throw new Refused(decision.reason);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host)
    ? [host]
    : (await dns.lookup(host, { all: true })).map((a) => a.address);
  for (const address of addresses) {
    const check = policy.checkAddress(address);
    if (!check.allowed) throw new Refused(`${host}: ${check.reason}`);
  }
  if (!addresses[0]) throw new Refused(`${host}: no address`);
  return addresses[0];
}

const HOP_HEADERS = new Set([
  'proxy-connection',
  'proxy-authorization',
  'connection',
  'keep-alive',
  'upgrade',
]);

/** Starts the proxy on 127.0.0.1 (ephemeral port). */
export async function startFilteringProxy(
  policy: UrlPolicy,
  logger: Logger,
): Promise<FilteringProxy> {
  let blocked = 0;
  const sockets = new Set<net.Socket>();
  const refuse = (what: string, err: unknown) => {
    blocked++;
    logger.warn('browser request refused', { target: what, reason: (err as Error).message });
  };

  const server = http.createServer(async (req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    let address: string;
    try {
      address = await resolveChecked(policy, target);
    } catch (err) {
      if (err instanceof Refused) refuse(target.href, err);
      res
        .writeHead(403, { 'content-type': 'text/plain' })
        .end('Refused by Mapsmith: internal address');
      return;
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers))
      if (!HOP_HEADERS.has(name)) headers[name] = value;
    const upstream = http.request(
      {
        host: address,
        port: target.port || 80,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(upstream);
  });

  server.on('connect', async (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    let target: URL;
    try {
      const authority = req.url ?? '';
      target = new URL(`${authority.endsWith(':80') ? 'http' : 'https'}://${authority}/`);
    } catch {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    let address: string;
    try {
      address = await resolveChecked(policy, target);
    } catch (err) {
      refuse(req.url ?? '', err);
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const port = Number(target.port || (target.protocol === 'http:' ? 80 : 443));
    const upstream = net.connect(port, address, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });

  // A plain-HTTP WebSocket upgrade sent to the proxy itself: refused (Chromium tunnels
  // WebSockets with CONNECT, which is checked above).
  server.on('upgrade', (_req, socket: net.Socket) => {
    blocked++;
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    blocked: () => blocked,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
