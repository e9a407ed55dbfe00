import { describe, expect, it } from 'vitest';
import { FAQ } from './faq';

const text = FAQ.flatMap((t) => t.items.map((i) => `${i.q} ${i.a}`))
  .join('\n')
  .toLowerCase();

describe('FAQ copy', () => {
  it('describes Pro as a one-month payment, not a subscription to cancel at PayPal', () => {
    expect(text).not.toContain('billed monthly');
    expect(text).not.toContain('cancel the subscription');
    expect(text).toContain('$3 for one month of pro, no automatic renewal, nothing to cancel');
  });

  it('does not call API tokens, which work today, "coming soon"', () => {
    expect(text).not.toContain('coming soon');
    expect(text).toContain('authorization: bearer');
  });
});
