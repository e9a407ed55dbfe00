import { spawn } from 'node:child_process';
import path from 'node:path';
import type { CommandIo } from './export.js';

/** The repository root, the folder the CLI runs in during tests. */
export const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

const main = path.join(repoRoot, 'packages/server/src/cli/main.ts');

/** What a finished CLI run printed, and its exit code. */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `mapsmith <args>` from source (no build needed) in a child process, without blocking
 * this process's event loop (fixture servers in the test keep answering). `env` adds to it.
 */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--conditions', 'source', '--import', 'tsx', main, ...args],
      { cwd: repoRoot, env: { ...process.env, ...env } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Runs a command function in this process with captured output (fast; exit code included). */
export async function callCommand(
  command: (argv: string[], io: CommandIo) => Promise<number>,
  args: string[],
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const status = await command(args, {
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      stderr += text;
    },
  });
  return { status, stdout, stderr };
}
