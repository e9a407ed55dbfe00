import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_FEATURES,
  type FixtureSite,
  startFixtureSite,
} from '../../../../../tests/fixtures/site/index.js';
import { outputOf, repoRoot } from './cli-test-support.js';

/** The installed command (built output, its shebang's Node flags), as users run it. */
const command = path.join(repoRoot, 'packages/server/bin/mapsmith.js');

let site: FixtureSite;
let dir: string;
beforeAll(async () => {
  // Every feature but the traps, whose session page answers each visit with new text.
  site = await startFixtureSite({
    pages: 200,
    features: ALL_FEATURES.filter((f) => f !== 'traps'),
  });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-workers-'));
});
afterAll(async () => {
  await site.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Crawls the site one page at a time (a stable order) with `workers` parse workers. */
async function crawl(workers: number) {
  const out = path.join(dir, `records-${workers}.jsonl`);
  const outDir = path.join(dir, `files-${workers}`);
  const args = [
    'crawl',
    site.url,
    '--render',
    'never',
    '--concurrency',
    '1',
    '--max-pages',
    '1000',
  ];
  const run = await outputOf(
    spawn(
      command,
      [...args, '--parse-workers', String(workers), '--out', out, '--out-dir', outDir],
      {
        env: { ...process.env, MAPSMITH_ALLOW_LOOPBACK: '1' },
      },
    ),
  );
  const records = fs
    .readFileSync(out, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const { responseTimeMs: _, ...record } = JSON.parse(line) as Record<string, unknown>;
      return record;
    })
    // The sitemap seeds arrive while pages are crawled: the order of the lines may differ.
    .sort((a, b) => String(a.url).localeCompare(String(b.url)));
  const files = Object.fromEntries(
    fs.readdirSync(outDir).map((name) => [name, fs.readFileSync(path.join(outDir, name), 'utf8')]),
  );
  return { status: run.status, stderr: run.stderr, records, files };
}

describe('mapsmith crawl --parse-workers', () => {
  it('writes the same records and sitemap files with 2 workers as in-thread', async () => {
    const inThread = await crawl(0);
    const workers = await crawl(2);
    expect(inThread.status).toBe(0);
    expect(workers).toMatchObject({ status: 0, stderr: '' });
    expect(workers.records.length).toBeGreaterThan(200);
    expect(workers.records).toEqual(inThread.records);
    expect(Object.keys(workers.files).length).toBeGreaterThan(0);
    expect(workers.files).toEqual(inThread.files);
  }, 90_000);
});
