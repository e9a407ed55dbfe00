import type { Page } from '@playwright/test';

/**
 * A stand-in for PayPal's JS SDK with the same surface the subscribe page uses:
 * `paypal.Buttons({style, createOrder, onApprove, onError}).render(el)`. Its button runs the
 * buyer's side of the flow: createOrder, then onApprove with the order id (the local PayPal
 * server counts orders as approved), or onError when a callback throws, as the SDK does.
 */
const SDK = `
window.paypal = {
  Buttons(options) {
    return {
      render(container) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal Subscribe';
        button.dataset.style = JSON.stringify(options.style);
        button.addEventListener('click', async () => {
          try {
            const orderID = await options.createOrder();
            await options.onApprove({ orderID });
          } catch (err) {
            options.onError(err);
          }
        });
        container.append(button);
        return Promise.resolve();
      },
    };
  },
};
`;

/** Serves the SDK stand-in for every request to the SDK's URL; answers the URLs requested. */
export async function serveSdkStandIn(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route('https://www.paypal.com/sdk/js**', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: SDK });
  });
  return requested;
}
