import type { PayPalConfig } from '../config.js';

/** A failed PayPal call: HTTP status, PayPal's issue code (e.g. `INSTRUMENT_DECLINED`) and debug id. */
export class PayPalError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly issue: string | null = null,
    readonly debugId: string | null = null,
  ) {
    super(message);
    this.name = 'PayPalError';
  }
}

/** An amount as PayPal writes it. */
export interface Money {
  currency_code: string;
  value: string;
}

/** The parts of an Orders v2 order (or capture answer) we read. */
export interface PayPalOrder {
  id: string;
  status: string;
  purchase_units?: Array<{
    custom_id?: string;
    amount?: Money;
    payments?: {
      captures?: Array<{ id: string; status: string; amount?: Money; custom_id?: string }>;
    };
  }>;
}

/**
 * A capture as Payments v2 `GET /v2/payments/captures/{id}` shows it: status COMPLETED, DECLINED,
 * PARTIALLY_REFUNDED, PENDING, REFUNDED or FAILED, with `status_details.reason` (e.g. ECHECK).
 */
export interface PayPalCapture {
  id: string;
  status: string;
  status_details?: { reason?: string };
  amount?: Money;
  custom_id?: string;
}

/** The Orders v2 (and Payments v2) calls Mapsmith makes. */
export interface PayPalClient {
  /** `POST /v2/checkout/orders` with intent CAPTURE; `requestId` makes a retry create nothing new. */
  createOrder(input: {
    customId: string;
    amount: { value: string; currency: string };
    description: string;
    requestId: string;
  }): Promise<PayPalOrder>;
  /** `POST /v2/checkout/orders/{id}/capture`; the same `requestId` returns the first answer again. */
  captureOrder(orderId: string, requestId: string): Promise<PayPalOrder>;
  /** `GET /v2/payments/captures/{id}`: where a capture stands now (pending, completed, refunded). */
  getCapture(captureId: string): Promise<PayPalCapture>;
}

interface Token {
  value: string;
  expiresAt: number;
}

/**
 * The PayPal REST client over `fetch`: an OAuth client-credentials token (cached until shortly
 * before it expires), then the Orders v2 calls. The base URL comes from configuration, so tests
 * talk to a local server that speaks the same protocol. Null when payment is not configured.
 */
export function createPayPalClient(config: PayPalConfig, timeoutMs = 20_000): PayPalClient | null {
  const { clientId, clientSecret, apiBase } = config;
  if (!clientId || !clientSecret) return null;
  let token: Token | null = null;

  const call = async (path: string, init: RequestInit): Promise<unknown> => {
    let res: Response;
    try {
      res = await fetch(`${apiBase}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new PayPalError(`PayPal could not be reached: ${String(err)}`, null);
    }
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!res.ok) {
      const b = (body ?? {}) as {
        message?: string;
        error_description?: string;
        details?: Array<{ issue?: string; description?: string }>;
        debug_id?: string;
      };
      const detail = b.details?.[0];
      throw new PayPalError(
        detail?.description ?? b.message ?? b.error_description ?? `PayPal answered ${res.status}`,
        res.status,
        detail?.issue ?? null,
        b.debug_id ?? null,
      );
    }
    return body;
  };

  const accessToken = async (): Promise<string> => {
    if (token && token.expiresAt > Date.now()) return token.value;
    const body = (await call('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })) as { access_token?: string; expires_in?: number };
    if (!body?.access_token) throw new PayPalError('PayPal gave no access token', null);
    // Renew a minute early so a token never expires between check and use.
    token = {
      value: body.access_token,
      expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000,
    };
    return token.value;
  };

  const authed = async (path: string, requestId: string, payload: unknown) =>
    call(path, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await accessToken()}`,
        'Content-Type': 'application/json',
        'PayPal-Request-Id': requestId,
        Prefer: 'return=representation',
      },
      body: JSON.stringify(payload),
    }) as Promise<PayPalOrder>;

  return {
    createOrder: ({ customId, amount, description, requestId }) =>
      authed('/v2/checkout/orders', requestId, {
        intent: 'CAPTURE',
        purchase_units: [
          {
            custom_id: customId,
            description,
            amount: { currency_code: amount.currency, value: amount.value },
          },
        ],
      }),
    captureOrder: (orderId, requestId) =>
      authed(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, requestId, {}),
    getCapture: async (captureId) =>
      call(`/v2/payments/captures/${encodeURIComponent(captureId)}`, {
        method: 'GET',
        headers: { Authorization: `Bearer ${await accessToken()}` },
      }) as Promise<PayPalCapture>,
  };
}
