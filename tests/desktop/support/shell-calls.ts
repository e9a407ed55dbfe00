import type { Page } from '@playwright/test';
import {
  call,
  type TestServer,
  type TestUser,
} from '../../../packages/server/src/repos/test-support';
import type { DesktopFixture } from './renderer-fixture';
import { TEST_ORIGIN, type TestDesktop } from './services';

/** One IPC call's value from the test origin, or a thrown error with its refusal. */
export async function ipcValue<T>(desktop: TestDesktop, name: string, input: unknown): Promise<T> {
  const reply = await desktop.dispatch(TEST_ORIGIN, name as never, input);
  if (!reply.ok) throw new Error(`${name}: ${JSON.stringify(reply.body)}`);
  return reply.value as T;
}

/** One hosted API call's JSON as `user`, or a thrown error with its status and body. */
export async function apiJson<T>(
  hosted: TestServer,
  user: TestUser,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await call(hosted.server.url, user, method, url, body);
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Reads every 100 ms until `done` holds; throws with the last value after `timeoutMs`. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`it did not end in time: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Links `token` (a Pro account of the hosted stub at `hostedUrl`) in the e2e's desktop. */
export async function linkProAccount(
  desktop: DesktopFixture,
  hostedUrl: string,
  token: string,
): Promise<boolean> {
  desktop.services.deps.hostedUrl = hostedUrl;
  const linked = await desktop.services.dispatch(desktop.origin, 'account.link', { token });
  return linked.ok;
}

/** What the renderer's bridge answers to a refused call. */
export interface BridgeRefusal {
  ok: boolean;
  status: number;
  body: { code: string; message: string };
}

/** Calls `name` through the real preload's bridge in `page`, for a refusal's status and body. */
export async function invokeInPage(
  page: Page,
  name: string,
  input: unknown,
): Promise<BridgeRefusal> {
  return (await page.evaluate(([n, i]) => window.mapsmith.invoke(n as never, i as never), [
    name,
    input,
  ] as const)) as BridgeRefusal;
}
