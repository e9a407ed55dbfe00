import { schemas } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../tests/servers/app-harness.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({
    PAYPAL_CLIENT_ID: 'public-client-id',
    PAYPAL_CLIENT_SECRET: 'very-secret-value',
    PAYPAL_ENV: 'production',
  });
});

afterAll(async () => {
  await app.close();
});

describe('GET /api/config', () => {
  it('tells the web app the PayPal client id, environment and script, never the secret', async () => {
    const res = await fetch(`${app.url}/api/config`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('very-secret-value');
    const body = schemas.appConfig.parse(JSON.parse(text));
    expect(body.paypal.clientId).toBe('public-client-id');
    expect(body.paypal.environment).toBe('production');
    const script = new URL(body.paypal.scriptUrl);
    expect(script.origin + script.pathname).toBe('https://www.paypal.com/sdk/js');
    expect(script.searchParams.get('client-id')).toBe('public-client-id');
    expect(script.searchParams.get('intent')).toBe('capture');
    expect(script.searchParams.get('vault')).toBe('false');
    expect(body.shell).toBe('hosted');
  });

  it('loads the SDK from PAYPAL_SDK_URL when it is set (tests serve a local stand-in)', async () => {
    const local = await startTestApp({
      PAYPAL_CLIENT_ID: 'public-client-id',
      PAYPAL_CLIENT_SECRET: 'very-secret-value',
      PAYPAL_SDK_URL: 'http://127.0.0.1:9/sdk/js',
    });
    try {
      const body = schemas.appConfig.parse(await (await fetch(`${local.url}/api/config`)).json());
      const script = new URL(body.paypal.scriptUrl);
      expect(script.origin + script.pathname).toBe('http://127.0.0.1:9/sdk/js');
      expect(script.searchParams.get('client-id')).toBe('public-client-id');
    } finally {
      await local.close();
    }
  });
});
