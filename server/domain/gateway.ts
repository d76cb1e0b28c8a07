/**
 * Payment gateways are an edge the API cannot reach in development and tests: card
 * payments (CIB and Edahabia, both through SATIM's ePayment REST API) sit behind this
 * interface. `SatimGateway` has the real request shapes and is used when its
 * credentials are configured; `FakeGateway` answers at once and is used otherwise.
 */
import { randomUUID } from 'node:crypto';

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
}

/** ISO 4217 numeric codes, as SATIM expects them. */
const CURRENCY_CODES: Record<string, string> = { DZD: '012', EUR: '978', USD: '840' };

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
}

/** Answers at once; references look like the real ones. Used in development, tests and the demo. */
export class FakeGateway implements PaymentGateway {
  readonly name = 'fake';
  readonly calls: { op: string; amount?: number; reference?: string | null }[] = [];

  async createCheckout(request: CheckoutRequest) {
    const reference = `fake_${randomUUID()}`;
    this.calls.splice(0, Math.max(0, this.calls.length - 99));
    this.calls.push({ op: 'checkout', amount: request.amount, reference });
    return { reference, checkoutUrl: `https://pay.example.test/checkout/${reference}` };
  }

  async refund(request: { reference: string | null; amount: number }) {
    const reference = `fake_refund_${randomUUID()}`;
    this.calls.splice(0, Math.max(0, this.calls.length - 99));
    this.calls.push({ op: 'refund', amount: request.amount, reference: request.reference });
    return { reference };
  }

  async status() {
    return 'paid' as const;
  }
}

export function gatewayFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentGateway {
  if (env.SATIM_USERNAME && env.SATIM_PASSWORD && env.SATIM_TERMINAL_ID) {
    return new SatimGateway({
      baseUrl: env.SATIM_BASE_URL ?? 'https://test.satim.dz',
      userName: env.SATIM_USERNAME,
      password: env.SATIM_PASSWORD,
      terminalId: env.SATIM_TERMINAL_ID,
    });
  }
  return new FakeGateway();
}
