import { usernameCharacterProblem } from '@mapsmith/core/browser';

/** A field's error message, or null when it is valid. */
export type Rule = (value: string) => string | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Login (spec §5): username at least 3, password at least 6 characters. An empty field asks
 * for its value instead (walkthrough defect 39: an empty form said "at least 6 characters",
 * which reads as the rule of a new password, 12 at sign-up).
 */
export const loginRules = {
  username: (v: string) => {
    if (v.trim() === '') return 'Enter your username or e-mail address';
    return v.trim().length < 3 ? 'Username must be at least 3 characters' : null;
  },
  password: (v: string) => {
    if (v === '') return 'Enter your password';
    return v.length < 6 ? 'Password must be at least 6 characters' : null;
  },
};

/** Signup password rules (spec §5), each with its own message; the first failing one shows. */
export function signupPassword(v: string): string | null {
  if (v.length < 12) return 'Password must be at least 12 characters';
  if (!/[A-Z]/.test(v)) return 'Password must contain at least one uppercase letter';
  if (!/[a-z]/.test(v)) return 'Password must contain at least one lowercase letter';
  if (!/[0-9]/.test(v)) return 'Password must contain at least one number';
  if (!/[^A-Za-z0-9]/.test(v)) return 'Password must contain at least one special character';
  return null;
}

/** Signup (spec §5). */
export const signupRules = {
  username: (v: string) =>
    (v.trim().length < 3 ? 'Username must be at least 3 characters' : null) ??
    usernameCharacterProblem(v.trim()),
  email: (v: string) => (EMAIL.test(v.trim()) ? null : 'Please enter a valid email address'),
  password: signupPassword,
};

/** Forgot password (spec §5). */
export function forgotEmail(v: string): string | null {
  return EMAIL.test(v.trim()) ? null : 'Enter a valid email';
}

/** Reset password (spec §5): its own shorter messages. */
export function resetPassword(v: string): string | null {
  if (v.length < 12) return 'Password must be at least 12 characters';
  if (!/[A-Z]/.test(v)) return 'At least one uppercase';
  if (!/[a-z]/.test(v)) return 'At least one lowercase';
  if (!/[0-9]/.test(v)) return 'At least one number';
  if (!/[^A-Za-z0-9]/.test(v)) return 'At least one special char';
  return null;
}

/** The confirmation must equal the password (spec §5), shown on the confirmation field. */
export function matches(password: string, confirm: string): string | null {
  return password === confirm ? null : "Passwords don't match";
}
