/**
 * The schedules' storage port and records live with the other ports of the Pro features
 * (`repos/ports-pro.ts`); they are named here too for the schedule modules.
 */
export type {
  ScheduleClaim,
  ScheduleDefinition,
  ScheduleOwner,
  ScheduleRecord,
  ScheduleRepository,
} from '../repos/ports-pro.js';
