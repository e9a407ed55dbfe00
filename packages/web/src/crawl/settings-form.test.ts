import { describe, expect, it } from 'vitest';
import { EMPTY_SETTINGS_FORM, formFromSettings, settingsFromForm } from './settings-form';

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

  it('sends the staging login once a user name or password is typed, and header rows not left empty', () => {
    expect(
      settingsFromForm({
        ...EMPTY_SETTINGS_FORM,
        authUser: ' stager ',
        authPassword: 'pw',
        headers: [
          { name: ' Cookie ', value: 'staging=1' },
          { name: '', value: '' },
        ],
      }),
    ).toEqual({
      siteAuth: {
        basic: { username: 'stager', password: 'pw' },
        headers: [{ name: 'Cookie', value: 'staging=1' }],
      },
    });
    // A password alone still goes, so the server says the user name is missing under its field.
    expect(settingsFromForm({ ...EMPTY_SETTINGS_FORM, authPassword: 'pw' })?.siteAuth).toEqual({
      basic: { username: '', password: 'pw' },
    });
    expect(
      settingsFromForm({ ...EMPTY_SETTINGS_FORM, headers: [{ name: '', value: '' }] }),
    ).toBeUndefined();
  });

  it('shows a stored login as answered: the user name, and the masks it sends back to keep them', () => {
    const shown = {
      siteAuth: {
        basic: { username: 'stager', password: '••••' },
        headers: [{ name: 'Cookie', value: '••••' }],
      },
    };
    const form = formFromSettings(shown);
    expect(form.authUser).toBe('stager');
    expect(settingsFromForm(form)).toEqual(shown);
  });
});
