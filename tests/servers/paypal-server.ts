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

/** A capture status as Payments v2 reports it. */
export type StandInCaptureStatus =
  | 'COMPLETED'
  | 'DECLINED'
  | 'PARTIALLY_REFUNDED'
  | 'PENDING'
  | 'REFUNDED'
  | 'FAILED';

/** One capture the stand-in holds, served by `GET /v2/payments/captures/{id}`. */
export interface StandInCapture {
  id: string;
  orderId: string;
  status: StandInCaptureStatus;
  /** `status_details.reason`, e.g. ECHECK while pending. */
  reason?: string;
  amount: { currency_code: string; value: string };
  customId: string;
}

/** A started PayPal stand-in. */
export interface PayPalStandIn extends LocalServer {
  /** Orders by id. */
  orders: Map<string, StandInOrder>;
  /** Every request received: method, path and the PayPal-Request-Id header. */
  requests: Array<{ method: string; path: string; requestId: string | undefined }>;
  /** Captures by id (every capture answered 201 is kept, so tests can settle or refund it). */
  captures: Map<string, StandInCapture>;
  /** Sets how captures answer from now on (default `complete`). */
  setCaptureBehaviour(behaviour: CaptureBehaviour): void;
  /**
   * Moves a capture on, as PayPal does later (a pending eCheck clears or bounces, a merchant
   * refunds): e.g. `{ status: 'COMPLETED' }`, `{ status: 'REFUNDED' }`, or a changed amount.
   * Throws on an unknown capture id.
   */
  updateCapture(captureId: string, change: Partial<Omit<StandInCapture, 'id' | 'orderId'>>): void;
}

/**
 * Starts a local server speaking the PayPal REST calls Mapsmith makes: `POST /v1/oauth2/token`
 * (client credentials with Basic auth), `POST /v2/checkout/orders`, `POST
 * /v2/checkout/orders/{id}/capture`, `GET /v2/checkout/orders/{id}` and (Payments v2) `GET
 * /v2/payments/captures/{id}`. Bearer tokens are
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
  const captures = new Map<string, StandInCapture>();
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
    const captureMatch = path.match(/^\/v2\/payments\/captures\/([^/]+)$/);
    if (captureMatch) {
      const capture = captures.get(decodeURIComponent(captureMatch[1] ?? ''));
      if (!capture || method !== 'GET') {
        return {
          status: 404,
          body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] },
        };
      }
      return { status: 200, body: captureBody(capture) };
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
    const capture: StandInCapture = {
      id: `CAP-${order.id}`,
      orderId: order.id,
      status: captureStatus,
      reason: behaviour === 'pending' ? 'ECHECK' : undefined,
      amount,
      customId,
    };
    captures.set(capture.id, capture);
    return {
      status: 201,
      body: {
        id: order.id,
        status: 'COMPLETED',
        purchase_units: [
          {
            payments: {
              captures: [captureBody(capture)],
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
    captures,
    setCaptureBehaviour: (b) => {
      behaviour = b;
    },
    updateCapture: (captureId, change) => {
      const capture = captures.get(captureId);
      if (!capture) throw new Error(`the stand-in has no capture ${captureId}`);
      Object.assign(capture, change);
    },
  };
}

/** A capture in PayPal's shape (status, status_details, amount, custom_id, links...). */
function captureBody(c: StandInCapture) {
  const href = `https://api-m.sandbox.paypal.com/v2/payments/captures/${c.id}`;
  return {
    id: c.id,
    status: c.status,
    ...(c.reason ? { status_details: { reason: c.reason } } : {}),
    amount: c.amount,
    custom_id: c.customId,
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE' },
    supplementary_data: { related_ids: { order_id: c.orderId } },
    create_time: '2026-11-21T10:00:00Z',
    update_time: '2026-11-21T10:00:00Z',
    links: [
      { href, rel: 'self', method: 'GET' },
      { href: `${href}/refund`, rel: 'refund', method: 'POST' },
      {
        href: `https://api-m.sandbox.paypal.com/v2/checkout/orders/${c.orderId}`,
        rel: 'up',
        method: 'GET',
      },
    ],
  };
}

function unprocessable(issue: string, description: string) {
  return {
    status: 422,
    body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue, description }], debug_id: 'standin' },
  };
}
