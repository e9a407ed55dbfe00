import { type LocalServer, listenLocal } from '../../servers/http-util';

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
        button.textContent = 'PayPal Pay';
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

/** The SDK stand-in server: where `PAYPAL_SDK_URL` points, and the URLs the page requested. */
export interface SdkStandIn extends LocalServer {
  /** The URL to give the app as `PAYPAL_SDK_URL`. */
  sdkUrl: string;
  /** Every SDK URL requested so far (with the query the app built), oldest first. */
  requested: string[];
}

/** Serves the SDK stand-in over real HTTP on loopback, as PayPal serves its SDK script. */
export async function startSdkStandIn(): Promise<SdkStandIn> {
  const requested: string[] = [];
  const server = await listenLocal((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/sdk/js') {
      res.writeHead(404).end();
      return;
    }
    requested.push(url.href);
    res.writeHead(200, { 'Content-Type': 'application/javascript' }).end(SDK);
  });
  return { ...server, sdkUrl: `${server.url}/sdk/js`, requested };
}
