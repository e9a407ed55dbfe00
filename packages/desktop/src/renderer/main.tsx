import { mountMapsmith } from '@mapsmith/web';
import { createRoot } from 'react-dom/client';
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
const account = document.getElementById('desktop-account');
if (!root || !account) throw new Error('index.html lacks #root or #desktop-account');
const api = createIpcApi(window.mapsmith);
mountMapsmith(root, api);
createRoot(account).render(<AccountPanel api={api} />);
