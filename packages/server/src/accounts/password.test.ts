import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('uses Argon2id with m=19456 KiB, t=2, p=1 and verifies only the right password', async () => {
    const stored = await hashPassword('Correct-Horse-42');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parseOptions(stored)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(stored, 'Correct-Horse-42')).toBe(true);
    expect(await verifyPassword(stored, 'correct-horse-42')).toBe(false);
    expect(await verifyPassword(null, 'Correct-Horse-42')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });
});
