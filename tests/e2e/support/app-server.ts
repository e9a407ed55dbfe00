import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A hosted app started for tests. */
export interface TestApp {
  /** Its origin, e.g. http://127.0.0.1:40123. */
  url: string;
  /** Its temporary data folder (SQLite file and mail outbox). */
  dataDir: string;
  /** Everything it printed so far (for failure messages). */
  output(): string;
  /** Stops it and removes the data folder. */
  stop(): Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Starts the built server (`packages/server/dist/main.js`) on an ephemeral port with a fresh
 * data folder, and waits for the URL it prints. `env` adds configuration (PayPal, SMTP, ...).
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(repoRoot, 'packages/server/dist/main.js')],
    {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', MAPSMITH_DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in 20 s:\n${output}`)),
      20_000,
    );
    const check = () => {
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
