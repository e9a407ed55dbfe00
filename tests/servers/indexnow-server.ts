import type http from 'node:http';
import { type LocalServer, listenLocal, readBody, sendJson } from './http-util.js';

/** One submission the stand-in received. */
export interface IndexNowReceived {
  host: string;
  key: string;
  keyLocation: string;
  urlList: string[];
}

/** A started IndexNow stand-in. */
export interface IndexNowStandIn extends LocalServer {
  /** The submission URL to configure as `INDEXNOW_ENDPOINT`. */
  endpoint: string;
  /** Every well-formed submission, in order. */
  received: IndexNowReceived[];
  /**
   * Forces the status of the next answers (e.g. 202, 403, 422, 429); a list answers one status per
   * submission in turn, the last one repeating; `null` goes back to judging as IndexNow does.
   */
  respondWith(status: number | number[] | null): void;
}

/**
 * Starts a local server speaking IndexNow's JSON protocol at `POST /indexnow`. By default it
 * judges like the real service: 400 for a malformed body or more than 10,000 URLs, 422 when a
 * URL is not on `host` or the key is malformed, 403 when the key file at `keyLocation` is not
 * live with the key (it fetches it), else 200.
 */
export async function startIndexNowStandIn(): Promise<IndexNowStandIn> {
  const received: IndexNowReceived[] = [];
  let forced: number[] | null = null;

  const judge = async (body: string): Promise<number> => {
    let input: Partial<IndexNowReceived>;
    try {
      input = JSON.parse(body);
    } catch {
      return 400;
    }
    const { host, key, keyLocation, urlList } = input;
    if (typeof host !== 'string' || typeof key !== 'string' || typeof keyLocation !== 'string')
      return 400;
    if (!Array.isArray(urlList) || urlList.length === 0 || urlList.length > 10_000) return 400;
    received.push({ host, key, keyLocation, urlList });
    if (forced !== null) return (forced.length > 1 ? forced.shift() : forced[0]) ?? 200;
    if (!/^[A-Za-z0-9-]{8,128}$/.test(key)) return 422;
    if (urlList.some((u) => new URL(u).host !== host)) return 422;
    const file = await fetch(keyLocation).catch(() => null);
    if (file?.status !== 200 || (await file.text()).trim() !== key) return 403;
    return 200;
  };

  const server = await listenLocal((req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method !== 'POST' || path !== '/indexnow')
      return sendJson(res, 404, { message: 'not found' });
    readBody(req)
      .then(judge)
      .then((status) => {
        res.writeHead(status, { 'Content-Type': 'text/plain' });
        res.end();
      })
      .catch(() => sendJson(res, 500, { message: 'stand-in failed' }));
  });
  return {
    ...server,
    endpoint: `${server.url}/indexnow`,
    received,
    respondWith: (status) => {
      forced = status === null ? null : Array.isArray(status) ? [...status] : [status];
    },
  };
}

/** A site on 127.0.0.1 serving the text files in `files` (path → body); 404 for anything else. */
export async function startTextSite(files: Map<string, string>): Promise<LocalServer> {
  return listenLocal((req, res) => {
    const body = files.get(new URL(req.url ?? '/', 'http://x').pathname);
    res.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(body ?? 'not found');
  });
}
