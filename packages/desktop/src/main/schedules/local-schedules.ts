import {
  AppError,
  type ReportRecipientRepository,
  SCHEDULE_TICK_MS,
  type ScheduleOwner,
  type SchedulePublisher,
  type ScheduleRepository,
  ScheduleTask,
  ScheduleUseCases,
} from '@mapsmith/app';
import type { Logger, ScheduleActions } from '@mapsmith/core';
import { type AccountDeps, getAccountStatus } from '../handlers/account';
import type { CrawlDeps } from '../handlers/crawl';

/**
 * What a schedule does after its run only where a public server is (issue 27 point 5): the
 * desktop has no stable URL to publish at, no hosted IndexNow key and no SMTP. Its run's report
 * (last run, its changes) stays in the app.
 */
export const NOT_ON_DESKTOP =
  'This computer has no public server and no mail: a schedule here keeps its run and the run’s changes in the app. Publishing the sitemap at a stable URL, notifying search engines (IndexNow) and mailing a report to clients run on the hosted site.';

/** The schedules' dependencies the desktop builds once. */
export interface ScheduleDeps extends CrawlDeps {
  /** The schedules in the data file, their owner the linked account (`localOwner`). */
  schedules: ScheduleRepository;
  logger: Logger;
}

/**
 * The local user as a schedule's owner: Pro while a Pro account is linked (the one rule of
 * `currentPlan`), with that account's end date; the desktop has no address to mail.
 */
export async function localOwner(deps: AccountDeps): Promise<ScheduleOwner> {
  const status = await getAccountStatus(deps);
  return {
    email: '',
    username: status.username ?? 'Local user',
    proUntil: status.plan === 'pro' ? status.proUntil : null,
  };
}

/** Refuses a definition asking for an after-run action only a public server does. */
export function refuseServerActions(input: {
  after: ScheduleActions;
  reportTo?: readonly string[] | undefined;
}): void {
  const { publish, mail, indexNow } = input.after;
  if (publish || mail || indexNow || (input.reportTo?.length ?? 0) > 0)
    throw new AppError('schedule.not-on-desktop', 'Not in the desktop app', NOT_ON_DESKTOP);
}

/** No published files on a desktop: nothing is ever written, so nothing is served or removed. */
const NO_PUBLISHER: SchedulePublisher = {
  publish: async () => {
    throw new AppError('schedule.not-on-desktop', 'Not in the desktop app', NOT_ON_DESKTOP);
  },
  manifest: async () => null,
  file: async () => null,
  forget: async () => {},
};

/** No client addresses on a desktop (refused at create and update): the list is always empty. */
const NO_RECIPIENTS: ReportRecipientRepository = {
  set: async () => {},
  list: async () => [],
  byToken: async () => undefined,
  unsubscribe: async () => {},
};

/** The application layer's schedule use cases over the local data. */
export function localScheduleUseCases(deps: ScheduleDeps): ScheduleUseCases {
  return new ScheduleUseCases({
    schedules: deps.schedules,
    jobs: deps.data.jobs,
    recipients: NO_RECIPIENTS,
    publisher: NO_PUBLISHER,
    siteUrl: () => deps.hostedUrl,
    logger: deps.logger,
    now: () => deps.now(),
  });
}

/**
 * The pass as main runs it: once at start (a slot missed while the app was closed runs now
 * and says it was late), then every `SCHEDULE_TICK_MS` while the app is open. A run's crawl is
 * a local crawl like any other; its after-run actions are none (see `NOT_ON_DESKTOP`).
 */
function localScheduleTask(deps: ScheduleDeps): ScheduleTask {
  return new ScheduleTask({
    schedules: deps.schedules,
    runs: (clock) => deps.data.scheduleRuns(clock),
    jobs: deps.data.jobs,
    engineeringCap: deps.engineeringCap,
    ownDisk: true,
    wake: () => deps.crawls.wake(),
    afterRun: async () => null,
    policy: deps.policy,
    logger: deps.logger,
  });
}

/** The scheduler running in main; `stop` ends its ticks and resolves once a pass going on ends. */
export interface LocalScheduler {
  stop(): Promise<void>;
}

/**
 * Runs the pass once now (resolved when it is done, so a missed slot has started its run by the
 * time the window opens), then every `SCHEDULE_TICK_MS`, each pass at `deps.now()`. A failed
 * pass is logged and done again at the next tick.
 */
export async function startLocalScheduler(deps: ScheduleDeps): Promise<LocalScheduler> {
  const task = localScheduleTask(deps);
  let going: Promise<unknown> = Promise.resolve();
  const pass = () => {
    going = going
      .then(() => task.perform(deps.now()))
      .catch((err: unknown) => deps.logger.warn(task.onFailed(err)));
    return going;
  };
  await pass();
  const timer = setInterval(pass, SCHEDULE_TICK_MS);
  timer.unref?.();
  return {
    stop: async () => {
      clearInterval(timer);
      await going;
    },
  };
}
