import type { FromCrawler, ToCrawler } from '../main/crawl/messages';

/** The crawler process's line to main. */
export interface ParentChannel {
  /** Sends a message to main. */
  post(message: FromCrawler): void;
  /** Calls `listener` with every message from main. */
  onMessage(listener: (message: ToCrawler) => void): void;
}

interface ElectronParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

/**
 * The channel to main: Electron's `process.parentPort` in a `utilityProcess`, or Node's IPC
 * (`process.send`) when the same bundle runs as a forked child (the desktop tests). Both carry
 * structured clones, so messages are identical.
 */
export function parentChannel(): ParentChannel {
  const port = (process as unknown as { parentPort?: ElectronParentPort }).parentPort;
  if (port) {
    return {
      post: (message) => port.postMessage(message),
      onMessage: (listener) => port.on('message', (event) => listener(event.data as ToCrawler)),
    };
  }
  const send = process.send?.bind(process);
  if (send) {
    return {
      post: (message) => {
        send(message);
      },
      onMessage: (listener) => process.on('message', (m) => listener(m as ToCrawler)),
    };
  }
  throw new Error('The crawler process must run as an Electron utilityProcess or a forked child');
}
