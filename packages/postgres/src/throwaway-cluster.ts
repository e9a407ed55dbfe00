/**
 * A throwaway Postgres cluster in a temp folder, for tests and benches: `initdb` (as the
 * `postgres` user when running as root, since initdb refuses root), a free port on 127.0.0.1,
 * the socket in the folder, fsync off (the data is thrown away), trust authentication on
 * loopback only. Never touches the system cluster.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A running throwaway cluster. */
export interface ThrowawayCluster {
  /** `postgres://mapsmith@127.0.0.1:<port>/postgres` (trust auth: no password). */
  readonly url: string;
  /** Its TCP port on 127.0.0.1. */
  readonly port: number;
  /** The temp folder (data, socket, log). */
  readonly dir: string;
  /** Stops the server, keeping its data (to test riding out an outage). */
  stopServer(): Promise<void>;
  /** Starts the stopped server again on the same port. */
  startServer(): Promise<void>;
  /** Stops and starts the server (connections are cut). */
  restart(): Promise<void>;
  /** Stops the server and deletes the folder. */
  destroy(): Promise<void>;
}

/**
 * The folder with `initdb`, `pg_ctl` and `postgres`: `MAPSMITH_PG_BIN`, else the newest
 * Debian `/usr/lib/postgresql/<version>/bin`, else undefined.
 */
export function findPostgresBin(): string | undefined {
  const given = process.env.MAPSMITH_PG_BIN;
  if (given) return fs.existsSync(path.join(given, 'initdb')) ? given : undefined;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/** Why no throwaway cluster can start here, or undefined when one can. */
export function whyNoThrowawayCluster(): string | undefined {
  if (!findPostgresBin())
    return 'no Postgres server binaries (/usr/lib/postgresql/*/bin/initdb); run scripts/setup.sh';
  if (isRoot() && !postgresUser())
    return 'running as root and there is no `postgres` user to run initdb as';
  return undefined;
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** `runuser` lives in /usr/sbin, which a minimal PATH (CI's `env -i`) leaves out. */
function runuserPath(): string {
  const found = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((p) =>
    fs.existsSync(p),
  );
  return found ?? 'runuser';
}

function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/** A port free on 127.0.0.1 right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A detached watchdog: when the process that started the cluster dies without `destroy()`
 * (a killed test run), it stops the server and deletes the folder, so no cluster outlives it.
 */
function startWatchdog(pgCtl: string[], data: string, dir: string): () => void {
  const script = `
    const { execFileSync } = require('node:child_process');
    const [parent, data, dir, ...pgCtl] = process.argv.slice(1);
    const timer = setInterval(() => {
      try { process.kill(Number(parent), 0); return; } catch {}
      clearInterval(timer);
      try { execFileSync(pgCtl[0], [...pgCtl.slice(1), 'stop', '-m', 'immediate', '-D', data], { stdio: 'ignore' }); } catch {}
      require('node:fs').rmSync(dir, { recursive: true, force: true });
    }, 1000);`;
  const child = spawn(process.execPath, ['-e', script, String(process.pid), data, dir, ...pgCtl], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  return () => {
    if (child.pid) process.kill(child.pid);
  };
}

/** Starts a fresh cluster; throws with the reason (and the server log) when it cannot. */
export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const why = whyNoThrowawayCluster();
  if (why) throw new Error(`Cannot start a throwaway Postgres: ${why}`);
  const bin = findPostgresBin() as string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-pg-'));
  const data = path.join(dir, 'data');
  const owner = isRoot() ? postgresUser() : undefined;
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const pgRun = (tool: string, args: string[]) =>
    owner
      ? run(runuserPath(), ['-u', 'postgres', '--', path.join(bin, tool), ...args], { cwd: dir })
      : run(path.join(bin, tool), args, { cwd: dir });
  let port = await freePort();
  const start = async () => {
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
    ].join(' ');
    await pgRun('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', logFile, '-o', options]);
  };
  const logFile = path.join(dir, 'server.log');
  const stop = () => pgRun('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', data]);
  try {
    await pgRun('initdb', [
      '-D',
      data,
      '-U',
      'mapsmith',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-locale',
      '--no-sync',
    ]);
    try {
      await start();
    } catch {
      // The free port was taken between probing and binding: one more try on another.
      port = await freePort();
      await start();
    }
  } catch (err) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`Cannot start a throwaway Postgres: ${(err as Error).message}\n${log}`);
  }
  const pgCtl = owner
    ? [runuserPath(), '-u', 'postgres', '--', path.join(bin, 'pg_ctl')]
    : [path.join(bin, 'pg_ctl')];
  const stopWatchdog = startWatchdog(pgCtl, data, dir);
  return {
    get url() {
      return `postgres://mapsmith@127.0.0.1:${port}/postgres`;
    },
    get port() {
      return port;
    },
    dir,
    stopServer: async () => {
      await stop();
    },
    startServer: start,
    restart: async () => {
      await stop();
      await start();
    },
    destroy: async () => {
      stopWatchdog();
      await stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
