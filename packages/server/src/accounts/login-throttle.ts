import type { FailureLog, FailureStats } from '@mapsmith/app';

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
 * Failures on one account, from everyone, past which a client the account does not know (no
 * failure and no sign-in of its own there) waits too: guessing from fresh addresses is held to
 * one account-wide, growing delay.
 */
export const ACCOUNT_GUARD_FAILURES = 20;
/**
 * How long a client that signed in to an account stays known to it. The daily retention of
 * rate events (where the log keeps it) bounds it to a day.
 */
export const KNOWN_CLIENT_MS = 24 * 60 * 60 * 1000;
/** The owner is told by mail at most once in this time that the account guard started. */
export const GUARD_NOTICE_MS = 24 * 60 * 60 * 1000;

/**
 * Sign-in throttling that no one can turn against the owner. Failures are counted per client
 * address, per account (keyed by the user id, so username and e-mail share one count; a name
 * without an account is counted the same way, so the answer reveals nothing), and per
 * (account, client) pair.
 *
 * - A client with no recent failure on the account is not delayed for it while the account
 *   has fewer than 20 failures from everyone in the window.
 * - Past 20, a client with no failure of its own waits unless the account knows it (it signed
 *   in there in the last day): 2^n seconds after the account's latest failure, n being how far
 *   the account is past 20 (at most 15 minutes). Distributed guessing from fresh addresses
 *   gets one account-wide, growing delay; the owner's own device still goes straight to the
 *   password, and from a new one a password reset (which clears the account's count) lets
 *   them in at once. The owner is told by mail once when it starts (`guardNotice`).
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
    const known = await this.knows(account, ip, now);
    return this.log.attempt(keysOf(account, ip), now - FAILURE_WINDOW_MS, now, (stats) =>
      waitFor(stats, account, ip, now, known),
    );
  }

  /** Whether `ip` signed in to `account` lately (read outside the attempt: it only grows). */
  private async knows(account: string, ip: string, now: number): Promise<boolean> {
    return (await this.log.recent(knownKey(account, ip), now - KNOWN_CLIENT_MS)).count > 0;
  }

  /** Seconds `ip` must wait before trying `account` (a look, recording nothing). */
  async wait(account: string, ip: string): Promise<number> {
    const now = this.now();
    const stats = new Map<string, FailureStats>();
    for (const { key, nth } of keysOf(account, ip)) {
      stats.set(key, await this.log.recent(key, now - FAILURE_WINDOW_MS, nth));
    }
    return waitFor(stats, account, ip, now, await this.knows(account, ip, now));
  }

  /** Records a wrong password (or unknown name) from `ip` for `account`. */
  fail(account: string, ip: string): Promise<void> {
    return this.log.record([ipKey(ip), accountKeyOf(account), pairKey(account, ip)], this.now());
  }

  /**
   * A correct password: the attempt's provisional failures (`ticket` from `begin`) go, this
   * client's own failures on the account are forgotten, and the account knows the client.
   */
  async succeed(account: string, ip: string, ticket: readonly number[] = []): Promise<void> {
    await this.log.withdraw(ticket);
    await this.log.clear(pairKey(account, ip));
    await this.log.record([knownKey(account, ip)], this.now());
  }

  /**
   * After a failure: true once, for one caller on any process, when the account has reached
   * the guard (`ACCOUNT_GUARD_FAILURES`) and its owner was not told in the last day.
   */
  async guardNotice(account: string): Promise<boolean> {
    const now = this.now();
    const failures = await this.log.recent(accountKeyOf(account), now - FAILURE_WINDOW_MS);
    if (failures.count < ACCOUNT_GUARD_FAILURES) return false;
    // The log's atomic attempt is a "first one wins": it records the notice only when none is.
    const key = noticeKey(account);
    const { wait } = await this.log.attempt([{ key }], now - GUARD_NOTICE_MS, now, (stats) =>
      (stats.get(key)?.count ?? 0) > 0 ? 1 : 0,
    );
    return wait === 0;
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
  known: boolean,
): number {
  const none: FailureStats = { count: 0, latest: null, nthLatest: null };
  const ips = stats.get(ipKey(ip)) ?? none;
  const ipWait =
    ips.count >= IP_FAILURE_LIMIT && ips.nthLatest !== null
      ? Math.max(1, Math.ceil((ips.nthLatest + FAILURE_WINDOW_MS - now) / 1000))
      : 0;
  const own = stats.get(pairKey(account, ip)) ?? none;
  const everyone = stats.get(accountKeyOf(account)) ?? none;
  if (own.count === 0) {
    const guard = everyone.count - ACCOUNT_GUARD_FAILURES;
    if (known || guard < 0) return ipWait;
    return Math.max(ipWait, secondsLeft(everyone.latest ?? now, guard, now), 0);
  }
  const past = Math.max(own.count - PAIR_FREE_FAILURES, everyone.count - ACCOUNT_FREE_FAILURES);
  if (past < 0) return ipWait;
  return Math.max(ipWait, secondsLeft(own.latest ?? now, past, now), 0);
}

/** Seconds until 2^`past` seconds (at most the cap) after the failure at `since`. */
function secondsLeft(since: number, past: number, now: number): number {
  const delayMs = Math.min(2 ** past, MAX_DELAY_SECONDS) * 1000;
  return Math.ceil((since + delayMs - now) / 1000);
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

function knownKey(account: string, ip: string): string {
  return `login-known:${account}\n${ip}`;
}

function noticeKey(account: string): string {
  return `login-guard-notice:${account}`;
}

/** The throttle key of an account: its user id, or the typed name when there is no account. */
export function accountKey(user: { id: number } | undefined, login: string): string {
  return user ? `user:${user.id}` : `name:${login.toLowerCase()}`;
}
