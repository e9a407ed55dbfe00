import type { LocalSettings } from '@mapsmith/app';
import { AppError, isProAt, proRequired } from '@mapsmith/app';
import type { Plan } from '@mapsmith/core';
import type { AccountStatus } from '../../shared/desktop-operations';
import { fetchHostedAccount } from '../account/hosted-account';
import type { TokenVault } from '../account/token-vault';

/** What the account handlers need. */
export interface AccountDeps {
  vault: TokenVault;
  settings: LocalSettings;
  /** Origin of the hosted app that issues tokens. */
  hostedUrl: string;
  now(): number;
}

interface Profile {
  username: string;
  isPro: boolean;
  proUntil: string | null;
}

const PROFILE_KEY = 'account.profile';

async function profile(settings: LocalSettings): Promise<Profile | null> {
  const raw = await settings.get(PROFILE_KEY);
  return raw ? (JSON.parse(raw) as Profile) : null;
}

/** The plan local crawls run under: Pro only while a readable token of a paid-up Pro account is linked. */
export async function currentPlan(deps: AccountDeps): Promise<Exclude<Plan, 'anonymous'>> {
  const linked = await profile(deps.settings);
  if (!linked?.isPro || !isProAt(linked.proUntil, deps.now())) return 'free';
  return (await deps.vault.load()) ? 'pro' : 'free';
}

/** `account.status`. */
export async function getAccountStatus(deps: AccountDeps): Promise<AccountStatus> {
  const check = deps.vault.check();
  const linked = (await deps.vault.load()) !== null ? await profile(deps.settings) : null;
  return {
    plan: await currentPlan(deps),
    linked: linked !== null,
    username: linked?.username ?? null,
    proUntil: linked?.proUntil ?? null,
    secureStorage: check.ok,
    storageMessage: check.ok ? null : check.message,
  };
}

/**
 * `account.link`: refuses before the token leaves the machine when it could not be stored
 * safely, checks with the hosted app that it belongs to a Pro account, then keeps it.
 */
export async function linkAccount(
  deps: AccountDeps,
  input: { token: string },
): Promise<AccountStatus> {
  const check = deps.vault.check();
  if (!check.ok)
    throw new AppError('account.token-unsafe', 'Token cannot be stored safely', check.message);
  const user = await fetchHostedAccount(deps.hostedUrl, input.token);
  if (!user.isPro) {
    throw proRequired('Linked accounts', {
      title: 'Not a Pro account',
      advice: `${user.username} is on the free plan; the desktop app's free limits already apply. Subscribe on the hosted site, then link again.`,
    });
  }
  await deps.vault.save(input.token);
  const linked: Profile = { username: user.username, isPro: true, proUntil: user.proUntil };
  await deps.settings.set(PROFILE_KEY, JSON.stringify(linked));
  return getAccountStatus(deps);
}

/** `account.unlink`: forgets the token and the profile; the free plan applies again. */
export async function unlinkAccount(deps: AccountDeps): Promise<AccountStatus> {
  await deps.vault.clear();
  await deps.settings.set(PROFILE_KEY, null);
  return getAccountStatus(deps);
}
