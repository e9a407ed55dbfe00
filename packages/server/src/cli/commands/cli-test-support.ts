import { type ChildProcess, spawn } from 'node:child_process';
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

/** The command line that runs `mapsmith` from source (no build needed): node and its arguments. */
export function cliCommand(args: string[]): [string, string[]] {
  return [process.execPath, ['--conditions', 'source', '--import', 'tsx', main, ...args]];
}

/** A running CLI child: the process, and what it printed once it ends. */
export interface StartedCli {
  child: ChildProcess;
  done: Promise<CliRun>;
}

/** Starts `mapsmith <args>` from source in a child process; `env` adds to this one's. */
export function startCli(args: string[], env: Record<string, string> = {}): StartedCli {
  const [node, argv] = cliCommand(args);
  const child = spawn(node, argv, { cwd: repoRoot, env: { ...process.env, ...env } });
  return { child, done: outputOf(child) };
}

/** What `child` prints on stdout and stderr, and its exit code, once it has ended. */
export function outputOf(child: ChildProcess): Promise<CliRun> {
  return new Promise<CliRun>((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d;
    });
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d;
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * Runs `mapsmith <args>` from source in a child process, without blocking this process's event
 * loop (fixture servers in the test keep answering). `env` adds to it.
 */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return startCli(args, env).done;
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
