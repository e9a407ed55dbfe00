import type { FailureLog } from '../repos/ports-accounts.js';

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

  /** Seconds `ip` must wait before trying `account`, or 0 to check the password now. */
  async wait(account: string, ip: string): Promise<number> {
    const now = this.now();
    const since = now - FAILURE_WINDOW_MS;
    const ips = await this.log.recent(ipKey(ip), since, IP_FAILURE_LIMIT);
    const ipWait =
      ips.count >= IP_FAILURE_LIMIT && ips.nthLatest !== null
        ? Math.max(1, Math.ceil((ips.nthLatest + FAILURE_WINDOW_MS - now) / 1000))
        : 0;
    const own = await this.log.recent(pairKey(account, ip), since);
    if (own.count === 0) return ipWait;
    const everyone = await this.log.recent(accountKeyOf(account), since);
    const past = Math.max(own.count - PAIR_FREE_FAILURES, everyone.count - ACCOUNT_FREE_FAILURES);
    if (past < 0) return ipWait;
    const delayMs = Math.min(2 ** past, MAX_DELAY_SECONDS) * 1000;
    const last = own.latest ?? now;
    const pairWait = Math.ceil((last + delayMs - now) / 1000);
    return Math.max(ipWait, pairWait, 0);
  }

  /** Records a wrong password (or unknown name) from `ip` for `account`. */
  fail(account: string, ip: string): Promise<void> {
    return this.log.record([ipKey(ip), accountKeyOf(account), pairKey(account, ip)], this.now());
  }

  /** A correct password: this client's own failures on the account are forgotten. */
  succeed(account: string, ip: string): Promise<void> {
    return this.log.clear(pairKey(account, ip));
  }

  /** The owner proved the address (a reset): the account's count starts again. */
  clearAccount(account: string): Promise<void> {
    return this.log.clear(accountKeyOf(account));
  }
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
