import {
  ApiCallError,
  type ApiClient,
  type InputOf,
  type OperationName,
  type OutputOf,
} from '@mapsmith/core/browser';

/** The preload's bridge, as the renderer sees it. */
export interface MapsmithBridge {
  invoke(name: string, input: unknown): Promise<unknown>;
}

/** The desktop API client: every contract call goes through the preload's `invoke`. */
export function createIpcApi(bridge: MapsmithBridge): ApiClient {
  return {
    shell: 'desktop',
    async call<N extends OperationName>(name: N, input: InputOf<N>): Promise<OutputOf<N>> {
      try {
        return (await bridge.invoke(name, input)) as OutputOf<N>;
      } catch (err) {
        // Electron prefixes errors thrown in main with "Error invoking remote method ...: Error: ".
        const text = String(err instanceof Error ? err.message : err).replace(
          /^Error invoking remote method '[^']+': (Error: )?/,
          '',
        );
        throw new ApiCallError(500, text, { error: text });
      }
    },
  };
}
