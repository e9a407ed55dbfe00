import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { type LocalServer, listenLocal, readBody, sendJson } from './http-util.js';

/**
 * How the next captures answer. `complete` is PayPal's happy path; the others are the failures
 * Mapsmith must survive without granting Pro.
 */
export type CaptureBehaviour =
  | 'complete'
  | 'declined' // 422 INSTRUMENT_DECLINED
  | 'not-approved' // 422 ORDER_NOT_APPROVED
  | 'pending' // 201, capture status PENDING
  | 'wrong-amount' // 201 COMPLETED, but 1.00 captured
  | 'wrong-currency' // 201 COMPLETED, in EUR
  | 'wrong-custom-id' // 201 COMPLETED, naming another order
  | 'server-error'; // 500

/** One order the stand-in holds. */
export interface StandInOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  customId: string;
  amount: { currency_code: string; value: string };
}

/** A started PayPal stand-in. */
export interface PayPalStandIn extends LocalServer {
  /** Orders by id. */
  orders: Map<string, StandInOrder>;
  /** Every request received: method, path and the PayPal-Request-Id header. */
  requests: Array<{ method: string; path: string; requestId: string | undefined }>;
  /** Sets how captures answer from now on (default `complete`). */
  setCaptureBehaviour(behaviour: CaptureBehaviour): void;
}

/**
 * Starts a local server speaking the PayPal REST calls Mapsmith makes: `POST /v1/oauth2/token`
 * (client credentials with Basic auth), `POST /v2/checkout/orders`, `POST
 * /v2/checkout/orders/{id}/capture` and `GET /v2/checkout/orders/{id}`. Bearer tokens are
 * checked; `PayPal-Request-Id` replays the first successful answer, as PayPal does (a declined
 * capture may be retried after the buyer picks another funding source). Orders count as approved
 * by the buyer as soon as they exist (there is no buyer here).
 */
export async function startPayPalStandIn(
  credentials = { clientId: 'test-client', clientSecret: 'test-secret' },
): Promise<PayPalStandIn> {
  const orders = new Map<string, StandInOrder>();
  const requests: PayPalStandIn['requests'] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const tokens = new Set<string>();
  let behaviour: CaptureBehaviour = 'complete';

  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    requests.push({ method: req.method ?? '', path, requestId });
    const body = await readBody(req);
    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || body !== 'grant_type=client_credentials') {
        return sendJson(res, 401, {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        });
      }
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return sendJson(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 32400 });
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(bearer))
      return sendJson(res, 401, {
        name: 'AUTHENTICATION_FAILURE',
        message: 'Authentication failed',
      });
    const key = requestId ? `${path} ${requestId}` : null;
    const cached = key ? replies.get(key) : undefined;
    if (cached) return sendJson(res, cached.status, cached.body);
    const reply = answer(req.method ?? '', path, body);
    if (key && reply.status < 300) replies.set(key, reply);
    return sendJson(res, reply.status, reply.body);
  };

  const answer = (
    method: string,
    path: string,
    body: string,
  ): { status: number; body: unknown } => {
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const input = JSON.parse(body || '{}');
      const unit = input.purchase_units?.[0];
      if (input.intent !== 'CAPTURE' || !unit?.amount?.value || !unit.amount.currency_code) {
        return {
          status: 400,
          body: { name: 'INVALID_REQUEST', details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }] },
        };
      }
      const id = randomBytes(8).toString('hex').toUpperCase();
      orders.set(id, { id, status: 'APPROVED', customId: unit.custom_id, amount: unit.amount });
      return {
        status: 201,
        body: {
          id,
          status: 'CREATED',
          links: [{ rel: 'approve', href: `https://paypal.test/checkoutnow?token=${id}` }],
        },
      };
    }
    const match = path.match(/^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/);
    const order = match ? orders.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!match || !order)
      return {
        status: 404,
        body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] },
      };
    if (method === 'GET' && !match[2])
      return { status: 200, body: { id: order.id, status: order.status } };
    if (method !== 'POST' || !match[2])
      return { status: 405, body: { name: 'METHOD_NOT_SUPPORTED' } };
    if (order.status === 'COMPLETED')
      return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.');
    if (behaviour === 'declined')
      return unprocessable(
        'INSTRUMENT_DECLINED',
        'The instrument presented was either declined by the processor or bank.',
      );
    if (behaviour === 'not-approved')
      return unprocessable(
        'ORDER_NOT_APPROVED',
        'Payer has not yet approved the Order for payment.',
      );
    if (behaviour === 'server-error')
      return { status: 500, body: { name: 'INTERNAL_SERVER_ERROR' } };
    const amount =
      behaviour === 'wrong-amount'
        ? { ...order.amount, value: '1.00' }
        : behaviour === 'wrong-currency'
          ? { ...order.amount, currency_code: 'EUR' }
          : order.amount;
    const customId = behaviour === 'wrong-custom-id' ? 'someone-elses-order' : order.customId;
    const captureStatus = behaviour === 'pending' ? 'PENDING' : 'COMPLETED';
    order.status = 'COMPLETED';
    return {
      status: 201,
      body: {
        id: order.id,
        status: 'COMPLETED',
        purchase_units: [
          {
            payments: {
              captures: [
                {
                  id: `CAP-${order.id}`,
                  status: captureStatus,
                  amount,
                  custom_id: customId,
                  final_capture: true,
                },
              ],
            },
          },
        ],
      },
    };
  };

  const server = await listenLocal((req, res) => {
    handler(req, res).catch(() => sendJson(res, 500, { name: 'INTERNAL_SERVER_ERROR' }));
  });
  return {
    ...server,
    orders,
    requests,
    setCaptureBehaviour: (b) => {
      behaviour = b;
    },
  };
}

function unprocessable(issue: string, description: string) {
  return {
    status: 422,
    body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue, description }], debug_id: 'standin' },
  };
}
