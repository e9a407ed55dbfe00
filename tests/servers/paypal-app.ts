import { startTestApp, type TestApp } from './app-harness.js';
import { type PayPalStandIn, startPayPalStandIn } from './paypal-server.js';

/** The app configured against a PayPal stand-in of its own, both on loopback. */
export interface PayPalTestApp {
  paypal: PayPalStandIn;
  app: TestApp;
  close(): Promise<void>;
}

/** Starts a PayPal stand-in with these credentials and the app pointed at it. */
export async function startPayPalTestApp(
  clientId: string,
  clientSecret: string,
  env: Record<string, string> = {},
): Promise<PayPalTestApp> {
  const paypal = await startPayPalStandIn({ clientId, clientSecret });
  const app = await startTestApp({
    PAYPAL_CLIENT_ID: clientId,
    PAYPAL_CLIENT_SECRET: clientSecret,
    PAYPAL_API_BASE: paypal.url,
    ...env,
  });
  return {
    paypal,
    app,
    close: async () => {
      await app.close();
      await paypal.close();
    },
  };
}
