import { describe, expect, it } from 'vitest';
import { FailureThrottle } from './throttle.js';

describe('FailureThrottle', () => {
  it('locks after the limit within the window and unlocks as failures age out', () => {
    let now = 1_000_000;
    const throttle = new FailureThrottle(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfter('k')).toBe(0);
      throttle.fail('k');
      now += 1000;
    }
    expect(throttle.retryAfter('k')).toBe(57);
    expect(throttle.retryAfter('other')).toBe(0);
    now += 57_000;
    expect(throttle.retryAfter('k')).toBe(0);
    throttle.fail('k');
    throttle.fail('k');
    throttle.clear('k');
    expect(throttle.retryAfter('k')).toBe(0);
  });
});
