import { invalidInput } from '@mapsmith/app';
import { usernameCharacterProblem } from '@mapsmith/core';

/**
 * The account rules of spec §5, enforced on the server with the spec's own messages so the
 * web form and the API say the same thing.
 */

/** Minimum username length (spec §9). */
export const USERNAME_MIN = 3;
/** Maximum username length: long enough for anyone, short enough to show. */
export const USERNAME_MAX = 64;
/** Minimum password length at signup and reset (spec §9). */
export const PASSWORD_MIN = 12;
/** Argon2 accepts more, but a cap keeps one request from hashing megabytes. */
export const PASSWORD_MAX = 256;

/** The address rule lives in the core contract (schedules' client addresses use it too). */
export { isValidEmail } from '@mapsmith/core';

/** The spec's messages for a new password, in order; empty when it is acceptable. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN) problems.push('Password must be at least 12 characters');
  if (password.length > PASSWORD_MAX) problems.push('Password must be at most 256 characters');
  if (!/[A-Z]/.test(password)) problems.push('Password must contain at least one uppercase letter');
  if (!/[a-z]/.test(password)) problems.push('Password must contain at least one lowercase letter');
  if (!/[0-9]/.test(password)) problems.push('Password must contain at least one number');
  if (!/[^A-Za-z0-9]/.test(password)) {
    problems.push('Password must contain at least one special character');
  }
  return problems;
}

/** The spec's messages for a username; empty when it is acceptable. */
export function usernameProblems(username: string): string[] {
  if (username.length < USERNAME_MIN) return ['Username must be at least 3 characters'];
  if (username.length > USERNAME_MAX) return ['Username must be at most 64 characters'];
  const characters = usernameCharacterProblem(username);
  return characters ? [characters] : [];
}

/**
 * Refuses an account input with the first of a field's rule messages (all of them in the
 * detail), naming the field in the error's `field` so the form shows it under that input.
 */
export function refuseField(field: string, problems: readonly string[]): void {
  if (problems.length === 0) return;
  throw invalidInput(field, problems.join('; '), problems[0] ?? '');
}
