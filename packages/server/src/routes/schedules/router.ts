import { type AppError, proRequired } from '@mapsmith/app';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';

/** Scheduled crawls are Pro (http-routes.ts): a free user is refused with `auth.pro-required`, and why. */
function notPro(): AppError {
  return proRequired('Scheduled crawls', {
    advice: 'Upgrade to schedule daily, weekly or monthly crawls.',
  });
}

/**
 * The schedule operations of issue 13 (hosted only, Pro): list, create, update, pause or
 * resume, delete and rotate the stable URL's token. Each reads as: who asks, parse with the
 * contract's schema, call `ScheduleService`, answer its shape.
 */
export function schedulesRoutes(ctx: AppContext): RouteTable {
  const service = ctx.schedules;
  return {
    'schedules.list': { notPro, handle: (_input, { user }) => service.list(user.id) },
    'schedules.create': {
      notPro,
      handle: async (input, { user }) =>
        HttpResult.json(await service.create(user.id, input), { status: 201 }),
    },
    'schedules.pause': {
      notPro,
      handle: (input, { user }) => service.pause(user.id, input.id, input.paused),
    },
    'schedules.rotateToken': {
      notPro,
      handle: ({ id }, { user }) => service.rotateToken(user.id, id),
    },
    'schedules.update': {
      notPro,
      handle: ({ id, ...input }, { user }) => service.update(user.id, id, input),
    },
    'schedules.delete': {
      notPro,
      handle: async ({ id }, { user }) => {
        await service.delete(user.id, id);
        return { message: 'Schedule deleted' };
      },
    },
  };
}
