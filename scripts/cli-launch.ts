// How `mapsmith` launches Node, read from the one place that decides it: the installed command's
// shebang (`#!/usr/bin/env -S NAME=value ... node --flag ...`, packages/server/bin/mapsmith.js).
// Benchmarks that run the crawler from sources launch it the same way with these.
import fs from 'node:fs';
import path from 'node:path';

export function cliLaunch(root: string): { env: Record<string, string>; nodeFlags: string[] } {
  const shim = path.join(root, 'packages/server/bin/mapsmith.js');
  const first = fs.readFileSync(shim, 'utf8').split('\n', 1)[0] ?? '';
  const words = first.replace(/^#!\/usr\/bin\/env -S\s+/, '').split(/\s+/);
  const node = words.indexOf('node');
  if (!first.startsWith('#!') || node < 0) throw new Error(`${shim}: no \`env -S ... node\` line`);
  const env = Object.fromEntries(
    words.slice(0, node).map((w) => w.split('=', 2) as [string, string]),
  );
  return { env, nodeFlags: words.slice(node + 1) };
}
