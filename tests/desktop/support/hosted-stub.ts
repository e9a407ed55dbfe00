import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local server that answers the hosted app's `GET /api/user` for bearer tokens. */
export interface HostedServer {
  url: string;
  /** Authorization headers received, in order. */
  seen: string[];
  close(): Promise<void>;
}

/** Starts it on 127.0.0.1 with an ephemeral port; `users` maps tokens to accounts. */
export async function startHostedServer(
  users: Record<string, { username: string; isPro: boolean; proUntil: string | null }>,
): Promise<HostedServer> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    seen.push(auth);
    const user = users[auth.replace(/^Bearer /, '')];
    res.setHeader('Content-Type', 'application/json');
    if (req.url !== '/api/user' || req.method !== 'GET') {
      res.writeHead(404).end(JSON.stringify({ error: 'Not found' }));
    } else if (!user) {
      res.writeHead(401).end(JSON.stringify({ error: 'Not authenticated' }));
    } else {
      res.end(
        JSON.stringify({
          id: 7,
          email: `${user.username}@example.com`,
          emailConfirmed: true,
          ...user,
        }),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
