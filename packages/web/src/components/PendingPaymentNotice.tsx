import { moneyText, type User } from '@mapsmith/core/browser';
import { formatDate } from '../app/format';

/**
 * "A $3 payment from <date> is pending at PayPal; Pro starts when it clears" (issue 26, point 2),
 * from the user answer's `pendingPayment`; nothing when no payment is pending. `children` says
 * what this page does about it.
 */
export function PendingPaymentNotice(props: {
  user: Pick<User, 'pendingPayment'> | null;
  children?: React.ReactNode;
}) {
  const pending = props.user?.pendingPayment;
  if (!pending) return null;
  return (
    <div
      className="notice notice-warning payment-pending"
      role="status"
      data-testid="payment-pending"
    >
      <p>
        <strong>
          A {moneyText(pending.amount, pending.currency)} payment from {formatDate(pending.since)}{' '}
          is pending at PayPal; Pro starts when it clears.
        </strong>
      </p>
      {props.children}
    </div>
  );
}
