import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'mapsmith-sorted-memory-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// 100,000 pages with 1,000-character titles: some 100 MB of titles, which a writer holding every
// page before sorting cannot keep under a 64 MB heap.
const script = `
const { writeExport } = await import(${JSON.stringify(path.join(import.meta.dirname, 'write-files.ts'))});
const { makePage } = await import(${JSON.stringify(path.join(import.meta.dirname, 'make-page.ts'))});
function* pages() {
  for (let i = 0; i < 100000; i++)
    yield makePage('https://example.com/s' + (i % 50) + '/p' + i, { title: i + ' ' + 't'.repeat(1000) });
}
for (const format of ['html', 'rss']) {
  const result = await writeExport({ format, pages: pages(), outDir: process.argv[1] });
  console.log(format, result.urls);
}
`;

it('writes html and rss of 100,000 long-titled pages within a 64 MB heap', () => {
  const child = spawnSync(
    process.execPath,
    ['--max-old-space-size=64', '--import', 'tsx', '--input-type=module', '-e', script, tmp],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  expect(child.stderr).not.toContain('heap out of memory');
  expect(child.stdout).toBe('html 100000\nrss 100000\n');
  expect(child.status).toBe(0);
}, 120_000);
