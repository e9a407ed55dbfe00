/**
 * Test support for the full-disk tests: a data folder on a real tmpfs of a given size (needs
 * `mount`, i.e. root; where that is not permitted the reason is returned and the test skips),
 * and an endless site that fills it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type ServerConfig } from '../config.js';

/** A mounted tmpfs, or why it could not be mounted. */
export interface SmallDisk {
  dir: string;
  /** Set when the mount was refused: the test skips with it. */
  skipReason: string | null;
  /** Unmounts and removes the folder. */
  remove(): void;
}

/** Mounts a tmpfs of `megabytes` on a fresh temporary folder. */
export function mountSmallDisk(megabytes: number): SmallDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-full-'));
  let skipReason: string | null = null;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], {
      stdio: 'pipe',
    });
  } catch (err) {
    skipReason = `mount of a ${megabytes} MiB tmpfs is not permitted here: ${String(err).split('\n')[0]}`;
  }
  return {
    dir,
    skipReason,
    remove: () => {
      if (!skipReason) execFileSync('umount', [dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The config of a test server whose data folder is `dir` (a small disk): loopback sites, no
 * rendering, no web bundle, `minFreeMb` as the disk floor; `extra` adds settings.
 */
export function smallDiskConfig(
  dir: string,
  minFreeMb: number,
  extra: Record<string, string> = {},
): ServerConfig {
  return loadConfig({
    PORT: '0',
    MAPSMITH_DATA_DIR: dir,
    MAPSMITH_WEB_DIR: path.join(os.tmpdir(), 'mapsmith-no-web'),
    MAPSMITH_ALLOW_LOOPBACK: '1',
    MAPSMITH_RENDER: 'never',
    MAPSMITH_MIN_FREE_MB: String(minFreeMb),
    ...extra,
  });
}

/** Bytes free where `dir` lives. */
export function freeBytes(dir: string): number {
  const s = fs.statfsSync(dir);
  return s.bavail * s.bsize;
}

/** Writes `file` until the disk refuses another byte (synchronously: nothing else writes meanwhile). */
export function fillDisk(file: string): void {
  const fd = fs.openSync(file, 'w');
  try {
    const chunk = Buffer.alloc(1024 * 1024);
    for (let size = chunk.length; size >= 512; size = Math.floor(size / 2)) {
      for (;;) {
        try {
          fs.writeSync(fd, chunk, 0, size);
        } catch {
          break;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** An endless site: every page links to 150 new pages with long paths. Resolves to its URL. */
export async function startEndlessSite(): Promise<{ url: string; close(): Promise<void> }> {
  const srv = http.createServer((req, res) => {
    const id = req.url ?? '/';
    if (id === '/robots.txt') {
      res.writeHead(404).end();
      return;
    }
    const links = Array.from(
      { length: 150 },
      (_, k) => `<a href="/n/${encodeURIComponent(id)}-${k}-${'x'.repeat(120)}">${k}</a>`,
    ).join('');
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(
      `<html><head><title>Page ${id.slice(0, 60)}</title></head><body>${links}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        srv.closeAllConnections();
        srv.close(() => resolve());
      }),
  };
}
