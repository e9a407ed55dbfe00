import { describe, expect, it } from 'vitest';
import { forgotEmail, loginRules, matches, resetPassword, signupRules } from './rules';

describe('account field rules (spec §5)', () => {
  it('login: username 3, password 6', () => {
    expect(loginRules.username('ab')).toBe('Username must be at least 3 characters');
    expect(loginRules.username('abc')).toBeNull();
    expect(loginRules.password('12345')).toBe('Password must be at least 6 characters');
    expect(loginRules.password('123456')).toBeNull();
  });

  it('signup password: 12 characters, upper, lower, number, special, in that order', () => {
    expect(signupRules.password('Aa1!')).toBe('Password must be at least 12 characters');
    expect(signupRules.password('aaaaaaaaaa1!')).toBe(
      'Password must contain at least one uppercase letter',
    );
    expect(signupRules.password('AAAAAAAAAA1!')).toBe(
      'Password must contain at least one lowercase letter',
    );
    expect(signupRules.password('Aaaaaaaaaaa!')).toBe('Password must contain at least one number');
    expect(signupRules.password('Aaaaaaaaaaa1')).toBe(
      'Password must contain at least one special character',
    );
    expect(signupRules.password('Aaaaaaaaaa1!')).toBeNull();
  });

  it('reset password uses its own short messages', () => {
    expect(resetPassword('short')).toBe('Password must be at least 12 characters');
    expect(resetPassword('aaaaaaaaaa1!')).toBe('At least one uppercase');
    expect(resetPassword('AAAAAAAAAA1!')).toBe('At least one lowercase');
    expect(resetPassword('Aaaaaaaaaaa!')).toBe('At least one number');
    expect(resetPassword('Aaaaaaaaaaa1')).toBe('At least one special char');
  });

  it('emails and confirmation', () => {
    expect(signupRules.email('a@b')).toBe('Please enter a valid email address');
    expect(signupRules.email('a@b.co')).toBeNull();
    expect(forgotEmail('nope')).toBe('Enter a valid email');
    expect(matches('a', 'b')).toBe("Passwords don't match");
    expect(matches('a', 'a')).toBeNull();
  });
});
