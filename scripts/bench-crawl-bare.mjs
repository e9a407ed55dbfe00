// The bare loop of `npm run bench:crawl` (issue 28): the floor a static crawl's CPU per page is
// measured against. An undici Pool (the crawler's own undici), htmlparser2 `<a href>` extraction,
// breadth-first over one origin, no robots, no records, no verdicts; the same concurrency as
// `mapsmith crawl` (16 requests at once over 8 connections). Run as its own process under
// /usr/bin/time: `node scripts/bench-crawl-bare.mjs <url> [maxPages]`; prints one JSON line
// ({ pages, seconds }). Plain JavaScript, so Node loads no TypeScript stripper for it.
import { createRequire } from 'node:module';
import path from 'node:path';
import { Parser } from 'htmlparser2';

// The undici the crawler runs (packages/core's), not the older one at the root.
const coreRequire = createRequire(
  path.resolve(import.meta.dirname, '../packages/core/package.json'),
);
/** @type {typeof import('undici')} */
const { Pool } = coreRequire('undici');

const CONCURRENCY = 16;
const CONNECTIONS = 8;

const start = new URL(process.argv[2] ?? '');
const maxPages = Number(process.argv[3] ?? 6000);
const pool = new Pool(start.origin, { connections: CONNECTIONS });
const seen = new Set([start.href]);
const queue = [start.href];
let head = 0;
let pages = 0;

/**
 * The same-origin `<a href>` targets of one page, fragments dropped.
 * @param {string} html
 * @param {string} base
 */
function linksOf(html, base) {
  const found = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const href = name === 'a' ? attributes.href : undefined;
        if (href === undefined) return;
        let url;
        try {
          url = new URL(href, base);
        } catch {
          return;
        }
        if (url.origin !== start.origin) return;
        url.hash = '';
        found.push(url.href);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return found;
}

/** @param {string} url */
async function fetchOne(url) {
  const u = new URL(url);
  const { statusCode, headers, body } = await pool.request({
    method: 'GET',
    path: u.pathname + u.search,
  });
  const chunks = [];
  for await (const chunk of body) chunks.push(chunk);
  pages++;
  const type = String(headers['content-type'] ?? '');
  if (statusCode !== 200 || !type.includes('html')) return;
  for (const link of linksOf(Buffer.concat(chunks).toString('utf8'), url)) {
    if (seen.has(link) || seen.size >= maxPages) continue;
    seen.add(link);
    queue.push(link);
  }
}

const started = performance.now();
let active = 0;
await new Promise((resolve, reject) => {
  const pump = () => {
    while (active < CONCURRENCY && head < queue.length) {
      const next = queue[head++];
      active++;
      fetchOne(next).then(() => {
        active--;
        pump();
      }, reject);
    }
    if (active === 0 && head === queue.length) resolve(undefined);
  };
  pump();
});
const seconds = (performance.now() - started) / 1000;
await pool.close();
process.stdout.write(`${JSON.stringify({ pages, seconds })}\n`);
