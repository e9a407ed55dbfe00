import { mountMapsmith } from '@mapsmith/web';
import { AccountPanel } from './AccountPanel';
import { createIpcApi, type MapsmithBridge } from './ipc-api';
import './desktop.css';

declare global {
  interface Window {
    /** The preload's bridge. */
    mapsmith: MapsmithBridge;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
const api = createIpcApi(window.mapsmith);
// The Pro account button sits in the navigation bar, after the account area.
mountMapsmith(root, api, { navExtra: <AccountPanel api={api} /> });
