import type { FailureLog, FailureStats } from '../repos/ports-accounts.js';

/** The throttling window: failures older than this are forgotten. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins per client address in the window, across all accounts (a spray), before 429. */
export const IP_FAILURE_LIMIT = 30;
/** Failures of one client on one account before each further try waits. */
export const PAIR_FREE_FAILURES = 5;
/** Failures on one account, from every client, before a client that failed on it too waits. */
export const ACCOUNT_FREE_FAILURES = 10;
/** The longest wait: the delay doubles per failure past the free ones up to this. */
export const MAX_DELAY_SECONDS = 15 * 60;

/**
 * Sign-in throttling that no one can turn against the owner. Failures are counted per client
 * address, per account (keyed by the user id, so username and e-mail share one count; a name
 * without an account is counted the same way, so the answer reveals nothing), and per
 * (account, client) pair.
 *
 * - A client with no recent failure on the account is never delayed for it: the owner's
 *   correct password from their own device goes through whatever others guess.
 * - A client that failed on the account waits 2^n seconds after its last failure, n being
 *   how far it is past 5 failures of its own or past 10 on the account from everyone,
 *   whichever is more (at most 15 minutes). A growing delay, never a hard lock.
 * - A client address with 30 failures in 15 minutes, over any accounts, is refused until they
 *   age out.
 *
 * The failures live in the database (`FailureLog`), so every server process sees the same
 * counts: N API nodes do not give a guesser N times the attempts.
 */
export class LoginThrottle {
  /** Keeps failures in `log`; uses `now` for time (tests step it). */
  constructor(
    private readonly log: FailureLog,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Seconds `ip` must wait before trying `account`, or 0 to check the password now; a 0
   * records the attempt as a failure at once (withdrawn by `succeed`), in the same atomic step
   * as the check, so a burst of parallel guesses on any number of servers is held to the same
   * free tries as guesses one after another.
   */
  async begin(account: string, ip: string): Promise<{ wait: number; ticket: number[] }> {
    const now = this.now();
    return this.log.attempt(keysOf(account, ip), now - FAILURE_WINDOW_MS, now, (stats) =>
      waitFor(stats, account, ip, now),
    );
  }

  /** Seconds `ip` must wait before trying `account` (a look, recording nothing). */
  async wait(account: string, ip: string): Promise<number> {
    const now = this.now();
    const stats = new Map<string, FailureStats>();
    for (const { key, nth } of keysOf(account, ip)) {
      stats.set(key, await this.log.recent(key, now - FAILURE_WINDOW_MS, nth));
    }
    return waitFor(stats, account, ip, now);
  }

  /** Records a wrong password (or unknown name) from `ip` for `account`. */
  fail(account: string, ip: string): Promise<void> {
    return this.log.record([ipKey(ip), accountKeyOf(account), pairKey(account, ip)], this.now());
  }

  /**
   * A correct password: the attempt's provisional failures (`ticket` from `begin`) go, and this
   * client's own failures on the account are forgotten.
   */
  async succeed(account: string, ip: string, ticket: readonly number[] = []): Promise<void> {
    await this.log.withdraw(ticket);
    await this.log.clear(pairKey(account, ip));
  }

  /** The owner proved the address (a reset): the account's count starts again. */
  clearAccount(account: string): Promise<void> {
    return this.log.clear(accountKeyOf(account));
  }
}

// Locked in this order by every attempt (address, account, pair), so attempts never deadlock.
function keysOf(account: string, ip: string): Array<{ key: string; nth?: number }> {
  return [
    { key: ipKey(ip), nth: IP_FAILURE_LIMIT },
    { key: accountKeyOf(account) },
    { key: pairKey(account, ip) },
  ];
}

/** The policy above, from the failures of the three keys (pure: it may run twice). */
function waitFor(
  stats: ReadonlyMap<string, FailureStats>,
  account: string,
  ip: string,
  now: number,
): number {
  const none: FailureStats = { count: 0, latest: null, nthLatest: null };
  const ips = stats.get(ipKey(ip)) ?? none;
  const ipWait =
    ips.count >= IP_FAILURE_LIMIT && ips.nthLatest !== null
      ? Math.max(1, Math.ceil((ips.nthLatest + FAILURE_WINDOW_MS - now) / 1000))
      : 0;
  const own = stats.get(pairKey(account, ip)) ?? none;
  if (own.count === 0) return ipWait;
  const everyone = stats.get(accountKeyOf(account)) ?? none;
  const past = Math.max(own.count - PAIR_FREE_FAILURES, everyone.count - ACCOUNT_FREE_FAILURES);
  if (past < 0) return ipWait;
  const delayMs = Math.min(2 ** past, MAX_DELAY_SECONDS) * 1000;
  const pairWait = Math.ceil(((own.latest ?? now) + delayMs - now) / 1000);
  return Math.max(ipWait, pairWait, 0);
}

function ipKey(ip: string): string {
  return `login-ip:${ip}`;
}

function accountKeyOf(account: string): string {
  return `login-account:${account}`;
}

function pairKey(account: string, ip: string): string {
  return `login-pair:${account}\n${ip}`;
}

/** The throttle key of an account: its user id, or the typed name when there is no account. */
export function accountKey(user: { id: number } | undefined, login: string): string {
  return user ? `user:${user.id}` : `name:${login.toLowerCase()}`;
}
