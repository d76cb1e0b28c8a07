/**
 * Payment gateways are an edge the API cannot reach in development and tests: card
 * payments (CIB and Edahabia, both through SATIM's ePayment REST API) sit behind this
 * interface. `SatimGateway` has the real request shapes and is used when its
 * credentials are configured; `DevGateway` is a checkout page of our own with a "Pay"
 * and a "Fail" button, used otherwise (never in production unless asked for).
 *
 * A payment is confirmed by a gateway event, `{id, kind, reference, amount, currency}`,
 * which the webhook route (server/payments/payLink.ts) applies once per (provider, id).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export interface CheckoutRequest {
  orderNumber: string;
  amount: number;
  currency: string;
  method: 'cib' | 'edahabia';
  description: string;
  returnUrl: string;
}

export interface PaymentGateway {
  readonly name: string;
  /** Registers an order and returns where the payer pays. */
  createCheckout(request: CheckoutRequest): Promise<{ reference: string; checkoutUrl: string }>;
  /** Refunds (part of) a paid order. */
  refund(request: { reference: string | null; amount: number; currency: string }): Promise<{ reference: string }>;
  /** The state of an order at the gateway. */
  status(reference: string): Promise<'pending' | 'paid' | 'failed'>;
  /** The event a webhook carries when its signature is good, else null. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): GatewayEvent | null;
}

export interface GatewayEvent {
  /** The provider's own id: the same event delivered twice has the same id. */
  id: string;
  kind: 'payment.succeeded' | 'payment.failed';
  /** The order's reference at the gateway (payments.gateway_reference). */
  reference: string;
  amount: number;
  currency: string;
}

export const SIGNATURE_HEADER = 'x-gateway-signature';

/** `sha256=<hex>` HMAC of the raw body, as our webhook expects it. */
export function signWebhook(secret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Checks the HMAC in constant time, then the event's shape; anything off is null. */
export function verifySignedEvent(secret: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): GatewayEvent | null {
  const given = headers[SIGNATURE_HEADER];
  if (typeof given !== 'string') return null;
  const expected = Buffer.from(signWebhook(secret, rawBody));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const ok = event !== null && typeof event === 'object'
    && typeof event.id === 'string' && event.id.length > 0 && event.id.length <= 200
    && (event.kind === 'payment.succeeded' || event.kind === 'payment.failed')
    && typeof event.reference === 'string' && event.reference.length > 0 && event.reference.length <= 100
    && Number.isSafeInteger(event.amount) && typeof event.currency === 'string';
  return ok ? { id: event.id as string, kind: event.kind as GatewayEvent['kind'], reference: event.reference as string, amount: event.amount as number, currency: event.currency as string } : null;
}

/** ISO 4217 numeric codes, as SATIM expects them. */
const CURRENCY_CODES: Record<string, string> = { DZD: '012', EUR: '978', USD: '840' };

/**
 * SATIM sends no webhook: when the payer comes back to the return URL, the order's state
 * is polled (`getOrderStatus.do`) and mapped onto the same event: OrderStatus 2 is
 * `payment.succeeded`, 3 and above (declined, reversed, refunded) `payment.failed`, 0
 * and 1 are still pending; the event id is `<orderId>:<OrderStatus>`, so a second poll
 * of the same outcome is a replay (see `pollGatewayEvent` in server/payments/payLink.ts).
 */
export class SatimGateway implements PaymentGateway {
  readonly name = 'satim';
  constructor(
    private readonly options: { baseUrl: string; userName: string; password: string; terminalId: string; fetch?: typeof fetch },
  ) {}

  private async call(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const url = new URL(`${this.options.baseUrl.replace(/\/$/, '')}/payment/rest/${path}`);
    for (const [k, v] of Object.entries({ userName: this.options.userName, password: this.options.password, ...params })) url.searchParams.set(k, v);
    const response = await (this.options.fetch ?? fetch)(url, { method: 'POST', signal: AbortSignal.timeout(15_000) });
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok || (body.errorCode !== undefined && String(body.errorCode) !== '0')) {
      throw new Error(`SATIM ${path} failed: ${String(body.errorMessage ?? response.status)}`);
    }
    return body;
  }

  async createCheckout(request: CheckoutRequest) {
    const body = await this.call('register.do', {
      orderNumber: request.orderNumber,
      amount: String(request.amount),
      currency: CURRENCY_CODES[request.currency] ?? '012',
      returnUrl: request.returnUrl,
      language: 'fr',
      description: request.description.slice(0, 100),
      jsonParams: JSON.stringify({ force_terminal_id: this.options.terminalId, udf1: request.orderNumber }),
    });
    return { reference: String(body.orderId), checkoutUrl: String(body.formUrl) };
  }

  async refund(request: { reference: string | null; amount: number; currency: string }) {
    if (!request.reference) throw new Error('SATIM refunds need the order id of the payment');
    await this.call('refund.do', { orderId: request.reference, amount: String(request.amount), currency: CURRENCY_CODES[request.currency] ?? '012' });
    return { reference: request.reference };
  }

  async status(reference: string) {
    const body = await this.call('getOrderStatus.do', { orderId: reference, language: 'fr' });
    const code = Number(body.OrderStatus);
    return code === 2 ? 'paid' : code === 0 || code === 1 ? 'pending' : 'failed';
  }

  verifyWebhook() {
    return null;
  }
}

