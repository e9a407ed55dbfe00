import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callCommand, runCli } from './cli-test-support.js';
import { runValidate } from './validate.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'mapsmith-cli-validate-'));

const run = (...args: string[]) => runCli(args);
/** Runs `mapsmith validate` in this process. */
const call = (...args: string[]) => callCommand(runValidate, args);

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const valid = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${NS}>\n<url><loc>https://a.example/</loc></url>\n</urlset>\n`;
const invalid = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${NS}>\n<url><loc>https://a.example/</loc></url>\n<url><lastmod>2024-01-01</lastmod></url>\n</urlset>\n`;
const file = (name: string, body: string | Buffer) => {
  const target = path.join(tmp, name);
  writeFileSync(target, body);
  return target;
};

let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    // A fetched sitemap may list only URLs on its own origin and folder (issue 18).
    if (req.url === '/sitemap.xml') res.end(valid.replace('https://a.example/', `${base}/`));
    else if (req.url === '/sitemap.xml.gz') res.end(gzipSync(invalid));
    else {
      res.statusCode = 404;
      res.end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(tmp, { recursive: true, force: true });
});

describe('mapsmith validate', () => {
  it('exits 0 for a valid file, 1 for an invalid one, listing errors and warnings with lines', async () => {
    const [ok, bad] = await Promise.all([
      run('validate', file('ok.xml', valid)),
      run('validate', file('bad.xml', invalid)),
    ]);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('ok.xml: valid urlset, 1 URL (1 valid, 0 duplicates)');
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('INVALID urlset');
    expect(bad.stdout).toContain('errors (1):\n  line 4: Missing loc element');
    expect(bad.stdout).toContain('warnings (1):\n  Less than 90% of URLs are valid');
  });

  it('prints the result object with --json', async () => {
    const result = await call(file('bad2.xml', invalid), '--json');
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      isValid: false,
      errors: [{ message: 'Missing loc element', line: 4 }],
      warnings: [{ message: 'Less than 90% of URLs are valid' }],
      stats: { totalUrls: 2, validUrls: 1, duplicateUrls: 0 },
      kind: 'urlset',
    });
  });

  it('reads .xml.gz files and URLs, plain and gzipped', async () => {
    const [localGz, plain, gz] = await Promise.all([
      call(file('ok.xml.gz', gzipSync(valid))),
      call(`${base}/sitemap.xml`, '--allow-loopback'),
      call(`${base}/sitemap.xml.gz`, '--json', '--allow-loopback'),
    ]);
    expect(localGz.status).toBe(0);
    expect(plain.status).toBe(0);
    expect(gz.status).toBe(1);
    expect(JSON.parse(gz.stdout).errors[0].message).toBe('Missing loc element');
  });

  it('exits 2 when the file or URL cannot be read', async () => {
    const [missing, notFound, noArg, loopback] = await Promise.all([
      call(path.join(tmp, 'nope.xml')),
      call(`${base}/missing.xml`, '--allow-loopback'),
      call(),
      call(`${base}/sitemap.xml`),
    ]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read');
    expect(notFound.status).toBe(2);
    expect(notFound.stderr).toContain('HTTP 404');
    expect(noArg.status).toBe(2);
    // Like the hosted checker, loopback and private addresses are refused unless allowed.
    expect(loopback.status).toBe(2);
    expect(loopback.stderr).toMatch(/cannot fetch .*(not allowed|refused|loopback)/i);
  });
});
