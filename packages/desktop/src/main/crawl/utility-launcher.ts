import { utilityProcess } from 'electron';
import type { CrawlerProcess, LaunchCrawler } from './local-crawls';

/**
 * Starts crawls in Electron `utilityProcess`es (a Node child of the app, not the main process),
 * so a slow or crashing crawl never blocks the window. `entry` is the built crawler-process bundle.
 */
export function utilityLauncher(entry: string): LaunchCrawler {
  return (): CrawlerProcess => {
    const child = utilityProcess.fork(entry, [], {
      serviceName: 'Mapsmith crawler',
      stdio: 'ignore',
    });
    return {
      postMessage: (message) => child.postMessage(message),
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) => child.once('exit', (code) => listener(code)),
      kill: () => {
        child.kill();
      },
    };
  };
}
