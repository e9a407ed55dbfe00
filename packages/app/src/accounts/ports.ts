import type { PingResult, RateInfo } from '@mapsmith/core';

/**
 * The storage ports of accounts, sessions, tokens, payments and IndexNow keys (issue 16). The
 * server's domain modules (`accounts/`, `auth/`, `payments/`, `notify/`) take these, never a
 * database; the files beside this one implement each once in SQL both SQLite and Postgres run. Every
 * read-then-write that must hold with many server processes is one method here, made atomic
 * by a conditional statement or a per-key lock inside the implementation.
 */

/** A user row as stored. */
export interface UserRow {
  id: number;
  username: string;
  email: string;
  password_hash: string;
  email_confirmed_at: string | null;
  pro_until: string | null;
}

/** Which unique value a new account collided with. */
export type TakenField = 'username' | 'email';

/** Users: lookups (names and addresses compare ignoring ASCII case), creation, updates. */
export interface UserRepository {
  /** By username, or by e-mail when the login contains an @ (usernames cannot). */
  byLogin(login: string): Promise<UserRow | undefined>;
  /** By id. */
  byId(id: number): Promise<UserRow | undefined>;
  /** By e-mail address. */
  byEmail(email: string): Promise<UserRow | undefined>;
  /** Whether the username is taken. */
  usernameTaken(username: string): Promise<boolean>;
  /** Creates the user; a name or address taken (also by a racing request) is answered, not thrown. */
  create(input: {
    username: string;
    email: string;
    passwordHash: string;
  }): Promise<{ ok: true; id: number } | { ok: false; taken: TakenField }>;
  /** Marks the address confirmed at `at` unless it already was. */
  confirmEmail(id: number, at: string): Promise<void>;
  /** Records a successful sign-in. */
  recordLogin(id: number, at: string): Promise<void>;
  /** Deletes the user; every table holding their data cascades. */
  delete(id: number): Promise<void>;
  /** The user's paid-until time (null: never paid or no such user). */
  proUntil(id: number): Promise<string | null>;
  /** Users whose Pro ends in (`from`, `until`] and who had no reminder for that end. */
  dueProReminders(
    from: string,
    until: string,
  ): Promise<Array<{ id: number; username: string; email: string; pro_until: string }>>;
  /** Claims the reminder for `proUntil`; false when another process claimed it or Pro moved. */
  claimProReminder(id: number, proUntil: string): Promise<boolean>;
}

/** The user a live session belongs to. */
export type SessionUserRow = Omit<UserRow, 'password_hash'>;

/** Sign-in sessions, stored by the hash of their id. */
export interface SessionRepository {
  /**
   * Stores a new session (one transaction): ends `replaces` (the request's old session, if
   * any) and the user's expired ones on the way.
   */
  start(input: {
    idHash: string;
    userId: number;
    csrfToken: string;
    expiresAt: string;
    now: string;
    replaces?: string | undefined;
  }): Promise<void>;
  /** The user of an unexpired session. */
  user(idHash: string, now: string): Promise<SessionUserRow | undefined>;
  /** Ends one session (logout). */
  end(idHash: string): Promise<void>;
  /** Ends every session of a user (password reset). */
  endAll(userId: number): Promise<void>;
}

/** What a one-time link proves: the address (confirm) or the right to set a password (reset). */
export type AccountTokenKind = 'confirm' | 'reset';

/** One-time links, stored by the hash of their token. */
export interface AccountTokenRepository {
  /** Stores a new token and withdraws the user's unused ones of that kind, atomically. */
  issue(
    userId: number,
    kind: AccountTokenKind,
    tokenHash: string,
    expiresAt: string,
  ): Promise<void>;
  /**
   * Spends the token: its user id when it is of `kind`, unexpired at `now` and unused, marked
   * used in the same statement, so of any number of racing uses exactly one gets the id.
   */
  consume(tokenHash: string, kind: AccountTokenKind, now: string): Promise<number | null>;
  /** Whether the token is of `kind`, unexpired at `now` and unused: what `consume` would take. */
  isLive(tokenHash: string, kind: AccountTokenKind, now: string): Promise<boolean>;
  /** Spends a confirmation link and confirms its user's address, in one transaction. */
  redeemConfirmation(tokenHash: string, now: string): Promise<number | null>;
  /**
   * Spends a reset link and, in the same transaction, sets the password (confirming the
   * address), ends every session and revokes every API token of its user: a crash can never
   * leave the link spent with the old credentials alive. Null when the link is not valid.
   */
  redeemReset(
    tokenHash: string,
    now: string,
    passwordHash: string,
  ): Promise<{ userId: number; revokedTokens: number } | null>;
  /** Whether the token was a confirmation link already used and its user's address is confirmed. */
  spentOnConfirmedAddress(tokenHash: string): Promise<boolean>;
}

