// The folders of the application layer point one way: the job engine (`jobs/`) is what every
// feature builds its queue on, so it imports no feature folder, and no two feature folders
// import each other (a queue kind lives in its feature's folder, beside its ports).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));
/** Folders features build on, not features: the job engine, shared SQL helpers, the schema list. */
const SHARED = new Set(['jobs', 'sql', 'schema']);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Each folder of app with the other folders its (non-test) sources import. */
function folderImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sources(SRC)) {
    const [folder, ...rest] = path.relative(SRC, file).split(path.sep);
    if (!folder || rest.length === 0) continue;
    const imported = graph.get(folder) ?? new Set<string>();
    graph.set(folder, imported);
    const text = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/from '(\.[^']+)'/g)) {
      const target = path.relative(SRC, path.resolve(path.dirname(file), specifier ?? ''));
      const [to, ...inside] = target.split(path.sep);
      if (to && to !== folder && !to.startsWith('..') && inside.length > 0) imported.add(to);
    }
  }
  return graph;
}

describe('the folders of app', () => {
  const graph = folderImports();

  it('reads the import lines of every folder', () => {
    expect(graph.get('audit')?.has('jobs')).toBe(true);
    expect(graph.get('bulk')?.has('crawl')).toBe(true);
  });

  it('keep the job engine free of features', () => {
    const features = [...(graph.get('jobs') ?? [])].filter((to) => !SHARED.has(to));
    expect(features).toEqual([]);
  });

  it('have no two feature folders importing each other', () => {
    const circles = [...graph].flatMap(([from, tos]) =>
      [...tos]
        .filter(
          (to) => from < to && !SHARED.has(from) && !SHARED.has(to) && graph.get(to)?.has(from),
        )
        .map((to) => `${from} <-> ${to}`),
    );
    expect(circles).toEqual([]);
  });
});
