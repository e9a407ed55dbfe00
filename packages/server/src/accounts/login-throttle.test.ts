import { describe, expect, it } from 'vitest';
import { LoginThrottle, MAX_DELAY_SECONDS } from './login-throttle.js';

describe('LoginThrottle', () => {
  it('doubles the wait of a guessing client past its free failures, up to the cap', () => {
    let now = 1_000_000;
    const t = new LoginThrottle(() => now);
    for (let i = 0; i < 5; i++) {
      expect(t.wait('user:1', 'a')).toBe(0);
      t.fail('user:1', 'a');
    }
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const wait = t.wait('user:1', 'a');
      waits.push(wait);
      now += wait * 1000;
      t.fail('user:1', 'a');
    }
    expect(waits.slice(0, 5)).toEqual([1, 2, 4, 8, 16]);
    // Failures age out of the 15-minute window as the waits add up, so the wait levels off.
    expect(Math.max(...waits)).toBeGreaterThanOrEqual(256);
    expect(Math.max(...waits)).toBeLessThanOrEqual(MAX_DELAY_SECONDS);
    // Another client, and the same client on another account, go straight to the password.
    expect(t.wait('user:1', 'b')).toBe(0);
    expect(t.wait('user:2', 'a')).toBe(0);
  });

  it('delays every failing client once the account has many failures, never a fresh one', () => {
    let now = 0;
    const t = new LoginThrottle(() => now);
    for (let i = 0; i < 11; i++) t.fail('user:1', `ip${i}`);
    expect(t.wait('user:1', 'ip0')).toBe(2);
    expect(t.wait('user:1', 'fresh')).toBe(0);
    t.succeed('user:1', 'ip0');
    expect(t.wait('user:1', 'ip0')).toBe(0);
    now += 16 * 60 * 1000;
    t.fail('user:1', 'ip1');
    expect(t.wait('user:1', 'ip1')).toBe(0);
  });

  it('refuses a client address after 30 failures over any accounts', () => {
    const t = new LoginThrottle(() => 0);
    for (let i = 0; i < 30; i++) t.fail(`name:spray${i}`, 'x');
    expect(t.wait('name:new', 'x')).toBeGreaterThan(0);
    expect(t.wait('name:new', 'y')).toBe(0);
  });
});
