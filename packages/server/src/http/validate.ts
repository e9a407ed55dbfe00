import type { z } from 'zod';
import { describeZodError, HttpError } from './errors.js';

/** Parses `value` with `schema`; a failure becomes a 400 `{error: "Invalid input", message}`. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new HttpError(400, 'Invalid input', describeZodError(result.error), {}, 'input.invalid');
  return result.data;
}
