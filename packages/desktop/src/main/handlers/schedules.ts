import { AppError, proRequired } from '@mapsmith/app';
import type { ScheduleCreateInput } from '@mapsmith/core';
import {
  localScheduleUseCases,
  NOT_ON_DESKTOP,
  refuseServerActions,
  type ScheduleDeps,
} from '../schedules/local-schedules';
import { LOCAL_USER_ID } from '../store/local-data';
import { currentPlan } from './account';

export type { ScheduleDeps } from '../schedules/local-schedules';

/** What scheduled crawls are, as a Pro refusal names them. */
const SCHEDULES_FEATURE = 'Scheduled crawls';

/** A schedule's reference in the contract. */
type ScheduleRef = { id: string };

/**
 * Refuses a desktop without a linked Pro account with the hosted `auth.pro-required`, worded
 * with the way out (linking), as bulk lists are.
 */
async function requirePro(deps: ScheduleDeps): Promise<void> {
  if ((await currentPlan(deps)) === 'pro') return;
  throw proRequired(SCHEDULES_FEATURE, {
    advice:
      'Link a Pro account with an API token (the Link Pro account button) to run them in the desktop app while it is open.',
  });
}

/** `schedules.list`: the local user's schedules, oldest first. */
export async function listSchedules(deps: ScheduleDeps) {
  await requirePro(deps);
  return localScheduleUseCases(deps).list(LOCAL_USER_ID);
}

/** `schedules.create`: refused when it asks for publishing, IndexNow or client mail. */
export async function createSchedule(deps: ScheduleDeps, input: ScheduleCreateInput) {
  await requirePro(deps);
  refuseServerActions(input);
  return localScheduleUseCases(deps).create(LOCAL_USER_ID, input);
}

/** `schedules.update`: the whole new definition, under the same refusal as create. */
export async function updateSchedule(deps: ScheduleDeps, input: ScheduleCreateInput & ScheduleRef) {
  await requirePro(deps);
  refuseServerActions(input);
  const { id, ...definition } = input;
  return localScheduleUseCases(deps).update(LOCAL_USER_ID, id, definition);
}

/** `schedules.pause`: pause or resume (a resumed schedule waits for its next slot). */
export async function pauseSchedule(deps: ScheduleDeps, input: ScheduleRef & { paused: boolean }) {
  await requirePro(deps);
  return localScheduleUseCases(deps).pause(LOCAL_USER_ID, input.id, input.paused);
}

/** `schedules.delete`. */
export async function deleteSchedule(deps: ScheduleDeps, input: ScheduleRef) {
  await requirePro(deps);
  await localScheduleUseCases(deps).delete(LOCAL_USER_ID, input.id);
  return { message: 'Schedule deleted' };
}

/** `schedules.rotateToken`: the token is the secret of a stable URL, which a desktop has none of. */
export async function rotateScheduleToken(): Promise<never> {
  throw new AppError('schedule.not-on-desktop', 'Not in the desktop app', NOT_ON_DESKTOP);
}
