import { plural } from '@mapsmith/core';

/**
 * The error of a job whose runs kept being cut short (a server, a worker or the desktop app
 * stopped mid-run each time), given when it is claimed once more than allowed: the one
 * sentence of every kind, `what` naming the job ("crawl") and `done` what it had done ("3
 * pages had been stored"), when it says anything.
 */
export function interruptedText(what: string, attempts: number, done: string | null): string {
  const sofar = done ? `; ${done}` : '';
  return `The ${what} was interrupted ${plural(attempts, 'time')} (each time the server or the app running it stopped) and was stopped${sofar}. Please start it again.`;
}
