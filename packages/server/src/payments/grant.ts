import type { OrderRow, Repositories } from '@mapsmith/app';
import { type Logger, moneyText } from '@mapsmith/core';
import type { Mailer } from '../mail/mailer.js';
import { receiptMail } from '../mail/messages.js';
import { addOneMonth } from './billing-period.js';
import { formatEndDate } from './pro-reminder.js';

/** A payment order row as the payments module reads it. */
export type { OrderRow } from '@mapsmith/app';

/** What a grant needs: the orders and users, and how its receipt goes. */
export interface GrantDeps {
  /** Orders and users (`repos.accounts`). */
  repos: Pick<Repositories, 'accounts'>;
  mailer: Mailer;
  logger: Logger;
  /** Where refunds are asked for. */
  supportEmail: string;
}

/**
 * Grants the month an order paid for: until one month after `now`, or after the current paid
 * period when the user renews early. Only an order still `created` or `pending` grants, in one
 * transaction under the user's lock, so two captures or reconciliations of the same order (on
 * any number of servers) grant once: the loser answers the winner's grant. The winner mails the
 * receipt (amount, the month bought, how to ask for the refund); a mail failure is logged and
 * never undoes or fails the grant.
 */
export async function grant(
  deps: GrantDeps,
  row: Pick<OrderRow, 'id' | 'user_id' | 'amount' | 'currency'>,
  captureId: string,
  nowMs: number,
): Promise<{ proUntil: string }> {
  const now = new Date(nowMs);
  const { proUntil, start } = await deps.repos.accounts.payments.grant(
    row,
    captureId,
    now.toISOString(),
    (currentProUntil) => {
      const current = currentProUntil ? new Date(currentProUntil) : null;
      const base = current && current > now ? current : now;
      return { start: base.toISOString(), proUntil: addOneMonth(base).toISOString() };
    },
  );
  if (start) await sendReceipt(deps, row, { paidAt: now, start, proUntil });
  return { proUntil };
}

async function sendReceipt(
  deps: GrantDeps,
  row: Pick<OrderRow, 'id' | 'user_id' | 'amount' | 'currency'>,
  period: { paidAt: Date; start: string; proUntil: string },
): Promise<void> {
  try {
    const user = await deps.repos.accounts.users.byId(row.user_id);
    if (!user) return;
    await deps.mailer.send(
      receiptMail(user.email, user.username, {
        amount: moneyText(row.amount, row.currency),
        paidOn: formatEndDate(period.paidAt.toISOString()),
        from: formatEndDate(period.start),
        until: formatEndDate(period.proUntil),
        orderId: row.id,
        supportEmail: deps.supportEmail,
      }),
    );
  } catch (err) {
    deps.logger.error('payment receipt could not be sent', {
      orderId: row.id,
      error: String(err),
    });
  }
}
