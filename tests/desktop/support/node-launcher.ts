import { fork } from 'node:child_process';
import type {
  CrawlerProcess,
  LaunchCrawler,
} from '../../../packages/desktop/src/main/crawl/local-crawls';

/**
 * Starts the built crawler-process bundle as a Node child with structured-clone messaging,
 * the same bundle and message protocol Electron's `utilityProcess` runs in the app.
 */
export function nodeLauncher(entry: string, env: Record<string, string> = {}): LaunchCrawler {
  return (): CrawlerProcess => {
    const child = fork(entry, [], {
      // The bundle is plain JavaScript, as Electron runs it: none of this process's loaders
      // (a test runner's or a bench's `--import tsx`) are inherited.
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, ...env },
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    return {
      postMessage: (message) => child.send(message),
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) =>
        child.once('exit', (code) => {
          if (code && stderr) process.stderr.write(`crawler process stderr:\n${stderr}\n`);
          listener(code);
        }),
      kill: () => {
        child.kill();
      },
    };
  };
}
