import { type APIRequestContext, expect } from '@playwright/test';

/** Makes the signed-in user Pro the real way: an order captured at the PayPal stand-in. */
export async function becomePro(request: APIRequestContext): Promise<void> {
  const order = await request.post('/api/paypal/create-order', { data: {} });
  expect(order.ok(), await order.text()).toBe(true);
  const { orderID } = (await order.json()) as { orderID: string };
  const capture = await request.post('/api/paypal/capture-order', { data: { orderID } });
  expect(capture.ok(), await capture.text()).toBe(true);
}
