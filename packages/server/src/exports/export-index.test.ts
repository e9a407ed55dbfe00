import { describe, expect, it } from 'vitest';
import { ExportIndex, type IndexedExport } from './export-index.js';

const at = (dir: string, usedAt: number, bytes = 10): IndexedExport => ({ dir, bytes, usedAt });
const dirs = (index: ExportIndex) => [...index.oldestFirst()].map((e) => e.dir);

describe('export index', () => {
  it('orders a walk by last use and keeps the total', async () => {
    const index = new ExportIndex();
    await index.ready(async () => [at('/x/1/a/xml', 30), at('/x/1/b/xml', 10, 5)]);
    expect(dirs(index)).toEqual(['/x/1/b/xml', '/x/1/a/xml']);
    expect(index.total).toBe(15);
    // ready() walks once only.
    await index.ready(async () => {
      throw new Error('walked twice');
    });
    index.use(at('/x/1/b/xml', 40, 5));
    expect(dirs(index)).toEqual(['/x/1/a/xml', '/x/1/b/xml']);
    index.removeUnder('/x/1');
    expect([dirs(index), index.total]).toEqual([[], 0]);
  });

  it('replays the changes made during a walk over what the walk found', async () => {
    const index = new ExportIndex();
    let finish: (found: IndexedExport[]) => void = () => {};
    const walking = index.rebuild(() => new Promise((resolve) => (finish = resolve)));
    // While the folder is read: a build finishes, an export is removed, one is used.
    index.use(at('/x/2/new/xml', 50));
    index.remove('/x/1/gone/xml');
    index.use(at('/x/1/old/xml', 60));
    finish([at('/x/1/gone/xml', 1), at('/x/1/old/xml', 2), at('/x/1/kept/xml', 3)]);
    await walking;
    expect(dirs(index)).toEqual(['/x/1/kept/xml', '/x/2/new/xml', '/x/1/old/xml']);
    expect(index.total).toBe(30);
  });

  it('walks again at the next use after a walk failed', async () => {
    const index = new ExportIndex();
    await expect(
      index.ready(async () => {
        throw new Error('EIO');
      }),
    ).rejects.toThrow('EIO');
    await index.ready(async () => [at('/x/1/a/xml', 1)]);
    expect(dirs(index)).toEqual(['/x/1/a/xml']);
  });
});
