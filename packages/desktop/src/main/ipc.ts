import { isOperationName, operations, VERSION } from '@mapsmith/core';
import { type IpcMainInvokeEvent, ipcMain } from 'electron';
import { APP_ORIGIN } from './protocol';

/** The channel every contract call goes through; the operation name travels in the message. */
export const INVOKE_CHANNEL = 'mapsmith:invoke';

type Handler = (input: unknown) => Promise<unknown>;

/** IPC handlers by operation name; the desktop issue fills in the rest of the contract. */
const handlers: Partial<Record<string, Handler>> = {
  'config.get': async () => ({
    paypal: { clientId: null, environment: 'sandbox', scriptUrl: '' },
    shell: 'desktop',
    supportEmail: 'support@mapsmith.app',
    version: VERSION,
  }),
};

function senderAllowed(event: IpcMainInvokeEvent): boolean {
  const origin = event.senderFrame?.origin ?? '';
  return origin === APP_ORIGIN;
}

/**
 * Registers the one invoke channel: the sender frame must be the app's own origin, the name
 * must be a contract operation with a handler, and the input must parse with its schema.
 */
export function registerIpc(): void {
  ipcMain.handle(INVOKE_CHANNEL, async (event, name: unknown, input: unknown) => {
    if (!senderAllowed(event)) throw new Error('IPC refused: unknown sender');
    if (!isOperationName(name)) throw new Error('IPC refused: unknown operation');
    const handler = handlers[name];
    if (!handler) throw new Error(`${name} is not available in the desktop app`);
    const parsed = operations[name].input.parse(input ?? {});
    return handler(parsed);
  });
}
