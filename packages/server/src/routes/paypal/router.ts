import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import { type CheckoutDeps, captureProOrder, createProOrder } from '../../payments/subscription.js';

/** `POST /api/paypal/create-order` and `POST /api/paypal/capture-order` (spec §7). */
export function paypalRoutes(deps: CheckoutDeps): RouteTable {
  return {
    'paypal.createOrder': async (_input, { user }) =>
      HttpResult.json({ orderID: await createProOrder(deps, user.id) }, { status: 201 }),

    'paypal.captureOrder': async ({ orderID }, { user }) => {
      const { proUntil } = await captureProOrder(deps, user.id, orderID);
      return { success: true, proUntil };
    },
  };
}
