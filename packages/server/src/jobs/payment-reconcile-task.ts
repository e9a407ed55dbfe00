import { type ReconcileDeps, reconcileDue } from '../payments/reconcile.js';
import type { BackgroundTask } from './task.js';

/** What one pass changed, by outcome. */
export type ReconcileCounts = Awaited<ReturnType<typeof reconcileDue>>;

/**
 * Reconciles payment orders with PayPal (there are no webhooks): pending captures that PayPal
 * completed grant Pro, declined ones are rejected, and refunded captures give their month back.
 */
export class PaymentReconcileTask implements BackgroundTask<number, ReconcileCounts> {
  /** A missed pass is simply done at the next one. */
  readonly maxAttempts = 1;

  /** Reconciles through `deps` (a null PayPal client makes every pass a no-op). */
  constructor(private readonly deps: ReconcileDeps) {}

  /** `now` is ms since the epoch; resolves with what changed. */
  perform(now: number): Promise<ReconcileCounts> {
    return reconcileDue(this.deps, now);
  }

  /** Logged only; no user sees it. */
  onFailed(error: unknown): string {
    return `payment reconciliation failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
