import { ApiCallError } from '@mapsmith/core/browser';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useAuth } from '../app/auth';
import { useConfig, useSupportEmail } from '../app/config';
import { errorText } from '../app/errors';
import { formatDate } from '../app/format';
import { paypalScriptSrc, usePayPalScript } from '../app/paypal';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';

/** Redirect delay after a successful payment (spec §9). */
export const PAYMENT_REDIRECT_MS = 2000;

/** The payment card: the provider's button, or the not-configured text (spec §2, §8). */
export function PayPalCard() {
  const config = useConfig();
  const email = useSupportEmail();
  const api = useApi();
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const clientId = config?.paypal.clientId ?? null;
  const src =
    clientId && config?.paypal.scriptUrl
      ? paypalScriptSrc(config.paypal.scriptUrl, clientId)
      : null;
  const state = usePayPalScript(src);

  useEffect(() => {
    const el = container.current;
    if (state !== 'resolved' || !el || !window.paypal) return;
    el.replaceChildren();
    void window.paypal
      .Buttons({
        style: { layout: 'vertical', color: 'gold', shape: 'rect', label: 'pay' },
        createOrder: async () => {
          try {
            return (await api.call('paypal.createOrder', {})).orderID;
          } catch (err) {
            // Paid meanwhile in another tab: the page shows the pending payment instead.
            if (err instanceof ApiCallError && err.code === 'payment.pending')
              void auth.refresh(true);
            toast({
              title: 'Error',
              description: errorText(err, 'Failed to create PayPal order'),
              variant: 'error',
            });
            throw err;
          }
        },
        onApprove: async ({ orderID }) => {
          try {
            const answer = await api.call('paypal.captureOrder', { orderID });
            if (!answer.success) throw new Error('Failed to process payment');
            toast({
              title: 'Success!',
              description: answer.proUntil
                ? `You have Pro until ${formatDate(answer.proUntil)}. Redirecting to dashboard...`
                : 'You are now a Pro user. Redirecting to dashboard...',
              variant: 'success',
            });
            void auth.refresh(true);
            window.setTimeout(() => void navigate({ to: '/dashboard' }), PAYMENT_REDIRECT_MS);
          } catch (err) {
            // An eCheck or a payment under review: not an error, and Pro follows once it clears.
            const pending = err instanceof ApiCallError && err.code === 'payment.pending';
            // The pages say so from the user answer, and no longer offer a second payment.
            if (pending) void auth.refresh(true);
            toast({
              title: pending ? 'Payment Pending' : 'Payment Error',
              description: errorText(err, 'Failed to process payment'),
              variant: pending ? 'info' : 'error',
            });
          }
        },
        onError: () =>
          toast({
            title: 'Payment Error',
            description: 'An error occurred during payment. Please try again.',
            variant: 'error',
          }),
      })
      .render(el);
  }, [state, api, auth, toast, navigate]);

  if (config && !clientId) {
    return (
      <div className="notice" role="status">
        <p>
          <strong>Payment processing is not configured yet.</strong>
        </p>
        <p>
          For Pro access, e-mail <a href={`mailto:${email}?subject=Pro%20access`}>{email}</a> and we
          will set up your account.
        </p>
      </div>
    );
  }
  return (
    <div className="paypal-slot">
      {state === 'rejected' ? (
        <p className="form-error" role="alert">
          The payment options could not be loaded. Check your connection and reload the page.
        </p>
      ) : state !== 'resolved' ? (
        <p className="muted" role="status">
          Loading payment options...
        </p>
      ) : null}
      <div ref={container} data-testid="paypal-buttons" />
    </div>
  );
}
