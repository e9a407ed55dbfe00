import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSupportedNode } from './require-node.js';

describe('require-node', () => {
  it('accepts 22.12 and later, refuses older releases', () => {
    expect(isSupportedNode('24.21.0')).toBe(true);
    expect(isSupportedNode('22.12.0')).toBe(true);
    expect(isSupportedNode('23.0.0')).toBe(true);
    expect(isSupportedNode('22.11.9')).toBe(false);
    expect(isSupportedNode('20.20.2')).toBe(false);
  });

  it('stops the process with one line on an old Node', () => {
    // Pretend to be Node 20 by overriding process.versions before the module runs.
    const file = path.join(import.meta.dirname, 'require-node.ts');
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `Object.defineProperty(process.versions, 'node', { value: '20.20.2' }); await import(${JSON.stringify(file)}); console.log('still running');`,
        '--input-type=module',
      ],
      { encoding: 'utf8' },
    );
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain('still running');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('Node 20.20.2 is too old');
  });
});
