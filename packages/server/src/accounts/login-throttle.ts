import { FailureThrottle } from './throttle.js';

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
 * Kept in memory: the hosted app is one process, and a restart forgetting failures is harmless
 * next to the cost of a write per failed attempt.
 */
export class LoginThrottle {
  private readonly ips: FailureThrottle;
  private readonly accounts: FailureThrottle;
  private readonly pairs: FailureThrottle;

  /** Uses `now` for time (tests step it). */
  constructor(private readonly now: () => number = Date.now) {
    this.ips = new FailureThrottle(IP_FAILURE_LIMIT, FAILURE_WINDOW_MS, now);
    this.accounts = new FailureThrottle(Number.POSITIVE_INFINITY, FAILURE_WINDOW_MS, now);
    this.pairs = new FailureThrottle(Number.POSITIVE_INFINITY, FAILURE_WINDOW_MS, now);
  }

  /** Seconds `ip` must wait before trying `account`, or 0 to check the password now. */
  wait(account: string, ip: string): number {
    const ipWait = this.ips.retryAfter(ip);
    const pairKey = `${account}\n${ip}`;
    const own = this.pairs.count(pairKey);
    if (own === 0) return ipWait;
    const past = Math.max(
      own - PAIR_FREE_FAILURES,
      this.accounts.count(account) - ACCOUNT_FREE_FAILURES,
    );
    if (past < 0) return ipWait;
    const delayMs = Math.min(2 ** past, MAX_DELAY_SECONDS) * 1000;
    const last = this.pairs.latest(pairKey) ?? this.now();
    const pairWait = Math.ceil((last + delayMs - this.now()) / 1000);
    return Math.max(ipWait, pairWait, 0);
  }

  /** Records a wrong password (or unknown name) from `ip` for `account`. */
  fail(account: string, ip: string): void {
    this.ips.fail(ip);
    this.accounts.fail(account);
    this.pairs.fail(`${account}\n${ip}`);
  }

  /** A correct password: this client's own failures on the account are forgotten. */
  succeed(account: string, ip: string): void {
    this.pairs.clear(`${account}\n${ip}`);
  }

  /** The owner proved the address (a reset): the account's count starts again. */
  clearAccount(account: string): void {
    this.accounts.clear(account);
  }
}

/** The throttle key of an account: its user id, or the typed name when there is no account. */
export function accountKey(user: { id: number } | undefined, login: string): string {
  return user ? `user:${user.id}` : `name:${login.toLowerCase()}`;
}
