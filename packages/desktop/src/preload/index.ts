import { contextBridge, ipcRenderer } from 'electron';

// Kept free of imports beyond electron so the sandboxed preload bundles to one small file.
const INVOKE_CHANNEL = 'mapsmith:invoke';

/** The bridge the renderer sees as `window.mapsmith`: contract calls only, never ipcRenderer. */
const bridge = {
  /** Calls a contract operation in the main process. */
  invoke: (name: string, input: unknown): Promise<unknown> => {
    if (typeof name !== 'string')
      return Promise.reject(new Error('operation name must be a string'));
    return ipcRenderer.invoke(INVOKE_CHANNEL, name, input);
  },
};

contextBridge.exposeInMainWorld('mapsmith', bridge);

/** The type of `window.mapsmith`. */
export type MapsmithBridge = typeof bridge;
