import type { DesktopFixture } from './renderer-fixture';

/**
 * Links the desktop of a renderer test to a Pro account of the hosted stub at `hostedUrl` (its
 * `token`), through the real `account.link` handler; fails the test when it is refused.
 */
export async function linkProAccount(
  desktop: DesktopFixture,
  hostedUrl: string,
  token: string,
): Promise<void> {
  desktop.services.deps.hostedUrl = hostedUrl;
  const linked = await desktop.services.dispatch(desktop.origin, 'account.link', { token });
  if (!linked.ok) throw new Error(`account.link: ${JSON.stringify(linked.body)}`);
}