interface DevOrder {
  amount: number;
  currency: string;
  description: string;
  returnUrl: string;
  status: 'pending' | 'paid' | 'failed';
}

/**
 * The development gateway: its checkout is our own page (/pay/dev-gateway/<reference>)
 * whose buttons call `complete`, which posts a signed webhook to our webhook route over
 * HTTP, as a real gateway would. Orders live in this process only.
 */
export class DevGateway implements PaymentGateway {
  readonly name = 'dev';
  private readonly orders = new Map<string, DevOrder>();
  constructor(private readonly options: { secret: string; fetch?: typeof fetch }) {}

  async createCheckout(request: CheckoutRequest) {
    const reference = `dev_${randomUUID()}`;
    this.orders.set(reference, { amount: request.amount, currency: request.currency, description: request.description, returnUrl: request.returnUrl, status: 'pending' });
    return { reference, checkoutUrl: `/pay/dev-gateway/${reference}` };
  }

  async refund() {
    return { reference: `dev_refund_${randomUUID()}` };
  }

  async status(reference: string) {
    return this.orders.get(reference)?.status ?? 'failed';
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
    return verifySignedEvent(this.options.secret, rawBody, headers);
  }

  /** What the checkout page shows; undefined for an unknown reference. */
  order(reference: string): Readonly<DevOrder> | undefined {
    return this.orders.get(reference);
  }

  /**
   * The payer pressed "Pay" or "Fail": the outcome is posted to `webhookUrl`, signed.
   * Returns where to send the payer back, or null when the order is unknown or done.
   */
  async complete(reference: string, outcome: 'paid' | 'failed', webhookUrl: string): Promise<string | null> {
    const order = this.orders.get(reference);
    if (!order || order.status !== 'pending') return null;
    const event: GatewayEvent = {
      id: `evt_${randomUUID()}`, kind: outcome === 'paid' ? 'payment.succeeded' : 'payment.failed', reference, amount: order.amount, currency: order.currency,
    };
    const body = JSON.stringify(event);
    const response = await (this.options.fetch ?? fetch)(webhookUrl, {
      method: 'POST', body, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(this.options.secret, body) }, signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`The webhook answered ${response.status}`);
    order.status = outcome;
    return order.returnUrl;
  }
}

/** Only for development and tests: production sets GATEWAY_WEBHOOK_SECRET. */
export const DEV_WEBHOOK_SECRET = 'dev-gateway-webhook-secret-not-for-production';

export function gatewayFromEnv(env: NodeJS.ProcessEnv = process.env, production = env.NODE_ENV === 'production'): PaymentGateway {
  if (env.SATIM_USERNAME && env.SATIM_PASSWORD && env.SATIM_TERMINAL_ID) {
    return new SatimGateway({
      baseUrl: env.SATIM_BASE_URL ?? 'https://test.satim.dz',
      userName: env.SATIM_USERNAME,
      password: env.SATIM_PASSWORD,
      terminalId: env.SATIM_TERMINAL_ID,
    });
  }
  // Its checkout page pays on a button press: a production server must ask for it by name.
  if (production && env.PAYMENT_GATEWAY !== 'dev') {
    throw new Error('No payment gateway: set the SATIM_* credentials, or PAYMENT_GATEWAY=dev for a demo.');
  }
  const secret = env.GATEWAY_WEBHOOK_SECRET || (production ? undefined : DEV_WEBHOOK_SECRET);
  if (!secret) throw new Error('GATEWAY_WEBHOOK_SECRET must be set in production.');
  return new DevGateway({ secret });
}
