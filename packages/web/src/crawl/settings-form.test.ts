import { describe, expect, it } from 'vitest';
import { EMPTY_SETTINGS_FORM, settingsFromForm } from './settings-form';

describe('settingsFromForm', () => {
  it('sends nothing for a form left alone, so a free crawl is not refused', () => {
    expect(settingsFromForm(EMPTY_SETTINGS_FORM)).toBeUndefined();
  });

  it('sends only the fields that depart from the defaults, patterns one a line', () => {
    expect(
      settingsFromForm({
        ...EMPTY_SETTINGS_FORM,
        maxDepth: ' 5 ',
        exclude: '/tag/*\n\n  /author/*  ',
        scope: 'domain',
        userAgentSuffix: '  (ops@agency.test) ',
      }),
    ).toEqual({
      maxDepth: 5,
      exclude: ['/tag/*', '/author/*'],
      scope: 'domain',
      userAgentSuffix: '(ops@agency.test)',
    });
  });

  it('passes a number that is not whole on, for the server to refuse in words', () => {
    expect(
      settingsFromForm({ ...EMPTY_SETTINGS_FORM, delayMs: '1.5' })?.politenessDelayMs,
    ).toBeNaN();
  });
});
