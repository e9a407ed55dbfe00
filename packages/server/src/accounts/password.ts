import type { Algorithm } from '@node-rs/argon2';
import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id parameters, set explicitly rather than trusting library defaults: OWASP's minimum
 * (m = 19 MiB, t = 2, p = 1). Raising them later is safe; old hashes carry their own parameters.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Argon2id (the package's const enum cannot be read under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes a password into a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown account) it still verifies
 * against a dummy hash, so the answer takes the same time whether the account exists or not.
 */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hashPassword('not-a-real-password-0000');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
