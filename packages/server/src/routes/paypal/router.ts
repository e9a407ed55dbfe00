import { operations } from '@mapsmith/core';
import { Router } from 'express';
import { requireUser } from '../../auth/session.js';
import { parseInput } from '../../http/validate.js';
import { type CheckoutDeps, captureProOrder, createProOrder } from '../../payments/subscription.js';

/** `POST /api/paypal/create-order` and `POST /api/paypal/capture-order` (spec §7). */
export function paypalRouter(deps: CheckoutDeps): Router {
  const router = Router();

  router.post(operations['paypal.createOrder'].path, requireUser, async (_req, res) => {
    const user = res.locals.user;
    if (!user) return;
    res.status(201).json({ orderID: await createProOrder(deps, user.id) });
  });

  router.post(operations['paypal.captureOrder'].path, requireUser, async (req, res) => {
    const user = res.locals.user;
    if (!user) return;
    const { orderID } = parseInput(operations['paypal.captureOrder'].input, req.body);
    const { proUntil } = await captureProOrder(deps, user.id, orderID);
    res.json({ success: true, proUntil });
  });

  return router;
}
