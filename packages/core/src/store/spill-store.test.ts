import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeCrawlStoreContract } from '../../../../tests/fixtures/store/crawl-store-contract.js';
import { entry, itKeepsFrontierBasics } from '../../../../tests/fixtures/store/frontier-basics.js';
import { blankRecord } from '../crawler/page-record.js';
import { createSpillStore, type SpillStore } from './spill-store.js';

const open: SpillStore[] = [];
const fresh = () => {
  const store = createSpillStore();
  open.push(store);
  return store;
};
afterEach(() => {
  for (const store of open.splice(0)) store.close();
});

describe('the spill store', () => {
  itKeepsFrontierBasics(fresh);

  it('streams more records than one read holds, in save order and in the sitemap order', async () => {
    const store = fresh();
    const n = 1300;
    for (let i = 0; i < n; i++) {
      const e = { ...entry(i), depth: i % 3 };
      await store.savePage(e.key, { ...blankRecord(e), verdict: { included: true } });
    }
    const saved = [];
    for await (const p of store.pages()) saved.push(p.url);
    expect(saved).toEqual(Array.from({ length: n }, (_, i) => entry(i).url));
    const listed = [];
    for await (const p of store.listed()) listed.push(`${p.depth} ${p.url}`);
    expect(listed).toEqual([...listed].sort());
    expect(listed).toHaveLength(n);
  });

  it('spills to a file that no SIGKILL leaves behind', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spill-test-'));
    try {
      // Enough rows to outgrow the page cache; the file is looked for among the open
      // descriptors (unlinked already), then the process is killed.
      const module = JSON.stringify(path.resolve(import.meta.dirname, 'spill-store.ts'));
      const script = `
        import fs from 'node:fs';
        const { createSpillStore } = await import(${module});
        const store = createSpillStore();
        const url = (i) => 'http://a.example/' + 'x'.repeat(200) + i;
        await store.enqueue(Array.from({ length: 60000 }, (_, i) =>
          ({ url: url(i), key: url(i), depth: 1, foundVia: 'link', referrer: null })));
        const open = fs.readdirSync('/proc/self/fd').map((fd) => {
          try { return fs.readlinkSync('/proc/self/fd/' + fd); } catch { return ''; }
        });
        process.stdout.write(JSON.stringify(open.filter((f) => f.startsWith(process.env.SQLITE_TMPDIR))));
        process.kill(process.pid, 'SIGKILL');`;
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { encoding: 'utf8', env: { ...process.env, SQLITE_TMPDIR: dir } },
      );
      expect(run.signal).toBe('SIGKILL');
      const spilled = JSON.parse(run.stdout) as string[];
      expect(spilled).toHaveLength(1);
      expect(spilled[0]).toMatch(/ \(deleted\)$/);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeCrawlStoreContract('the spill store', async () => fresh());
