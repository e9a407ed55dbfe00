import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = path.resolve(import.meta.dirname, '../packages/server/bin/mapsmith.js');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 20_000 });

describe('the mapsmith CLI', () => {
  it('lists serve, crawl, export and validate in --help', () => {
    const result = run('--help');
    expect(result.status).toBe(0);
    for (const command of ['serve', 'crawl', 'export', 'validate'])
      expect(result.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
  });

  it('refuses an unknown command with a non-zero exit', () => {
    const result = run('frobnicate');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('unknown command "frobnicate"');
  });

  it('shows a command help', () => {
    const result = run('serve', '--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('--data-dir');
  });
});
