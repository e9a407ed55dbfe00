// The API process of `npm run bench:scale`: the built server with `MAPSMITH_ROLE=api` on the
// bench's Postgres database (HTTP only: no workers, no timed work), and the settings scaled
// mode requires. Resolves once it prints its URL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILT_MAIN } from '../../packages/server/src/repos/test-support.js';

/** A running API process. */
export interface ApiProcess {
  url: string;
  close(): Promise<void>;
}

/** Starts the built server as an API node on `databaseUrl`. */
export function startApiProcess(databaseUrl: string): Promise<ApiProcess> {
  if (!fs.existsSync(BUILT_MAIN))
    throw new Error('bench:scale needs the built server: run `npm run build:ts` first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-scale-api-'));
  const child = spawn(process.execPath, [BUILT_MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      MAPSMITH_ROLE: 'api',
      PORT: '0',
      HOST: '127.0.0.1',
      MAPSMITH_DATA_DIR: dataDir,
      MAPSMITH_WEB_DIR: path.join(dataDir, 'web'),
      MAPSMITH_ALLOW_LOOPBACK: '1',
      MAPSMITH_RENDER: 'never',
      // Required in scaled mode; no mail is sent by the polls.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAPSMITH_PUBLIC_URL: 'http://127.0.0.1',
      MAPSMITH_TRUST_PROXY: '0',
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
