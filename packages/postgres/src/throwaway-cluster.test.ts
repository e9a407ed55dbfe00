import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { whyNoThrowawayCluster } from './throwaway-cluster.js';

const why = whyNoThrowawayCluster();

describe.skipIf(Boolean(why))('throwaway cluster', () => {
  it('is stopped and deleted when the process that started it is killed', async () => {
    // A child starts a cluster, prints its folder and kills itself without destroy().
    const script = `
      import { startThrowawayCluster } from '@mapsmith/postgres';
      const cluster = await startThrowawayCluster();
      process.stdout.write(cluster.dir + '\\n');
      process.kill(process.pid, 'SIGKILL');`;
    const child = spawnSync(
      process.execPath,
      ['--conditions', 'source', '--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8', timeout: 60_000 },
    );
    const dir = child.stdout.trim();
    expect(dir, child.stderr).toMatch(/mapsmith-pg-/);
    await vi.waitFor(() => expect(fs.existsSync(dir)).toBe(false), { timeout: 15_000 });
  });
});
