// Starts the API process of `npm run bench:scale` (scale-api-entry.ts: the app on the bench's
// Postgres, HTTP only) and resolves once it prints its URL. When the server's own roles land,
// this becomes `mapsmith serve` with MAPSMITH_ROLE=api.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** A running API process. */
export interface ApiProcess {
  url: string;
  close(): Promise<void>;
}

/** Starts an API process on `databaseUrl`. */
export function startApiProcess(databaseUrl: string): Promise<ApiProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-scale-api-'));
  const entry = path.join(root, 'scripts/bench/scale-api-entry.ts');
  const child = spawn(process.execPath, ['--conditions', 'source', '--import', 'tsx', entry], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      MAPSMITH_WEB_DIR: path.join(dataDir, 'web'),
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`API did not start: ${stderr}`)), 30_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /running at (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], close });
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`API exited: ${stderr}`));
    });
  });
}
