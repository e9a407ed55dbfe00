import { mountMapsmith } from '@mapsmith/web';
import { createIpcApi, type MapsmithBridge } from './ipc-api';

declare global {
  interface Window {
    /** The preload's bridge. */
    mapsmith: MapsmithBridge;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
mountMapsmith(root, createIpcApi(window.mapsmith));
