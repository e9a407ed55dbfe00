import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules/.bin/biome');

/**
 * Lints `source` placed at `file` (a short-lived probe beside real sources, so the path-based
 * overrides of the repo's one Biome config apply); Biome's stdin mode prints no diagnostics.
 */
function lint(file: string, source: string) {
  const probe = path.join(root, file.replace(/\.ts$/, `-${process.pid}-${Date.now()}.ts`));
  fs.writeFileSync(probe, source);
  try {
    return spawnSync(biome, ['lint', '--colors=off', probe], { cwd: root, encoding: 'utf8' });
  } finally {
    fs.rmSync(probe, { force: true });
  }
}

describe('dependencies point inward (lint rule)', () => {
  for (const banned of [
    'express',
    'react',
    'electron',
    'sqlite3',
    '@mapsmith/sqlite',
    'puppeteer-core',
    '@mapsmith/server',
    '@mapsmith/render',
  ]) {
    it(`core may not import ${banned}`, () => {
      const result = lint(
        'packages/core/src/probe.ts',
        `import x from '${banned}';\nexport const y = x;\n`,
      );
      expect(result.status).not.toBe(0);
      expect(result.stdout + result.stderr).toContain('noRestrictedImports');
    });
  }

  it('core may import zod', () => {
    const result = lint(
      'packages/core/src/probe.ts',
      "import { z } from 'zod';\nexport const y = z;\n",
    );
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  it('web may import only the browser-safe core entry', () => {
    expect(
      lint(
        'packages/web/src/probe.ts',
        "import { x } from '@mapsmith/core';\nexport const y = x;\n",
      ).status,
    ).not.toBe(0);
    expect(
      lint(
        'packages/web/src/probe.ts',
        "import { x } from '@mapsmith/core/browser';\nexport const y = x;\n",
      ).status,
    ).toBe(0);
  });

  it('render imports core and puppeteer-core, never a shell', () => {
    const ok =
      "import { x } from '@mapsmith/core';\nimport p from 'puppeteer-core';\nexport const y = [x, p];\n";
    expect(lint('packages/render/src/probe.ts', ok).status).toBe(0);
    for (const shell of ['@mapsmith/server', '@mapsmith/desktop', 'electron']) {
      const result = lint(
        'packages/render/src/probe.ts',
        `import x from '${shell}';\nexport const y = x;\n`,
      );
      expect(result.status, shell).not.toBe(0);
    }
  });

  it('both shells open SQLite through the one helper, never the driver itself', () => {
    const importing = (pkg: string) => `import x from '${pkg}';\nexport const y = x;\n`;
    for (const shell of ['packages/server/src/probe.ts', 'packages/desktop/src/main/probe.ts']) {
      expect(lint(shell, importing('sqlite3')).status, shell).not.toBe(0);
      expect(lint(shell, importing('@mapsmith/sqlite')).status, shell).toBe(0);
    }
    expect(lint('packages/sqlite/src/probe.ts', importing('sqlite3')).status).toBe(0);
    expect(lint('packages/sqlite/src/probe.ts', importing('@mapsmith/core')).status).not.toBe(0);
  });

  it('web may not import render; the desktop may import render but not the server', () => {
    const importing = (pkg: string) => `import { x } from '${pkg}';\nexport const y = x;\n`;
    expect(lint('packages/web/src/probe.ts', importing('@mapsmith/render')).status).not.toBe(0);
    expect(
      lint('packages/desktop/src/crawler-process/probe.ts', importing('@mapsmith/render')).status,
    ).toBe(0);
    expect(
      lint('packages/desktop/src/crawler-process/probe.ts', importing('@mapsmith/server')).status,
    ).not.toBe(0);
  });

  it('the server may not import the web package', () => {
    expect(
      lint(
        'packages/server/src/probe.ts',
        "import { x } from '@mapsmith/web';\nexport const y = x;\n",
      ).status,
    ).not.toBe(0);
  });

  it('only packages/postgres imports pg, and only the server imports @mapsmith/postgres', () => {
    const importing = (pkg: string) => `import x from '${pkg}';\nexport const y = x;\n`;
    expect(lint('packages/postgres/src/probe.ts', importing('pg')).status).toBe(0);
    expect(lint('packages/server/src/probe.ts', importing('@mapsmith/postgres')).status).toBe(0);
    for (const place of [
      'packages/server/src/probe.ts',
      'packages/core/src/probe.ts',
      'packages/sqlite/src/probe.ts',
      'tests/probe.ts',
    ]) {
      expect(lint(place, importing('pg')).status, place).not.toBe(0);
    }
    for (const place of [
      'packages/core/src/probe.ts',
      'packages/web/src/probe.ts',
      'packages/render/src/probe.ts',
      'packages/sqlite/src/probe.ts',
      'packages/desktop/src/main/probe.ts',
    ]) {
      expect(lint(place, importing('@mapsmith/postgres')).status, place).not.toBe(0);
    }
    expect(lint('packages/postgres/src/probe.ts', importing('@mapsmith/sqlite')).status).not.toBe(
      0,
    );
  });
});
