import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './bridge';

// The sandboxed preload is bundled to one file; it exposes the bridge, never ipcRenderer.
contextBridge.exposeInMainWorld('mapsmith', createBridge(ipcRenderer));
