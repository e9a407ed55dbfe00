import { ApiCallError } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridge } from '../../packages/desktop/src/preload/bridge';
import { createIpcApi } from '../../packages/desktop/src/renderer/ipc-api';
import { INVOKE_CHANNEL } from '../../packages/desktop/src/shared/channels';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';

let desktop: TestDesktop;
beforeAll(async () => {
  desktop = await startTestDesktop();
});
afterAll(() => desktop.dispose());

/** The preload bridge over an in-process ipcRenderer stand-in that calls the real router. */
function api() {
  const bridge = createBridge({
    invoke: async (channel, name, input) => {
      expect(channel).toBe(INVOKE_CHANNEL);
      return desktop.dispatch(TEST_ORIGIN, name, input);
    },
    on: () => undefined,
    removeListener: () => undefined,
  });
  return createIpcApi(bridge);
}

describe('the renderer IPC client', () => {
  it('answers with the value and says it is the desktop shell', async () => {
    const client = api();
    expect(client.shell).toBe('desktop');
    expect(await client.call('config.get', {})).toMatchObject({ shell: 'desktop' });
    expect(await client.call('history.list', {})).toEqual([]);
  });

  it('throws ApiCallError with the hosted "{status}: {body}" message and the parsed body', async () => {
    const err = await api()
      .call('crawl.get', { jobId: 'missing' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiCallError);
    expect(err).toMatchObject({ status: 404, body: { error: 'Not found' } });
    expect((err as ApiCallError).message).toBe(
      '404: {"error":"Not found","message":"No crawl job with this id","code":"crawl.not-found"}',
    );
    expect((err as ApiCallError).code).toBe('crawl.not-found');
    expect((err as ApiCallError).serverError).toBe('Not found');
  });

  it('answers the hosted API reference, its calls addressed to the hosted site', async () => {
    const doc = await api().call('openapi.get', {});
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'https://mapsmith.app' }]);
    expect(doc.paths).toHaveProperty('/api/crawl/{jobId}');
  });

  it('reaches the desktop-only operations through `desktop`', async () => {
    expect(await api().desktop('account.status', {})).toMatchObject({
      plan: 'free',
      linked: false,
    });
  });
});
