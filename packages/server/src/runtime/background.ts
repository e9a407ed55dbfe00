import type { AppContext } from '../context.js';
import { PaymentReconcileTask } from '../jobs/payment-reconcile-task.js';
import { PRO_REMINDER_INTERVAL_MS, ProReminderTask } from '../jobs/pro-reminder-task.js';
import { inProcessScheduler, type TaskScheduler } from '../jobs/scheduler.js';
import type { Mailer } from '../mail/mailer.js';
import { createPayPalClient } from '../payments/paypal-client.js';
import { SUPPORT_EMAIL } from '../routes/config/router.js';

/** Running background work; `stop` lets work in progress finish (crawls wait as pending). */
export interface Background {
  stop(): Promise<void>;
}

/**
 * The work of roles `worker` and `all`: the crawl and audit workers with the daily retention,
 * and the timed work (payment reconciliation, Pro reminders, scheduled crawls) on `scheduler`.
 */
export async function startBackground(
  context: AppContext,
  mailer: Mailer,
  scheduler: TaskScheduler = inProcessScheduler({ now: Date.now }, context.logger),
): Promise<Background> {
  const { config, repos, logger, jobs, schedules } = context;
  await jobs.start();
  const payments = scheduler.every(
    new PaymentReconcileTask({
      repos,
      logger,
      mailer,
      supportEmail: SUPPORT_EMAIL,
      paypal: createPayPalClient(config.paypal),
    }),
    config.jobs.paymentReconcileMs,
    (counts) => {
      if (counts.granted + counts.rejected + counts.refunded > 0)
        logger.info('payment orders reconciled', { ...counts });
    },
  );
  const reminders = scheduler.every(
    new ProReminderTask({ repos, mailer, publicUrl: config.publicUrl }),
    PRO_REMINDER_INTERVAL_MS,
    (sent) => {
      if (sent > 0) logger.info('Pro reminders sent', { sent });
    },
  );
  schedules.start(scheduler, (pass) => {
    if (pass.started + pass.finished + pass.deferred > 0)
      logger.info('scheduled crawls', { ...pass });
  });
  return {
    stop: async () => {
      await schedules.stop();
      await jobs.stop();
      await payments.stop();
      await reminders.stop();
    },
  };
}
