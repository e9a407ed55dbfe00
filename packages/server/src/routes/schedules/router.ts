import { operations } from '@mapsmith/core';
import { type RequestHandler, Router } from 'express';
import { requireUser } from '../../auth/session.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';

/** Scheduled crawls are Pro: a free user is refused with `auth.pro-required`, and why. */
const requirePro: RequestHandler = (_req, res, next) => {
  if (!res.locals.user?.isPro)
    throw new HttpError(
      403,
      'Pro required',
      'Scheduled crawls are part of Mapsmith Pro. Upgrade to schedule daily, weekly or monthly crawls.',
      {},
      'auth.pro-required',
    );
  next();
};

/**
 * The schedule operations of issue 13 (hosted only, Pro): list, create, update, pause or
 * resume, delete and rotate the stable URL's token. Each reads as: who asks, parse with the
 * contract's schema, call `ScheduleService`, answer its shape.
 */
export function schedulesRouter(ctx: AppContext): Router {
  const router = Router();
  const service = ctx.schedules;
  const guard = [requireUser, requirePro];
  const userId = (res: { locals: { user?: { id: number } } }) => res.locals.user?.id ?? 0;

  router.get(operations['schedules.list'].path, ...guard, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await service.list(userId(res)));
  });
  router.post(operations['schedules.create'].path, ...guard, async (req, res) => {
    const input = parseInput(operations['schedules.create'].input, req.body ?? {});
    res.status(201).json(await service.create(userId(res), input));
  });
  router.post(operations['schedules.pause'].path, ...guard, async (req, res) => {
    const input = parseInput(operations['schedules.pause'].input, {
      ...(req.body ?? {}),
      id: req.params.id,
    });
    res.json(await service.pause(userId(res), input.id, input.paused));
  });
  router.post(operations['schedules.rotateToken'].path, ...guard, async (req, res) => {
    const { id } = parseInput(operations['schedules.rotateToken'].input, req.params);
    res.json(await service.rotateToken(userId(res), id));
  });
  router.post(operations['schedules.update'].path, ...guard, async (req, res) => {
    const { id, ...input } = parseInput(operations['schedules.update'].input, {
      ...(req.body ?? {}),
      id: req.params.id,
    });
    res.json(await service.update(userId(res), id, input));
  });
  router.delete(operations['schedules.delete'].path, ...guard, async (req, res) => {
    const { id } = parseInput(operations['schedules.delete'].input, req.params);
    await service.delete(userId(res), id);
    res.json({ message: 'Schedule deleted' });
  });
  return router;
}