/** An API token as listed: never the token itself. */
export interface ApiTokenInfo {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** What a bearer token is worth for one request, before the plan is judged. */
export type BearerCount =
  | { kind: 'invalid' }
  | { kind: 'not-pro'; rate: RateInfo }
  | { kind: 'limited'; rate: RateInfo }
  | { kind: 'ok'; tokenId: number; user: SessionUserRow; rate: RateInfo };

/** Pro API tokens, stored by their hash. */
export interface ApiTokenRepository {
  /** The user's live tokens, newest first. */
  list(userId: number): Promise<ApiTokenInfo[]>;
  /** Stores a token unless the user holds `cap` live ones already (null then); atomic per user. */
  create(
    userId: number,
    name: string,
    tokenHash: string,
    createdAt: string,
    cap: number,
  ): Promise<ApiTokenInfo | null>;
  /** Revokes one live token of the user; false when there is none with that id. */
  revoke(userId: number, id: number, at: string): Promise<boolean>;
  /** Revokes every live token of the user; returns how many. */
  revokeAll(userId: number, at: string): Promise<number>;
  /**
   * Checks a token and counts one request in its rolling window (`limit` per `windowMs`),
   * atomically: a token of a user without Pro at `now` is answered without counting.
   */
  countRequest(
    tokenHash: string,
    now: number,
    limit: number,
    windowMs: number,
  ): Promise<BearerCount>;
}

/** A payment order row. */
export interface OrderRow {
  id: string;
  user_id: number;
  amount: string;
  currency: string;
  status: 'created' | 'pending' | 'captured' | 'rejected' | 'refunded';
  capture_id: string | null;
  failure: string | null;
  pro_until: string | null;
  captured_at: string | null;
  period_start: string | null;
  /** When the order was opened (ISO). */
  created_at: string;
}

/** The paid month a grant computes from the user's current paid-until time (pure). */
export type GrantPeriod = (currentProUntil: string | null) => { start: string; proUntil: string };

/** The month a refund takes back, from the user's current paid-until (pure; null: unchanged). */
export type RefundPeriod = (currentProUntil: string | null) => string | null;

/** PayPal orders and the Pro months they grant. */
export interface PaymentRepository {
  /** The newest open order for this price since `since`, if any. */
  openOrder(
    userId: number,
    amount: string,
    currency: string,
    since: string,
  ): Promise<string | null>;
  /**
   * Records a new `created` order unless the user opened `limit` orders since `since`;
   * counted and inserted atomically per user. Refused: the oldest of those orders' time.
   */
  reserveOrder(
    order: { id: string; userId: number; amount: string; currency: string; createdAt: string },
    since: string,
    limit: number,
  ): Promise<{ ok: true } | { ok: false; oldest: string }>;
  /** Deletes an order PayPal did not accept. */
  deleteOrder(id: string): Promise<void>;
  /** Records PayPal's id of the order. */
  setPayPalId(id: string, paypalOrderId: string): Promise<void>;
  /** The user's order by PayPal's id. */
  byPayPalId(paypalOrderId: string, userId: number): Promise<OrderRow | undefined>;
  /** A `created` order's capture is pending at PayPal. */
  markPending(id: string, captureId: string, at: string): Promise<void>;
  /** Rejects the order with a reason (only while `pending` when `onlyPending`); false if unchanged. */
  reject(id: string, reason: string, onlyPending: boolean): Promise<boolean>;
  /**
   * Claims the right to ask PayPal about the order now: true for exactly one caller while the
   * order is still `status` and was not checked after `checkedBefore`.
   */
  claimCheck(
    id: string,
    status: OrderRow['status'],
    now: string,
    checkedBefore: string,
  ): Promise<boolean>;
  /**
   * Grants the month an order paid for, once: only an order still `created` or `pending` is
   * marked captured, and the user's paid-until moves in the same transaction (per-user lock).
   * A losing caller gets the winner's paid-until and a null `start`; the winner gets the start
   * of the month it granted (so only the winner sends the receipt).
   */
  grant(
    order: Pick<OrderRow, 'id' | 'user_id'>,
    captureId: string,
    now: string,
    period: GrantPeriod,
  ): Promise<{ proUntil: string; start: string | null }>;
  /** Marks a captured order refunded and moves the user's paid-until back, once; null if not captured. */
  refund(
    order: Pick<OrderRow, 'id' | 'user_id'>,
    now: string,
    period: RefundPeriod,
  ): Promise<{ proUntil: string | null } | null>;
  /** Orders to reconcile: pending since `pendingSince`, or captured with a month running at `now`. */
  due(pendingSince: string, now: string): Promise<OrderRow[]>;
  /** The user's pending orders created after `since`. */
  pendingOf(userId: number, since: string): Promise<OrderRow[]>;
}

/** IndexNow keys per user and site host. */
export interface SiteKeyRepository {
  /** The stored key for the host, storing `fresh` first when there is none (racing callers agree). */
  keyFor(userId: number, host: string, fresh: string): Promise<string>;
}

/** One search-engine notification to keep: who, which site and URL set, and the answer. */
export interface KeptNotification {
  userId: number;
  host: string;
  /** A hash of the sorted URLs offered: the same set of URLs has the same hash. */
  urlsHash: string;
  /** The crawl the URLs came from; null when none was named. */
  jobId: string | null;
  result: PingResult;
  /** True when IndexNow accepted the submission (its `sent_at` moves to `result.at`). */
  accepted: boolean;
}

/**
 * The kept IndexNow answers (issue 26 point 5): the last answer of each crawl, shown again after
 * a reload, and when the same URLs were last accepted for a site.
 */
export interface IndexNowLogRepository {
  /** When IndexNow last accepted this set of URLs for the site (ISO), or null. */
  lastSent(userId: number, host: string, urlsHash: string): Promise<string | null>;
  /** Keeps a notification's answer (the last one per user, site and URL set). */
  keep(notification: KeptNotification): Promise<void>;
  /** The last answer of a notification made from the user's crawl `jobId`, or null. */
  lastForJob(userId: number, jobId: string): Promise<PingResult | null>;
}

/** Failures of one key in a window: how many, the latest, and the `nth` latest. */
export interface FailureStats {
  count: number;
  latest: number | null;
  nthLatest: number | null;
}

/**
 * Failures in a sliding window, shared by every server process (sign-in throttling): N nodes
 * see one count, so they do not give N times the attempts.
 */
export interface FailureLog {
  /** Records one failure at `atMs` under each key. */
  record(keys: string[], atMs: number): Promise<void>;
  /** Failures of `key` after `sinceMs`: how many, the latest, and the `nth` latest (1: latest). */
  recent(key: string, sinceMs: number, nth?: number): Promise<FailureStats>;
  /**
   * One attempt, atomically under the keys' locks (taken in the order given): `decide` sees
   * each key's failures after `sinceMs` (`nth` as in `recent`) and answers a wait in seconds;
   * when it is 0, a provisional failure is recorded under every key at `atMs` before the locks
   * go, so racing attempts (on any process) count each other. `decide` must be pure (it may
   * run again). Resolves with the wait and the ids of the provisional failures.
   */
  attempt(
    keys: ReadonlyArray<{ key: string; nth?: number }>,
    sinceMs: number,
    atMs: number,
    decide: (stats: ReadonlyMap<string, FailureStats>) => number,
  ): Promise<{ wait: number; ticket: number[] }>;
  /** Withdraws the provisional failures of an attempt that succeeded. */
  withdraw(ticket: readonly number[]): Promise<void>;
  /** Forgets the key's failures. */
  clear(key: string): Promise<void>;
}

/** Every account repository, one field of `Repositories`. */
export interface AccountRepositories {
  users: UserRepository;
  sessions: SessionRepository;
  accountTokens: AccountTokenRepository;
  apiTokens: ApiTokenRepository;
  payments: PaymentRepository;
  siteKeys: SiteKeyRepository;
  indexNowLog: IndexNowLogRepository;
  failures: FailureLog;
}
