import {
  ApiCallError,
  type ApiClient,
  type EventName,
  type InputOf,
  type OperationName,
  type OutputOf,
} from '@mapsmith/core/browser';
import type { IpcReply } from '../shared/channels';
import type { IpcInput, IpcOperationName, IpcOutput } from '../shared/desktop-operations';

/** The preload's bridge, as the renderer sees it. */
export interface MapsmithBridge {
  invoke(name: string, input: unknown): Promise<IpcReply>;
  on(name: string, callback: (payload: unknown) => void): () => void;
}

/** The desktop API client, plus the desktop-only operations (account link, save, open file). */
export interface DesktopApi extends ApiClient {
  /** Calls any operation the desktop IPC offers. */
  desktop<N extends IpcOperationName>(name: N, input: IpcInput<N>): Promise<IpcOutput<N>>;
  /** Subscribes to a contract event through the preload (the crawl page follows progress). */
  subscribe(name: EventName, callback: (payload: unknown) => void): () => void;
}

/**
 * The desktop API client: every call goes through the preload's `invoke`; a refused call
 * becomes the same `ApiCallError` ("{status}: {body}") the hosted client throws.
 */
export function createIpcApi(bridge: MapsmithBridge): DesktopApi {
  async function send(name: string, input: unknown): Promise<unknown> {
    const reply = await bridge.invoke(name, input ?? {});
    if (reply.ok) return reply.value;
    throw new ApiCallError(reply.status, JSON.stringify(reply.body), reply.body);
  }
  return {
    shell: 'desktop',
    call: <N extends OperationName>(name: N, input: InputOf<N>) =>
      send(name, input) as Promise<OutputOf<N>>,
    desktop: (name, input) => send(name, input) as never,
    subscribe: (name, callback) => bridge.on(name, callback),
  };
}
