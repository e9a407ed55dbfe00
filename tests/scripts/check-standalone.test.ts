import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const script = path.join(repoRoot, 'scripts/check-standalone.mjs');
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A throwaway git repository holding FILES (path → text), all added to the index. */
function repoWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mapsmith-standalone-'));
  made.push(dir);
  execFileSync('git', ['init', '-q', dir]);
  writeFileSync(path.join(dir, '.gitignore'), 'dist/\n');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  execFileSync('git', ['-C', dir, 'add', '-A']);
  return dir;
}

/** Runs the checker on ROOT; returns its exit status and everything it printed. */
function check(root: string) {
  const out = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: out.status, output: out.stdout + out.stderr };
}

// Paths that name places outside a checkout are assembled here so that this file itself holds
// none (the checker reads it too).
const up = (...parts: string[]) => ['..', ...parts].join('/');
const machinePath = ['', 'work', 'shared', 'xsd', 'check-sitemap.sh'].join('/');

const inside = {
  'README.md': 'See [architecture](docs/architecture.md).\n',
  'docs/architecture.md': `Back to the [README](${up('README.md')}).\n`,
  'packages/a/src/config.ts': 'export const x = 1;\n',
  'packages/a/src/jobs/run.ts': `import { x } from '${up('config.js')}';\nconst cli = new URL('${up('..', 'dist/cli.js')}', import.meta.url);\n`,
};

describe('scripts/check-standalone.mjs', () => {
  it('passes a repository whose relative paths stay inside it (imports, built output, docs)', () => {
    const result = check(repoWith(inside));
    expect(result.output).toContain('refer only to paths inside the repository');
    expect(result.status).toBe(0);
  });

  it('fails on a README link that climbs out of the root, naming file and line', () => {
    const root = repoWith({
      ...inside,
      'README.md': `Intro.\nSee ${up('shared/spec/decisions.md')}.\n`,
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.output).toContain(`README.md:2: ${up('shared/spec/decisions.md')} climbs out`);
  });

  it('fails on a test that resolves a parent folder from the repository root', () => {
    const test = `const repoRoot = path.resolve(import.meta.dirname, '${up('..', '..', '..')}');\nconst check = path.resolve(repoRoot, '${up('shared/xsd/check-sitemap.sh')}');\n`;
    const result = check(repoWith({ ...inside, 'packages/a/src/export.test.ts': test }));
    expect(result.status).toBe(1);
    expect(result.output).toContain('packages/a/src/export.test.ts:2:');
    expect(result.output).toContain('names nothing at packages/a/shared');
  });

  it("fails on an absolute path into one machine's folders", () => {
    const result = check(
      repoWith({ ...inside, 'scripts/run.sh': `bash ${machinePath} out.xml\n` }),
    );
    expect(result.status).toBe(1);
    expect(result.output).toContain(`scripts/run.sh:1: ${machinePath} is an absolute path`);
  });

  it('reads only tracked files, and lets a marked line through', () => {
    const root = repoWith({
      ...inside,
      'tests/url.test.ts': `// standalone-ok: a relative URL, not a file path\nresolve('${up('..', '..', 'x')}');\n`,
    });
    writeFileSync(path.join(root, 'notes.md'), `${up('shared')}\n`);
    expect(check(root).status).toBe(0);
  });

  it('passes on this repository', () => {
    const result = check(repoRoot);
    expect(result.output).not.toContain('climbs out');
    expect(result.status).toBe(0);
  });
});
