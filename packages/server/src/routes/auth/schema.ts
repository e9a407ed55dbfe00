import { z } from 'zod';

const text = (name: string) =>
  z.string({ error: `${name} is required` }).max(1000, `${name} is too long`);

/** `POST /api/register`: the rules themselves are checked with the spec's messages afterwards. */
export const registerInput = z.object({
  username: text('Username').trim(),
  email: text('Email').trim(),
  password: text('Password'),
});

/** `POST /api/login`: spec §5 login rules (username ≥ 3, password ≥ 6). */
export const loginInput = z.object({
  username: text('Username').trim().min(3, 'Username must be at least 3 characters'),
  password: text('Password').min(6, 'Password must be at least 6 characters'),
});

/** `POST /api/confirm-email`. */
export const confirmInput = z.object({ token: text('Token').min(1, 'Token is required') });

/** `POST /api/resend-confirmation`: the address is for a signed-out caller. */
export const resendInput = z.object({ email: text('Email').trim().optional() });

/** `POST /api/forgot-password`. */
export const forgotInput = z.object({ email: text('Email').trim() });

/** `POST /api/check-reset-token`. */
export const checkResetInput = z.object({
  token: text('Token').min(1, 'Reset token missing'),
});

/** `POST /api/reset-password`. */
export const resetInput = z.object({
  token: text('Token').min(1, 'Reset token missing'),
  password: text('Password'),
});
