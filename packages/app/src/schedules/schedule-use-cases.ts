import { randomBytes } from 'node:crypto';
import {
  type CrawlSettings,
  keepStoredSecrets,
  type Logger,
  MAX_SCHEDULES_PER_USER,
  maskCrawlSettings,
  NoStoredSecret,
  nextRunAfter,
  normalEmail,
  type Schedule,
  type ScheduleCreateInput,
} from '@mapsmith/core';
import type { CrawlJobRepository } from '../crawl/ports.js';
import { AppError } from '../errors.js';
import { isProAt } from '../plan/pro-now.js';
import { invalidInput, notFound } from '../refusals.js';
import type {
  ReportRecipientRepository,
  SchedulePublisher,
  ScheduleRecord,
  ScheduleRepository,
} from './ports.js';
import { publishRun, stableBaseUrl, stableSitemapUrl } from './publish-run.js';

/** What the schedule use cases work with, in either shell. */
export interface ScheduleUseCaseDeps {
  schedules: ScheduleRepository;
  jobs: CrawlJobRepository;
  /** The client addresses mailed the report after each completed run. */
  recipients: ReportRecipientRepository;
  /** The files of the stable sitemap URLs. */
  publisher: SchedulePublisher;
  /** The app's public origin, e.g. `https://mapsmith.example` (no trailing slash). */
  siteUrl(): string;
  logger: Logger;
  /** The time the use cases see (tests inject theirs). */
  now?: () => number;
}

/**
 * The edited settings with each secret sent back masked replaced by the stored one (the form
 * keeps a stored password unless a new one is typed); a mask with nothing stored is refused.
 */
function keptSecrets(
  typed: CrawlSettings | undefined,
  stored: CrawlSettings,
): CrawlSettings | undefined {
  try {
    return keepStoredSecrets(typed, stored);
  } catch (err) {
    if (!(err instanceof NoStoredSecret)) throw err;
    const message = 'This schedule keeps no such secret: type the password or header value.';
    throw invalidInput(err.field, message, message);
  }
}

/** A new unguessable token for a stable URL: 24 random bytes, base64url (32 characters). */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Whether `token` has the shape of one (`/s/:token/` is checked before any lookup). */
export function isTokenShape(token: string): boolean {
  return /^[A-Za-z0-9_-]{32}$/.test(token);
}

/**
 * Scheduled crawls' use cases, the same in both shells: each operation of the contract on the
 * owner's schedules and their presentation. The shells only translate (routes, IPC) and run the
 * scheduler pass (`ScheduleTask`) on their own clock. Only Pro users reach it (the shells check).
 */
export class ScheduleUseCases {
  protected readonly now: () => number;
  private readonly repo: ScheduleRepository;
  private readonly jobs: CrawlJobRepository;

  constructor(protected readonly deps: ScheduleUseCaseDeps) {
    this.now = deps.now ?? Date.now;
    this.repo = deps.schedules;
    this.jobs = deps.jobs;
  }

  /** Rebuilds of published files in progress on this node, by schedule. */
  private readonly rebuilding = new Map<string, Promise<void>>();

  async list(userId: number): Promise<Schedule[]> {
    const records = await this.repo.list(userId);
    return Promise.all(records.map((r) => this.present(r)));
  }

  async create(userId: number, input: ScheduleCreateInput): Promise<Schedule> {
    if ((await this.repo.count(userId)) >= MAX_SCHEDULES_PER_USER)
      throw new AppError(
        'schedule.too-many',
        'Too many schedules',
        `You can keep up to ${MAX_SCHEDULES_PER_USER} schedules. Delete one you no longer need first.`,
      );
    const record = await this.repo.create(
      userId,
      input,
      newToken(),
      nextRunAfter(input, this.now()),
    );
    await this.setRecipients(record.id, input);
    return this.present(record);
  }

  /** The client addresses of a definition become the schedule's (unsubscribed ones stay so). */
  private async setRecipients(id: string, input: ScheduleCreateInput): Promise<void> {
    const emails = (input.reportTo ?? []).map(normalEmail);
    const at = new Date(this.now()).toISOString();
    await this.deps.recipients.set(id, emails, newToken, at);
  }

  async update(userId: number, id: string, input: ScheduleCreateInput): Promise<Schedule> {
    const stored = await this.own(userId, id);
    const settings = keptSecrets(input.settings, stored.settings);
    await this.repo.update(
      id,
      userId,
      { ...input, ...(settings ? { settings } : {}) },
      nextRunAfter(input, this.now()),
    );
    await this.setRecipients(id, input);
    return this.present(await this.own(userId, id));
  }

  async pause(userId: number, id: string, paused: boolean): Promise<Schedule> {
    const record = await this.own(userId, id);
    // A resumed schedule waits for its next slot: missed slots are not made up.
    await this.repo.setPaused(id, userId, paused, nextRunAfter(record, this.now()));
    return this.present(await this.own(userId, id));
  }

