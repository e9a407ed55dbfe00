// Starts the API process of `npm run bench:scale`: `mapsmith serve` (role api: HTTP only) on
// the bench's Postgres, and resolves once it prints its URL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scaledTestEnv } from '../../packages/server/src/runtime/cluster-test-support.js';

const root = path.resolve(import.meta.dirname, '../..');

/** The built CLI (`npm run build:ts`): workers run as `mapsmith worker`, the API as `serve`. */
export const BUILT_CLI = path.join(root, 'packages/server/dist/cli/main.js');

/** What a scaled process needs besides its database (no mail is sent by the bench). */
export function scaledEnv(databaseUrl: string, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...scaledTestEnv(databaseUrl),
    MAPSMITH_DATA_DIR: dataDir,
    MAPSMITH_WEB_DIR: path.join(dataDir, 'web'),
  };
}

/** A running API process. */
export interface ApiProcess {
  url: string;
  close(): Promise<void>;
}

/** Starts an API process on `databaseUrl`. */
export function startApiProcess(databaseUrl: string): Promise<ApiProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-scale-api-'));
  const child = spawn(process.execPath, [BUILT_CLI, 'serve'], {
    env: scaledEnv(databaseUrl, dataDir),
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
