// Issue 25 points 1 and 2 through the CLI: `mapsmith crawl --out` writes a client-side redirect
// as its own verdict with its target, and a page reached only through redirects with the hop
// as its inlink.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageRecord } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import { runCli } from './cli-test-support.js';

describe('mapsmith crawl of client-side redirects', () => {
  let site: FixtureSite;
  let dir: string;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 3, features: ['client-redirects'] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-cli-redir-'));
  });
  afterAll(async () => {
    await site.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes their verdicts and targets, and the hops as inlinks', async () => {
    const out = path.join(dir, 'crawl.jsonl');
    const args = ['crawl', site.url, '--allow-loopback', '--render', 'never', '--out', out];
    const result = await runCli([...args, '--json'], { MAPSMITH_ALLOW_LOOPBACK: '' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).excluded).toEqual({ redirect: 4 });
    const records = new Map(
      fs
        .readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as PageRecord)
        .map((r) => [r.url.slice(site.origin.length), r]),
    );
    expect(records.get('/cr/refresh')).toMatchObject({
      status: 200,
      clientRedirect: { via: 'meta refresh', url: `${site.origin}/cr/refresh-target` },
      verdict: { reason: 'excluded: client-side redirect (meta refresh) -> /cr/refresh-target' },
    });
    expect(records.get('/cr/script')?.verdict).toMatchObject({
      reason: 'excluded: script redirect -> /cr/script-target',
    });
    const reached: [target: string, from: string][] = [
      ['/cr/refresh-target', '/cr/refresh'],
      ['/cr/chain-target', '/cr/hop/1'],
      ['/cr/only-via-redirect', '/cr/moved'],
    ];
    for (const [target, from] of reached)
      expect(records.get(target), target).toMatchObject({
        inlinks: 1,
        linkedFrom: [`${site.origin}${from}`],
      });
  }, 30_000);
});