  async delete(userId: number, id: string): Promise<void> {
    await this.own(userId, id);
    await this.repo.delete(id, userId);
    await this.deps.publisher.forget(id);
  }

  /** Removes the published files of every schedule of a user (the account is being deleted). */
  async forgetUser(userId: number): Promise<void> {
    for (const record of await this.repo.list(userId)) await this.deps.publisher.forget(record.id);
  }

  /** A new token; published files are written again with the new URL in their index. */
  async rotateToken(userId: number, id: string): Promise<Schedule> {
    const record = await this.own(userId, id);
    const token = newToken();
    await this.repo.setToken(id, userId, token);
    if (record.publishedJobId && (await this.jobs.get(record.publishedJobId, userId)))
      await publishRun(this.publishDeps(), { id, token }, record.publishedJobId);
    return this.present(await this.own(userId, id));
  }

  /** The schedule whose stable URL has `token`, when it publishes. */
  async byToken(token: string): Promise<ScheduleRecord | undefined> {
    const record = await this.repo.byToken(token);
    return record?.after.publish ? record : undefined;
  }

  /**
   * A published file of a schedule, or null. Published files are a per-node cache, like
   * exports: a node that did not run the schedule (another process of a scaled deployment) or
   * lost its files rebuilds them once from the stored job, with the same bytes and so the same
   * ETags as the node that published them.
   */
  async publishedFile(schedule: ScheduleRecord, name: string) {
    if (!schedule.publishedJobId) return null;
    const base = stableBaseUrl(this.deps.siteUrl(), schedule.token);
    const manifest = await this.deps.publisher.manifest(schedule.id);
    if (manifest?.jobId !== schedule.publishedJobId || manifest.baseUrl !== base) {
      // A job that cannot be rebuilt (its pages gone) leaves whatever this node has: a 404 at worst.
      await this.rebuild(schedule, schedule.publishedJobId).catch((err: unknown) =>
        this.deps.logger.warn('could not rebuild published sitemap files', {
          schedule: schedule.id,
          error: String(err),
        }),
      );
    }
    return this.deps.publisher.file(schedule.id, name);
  }

  /** One rebuild per schedule at a time on this node; requests meanwhile wait for it. */
  private rebuild(schedule: ScheduleRecord, jobId: string): Promise<void> {
    const running = this.rebuilding.get(schedule.id);
    if (running) return running;
    const at = schedule.publishedAt ? new Date(schedule.publishedAt) : new Date();
    const done = publishRun(this.publishDeps(), schedule, jobId, at, { record: false }).finally(
      () => this.rebuilding.delete(schedule.id),
    );
    this.rebuilding.set(schedule.id, done);
    return done;
  }

  /** What publishing a run's files uses. */
  private publishDeps() {
    const { jobs, schedules, publisher, siteUrl } = this.deps;
    return { jobs, schedules, publisher, siteUrl };
  }

  private async own(userId: number, id: string): Promise<ScheduleRecord> {
    const record = await this.repo.get(id, userId);
    if (!record) throw notFound('No schedule with this id', 'schedule.not-found');
    return record;
  }

  /** The contract's shape of a schedule, with its state as of now. */
  private async present(r: ScheduleRecord): Promise<Schedule> {
    const owner = await this.repo.owner(r.userId);
    const pro = isProAt(owner?.proUntil ?? null, this.now());
    const running = r.runningJobId;
    const state = r.paused ? 'paused' : !pro ? 'pro-ended' : running ? 'running' : 'active';
    const lastChanges = r.lastJobId ? (await this.jobs.changes(r.lastJobId)).summary : null;
    const recipients = await this.deps.recipients.list(r.id);
    return {
      id: r.id,
      url: r.url,
      frequency: r.frequency,
      weekday: r.weekday,
      monthDay: r.monthDay,
      time: r.time,
      timeZone: r.timeZone,
      settings: maskCrawlSettings(r.settings),
      after: r.after,
      reportTo: recipients.filter((x) => !x.unsubscribedAt).map((x) => x.email),
      reportUnsubscribed: recipients.flatMap((x) =>
        x.unsubscribedAt ? [{ email: x.email, at: x.unsubscribedAt }] : [],
      ),
      state,
      nextRunAt: r.paused || !pro ? null : new Date(r.nextRunMs).toISOString(),
      runningJobId: running,
      lastJobId: r.lastJobId,
      lastRunAt: r.lastRunAt,
      lateSlotAt: r.lateSlotMs === null ? null : new Date(r.lateSlotMs).toISOString(),
      lastError: r.lastError,
      lastChanges,
      sitemapUrl: r.after.publish ? stableSitemapUrl(this.deps.siteUrl(), r.token) : null,
      publishedAt: r.publishedAt,
      createdAt: r.createdAt,
    };
  }
}
