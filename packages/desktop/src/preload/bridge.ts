import {
  EVENT_CHANNEL,
  EVENT_NAMES,
  INVOKE_CHANNEL,
  INVOKE_NAMES,
  type IpcReply,
} from '../shared/channels';

/** The part of `ipcRenderer` the bridge uses (tests drive the same bridge over another transport). */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** What the renderer sees as `window.mapsmith`. */
export interface MapsmithBridge {
  /** Calls an operation in main; resolves with its reply (value, or status and error body). */
  invoke(name: string, input: unknown): Promise<IpcReply>;
  /** Subscribes to a contract event; returns the unsubscribe function. */
  on(name: string, callback: (payload: unknown) => void): () => void;
}

/**
 * Builds the bridge: contract operation and event names only, never `ipcRenderer` itself, and
 * callbacks receive the payload alone (not the IPC event, which would leak `sender`).
 */
export function createBridge(ipc: IpcRendererLike): MapsmithBridge {
  return {
    invoke(name, input) {
      if (typeof name !== 'string' || !INVOKE_NAMES.includes(name)) {
        return Promise.reject(new Error(`Unknown operation: ${String(name)}`));
      }
      return ipc.invoke(INVOKE_CHANNEL, name, input) as Promise<IpcReply>;
    },
    on(name, callback) {
      if (typeof name !== 'string' || !EVENT_NAMES.includes(name)) {
        throw new Error(`Unknown event: ${String(name)}`);
      }
      if (typeof callback !== 'function') throw new Error('callback must be a function');
      const listener = (_event: unknown, eventName: unknown, payload: unknown) => {
        if (eventName === name) callback(payload);
      };
      ipc.on(EVENT_CHANNEL, listener as never);
      return () => {
        ipc.removeListener(EVENT_CHANNEL, listener as never);
      };
    },
  };
}
