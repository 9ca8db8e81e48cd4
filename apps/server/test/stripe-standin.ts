import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small local stand-in of the Stripe API for the adapter's tests: the endpoints the adapter calls,
// with Stripe's form-encoded requests, idempotency keys honoured, and a record of every call.

export type StandInCall = {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
};

export type StandInPayout = {
  id: string;
  object: 'payout';
  amount: number;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  created: number;
  metadata: Record<string, string>;
};

export type StripeStandIn = {
  url: string;
  calls: StandInCall[];
  /** What GET /v1/checkout/sessions/:id reports. */
  sessions: Map<string, { payment_status: 'paid' | 'unpaid'; amount_total: number }>;
  /** Payouts made through POST /v1/payouts (or added by a test), as GET /v1/payouts lists them. */
  payouts: Map<string, StandInPayout>;
  /** Paths whose next requests fail with a 500, and how many times (the SDK retries twice). */
  failNext: Map<string, number>;
  close(): Promise<void>;
};

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const calls: StandInCall[] = [];
  const sessions: StripeStandIn['sessions'] = new Map();
  const byKey = new Map<string, unknown>();
  const failNext = new Map<string, number>();
  const payouts = new Map<string, StandInPayout>();
  const server: Server = createServer(async (request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const form = new URLSearchParams(await body(request));
    const key = request.headers['idempotency-key'] as string | undefined;
    calls.push({ method: request.method ?? '', path, form, idempotencyKey: key });
    const reply = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomUUID()}` });
      response.end(JSON.stringify(json));
    };
    const failures = failNext.get(path) ?? 0;
    if (failures > 0) {
      failNext.set(path, failures - 1);
      return reply(500, { error: { type: 'api_error', message: 'Stand-in failure' } });
    }
    const remembered = key ? byKey.get(`${path}:${key}`) : undefined;
    if (remembered) return reply(200, remembered);
    let result: unknown;
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${randomUUID().replaceAll('-', '')}`;
      sessions.set(id, {
        payment_status: 'unpaid',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
      });
      result = { id, object: 'checkout.session', url: `https://checkout.stripe.test/pay/${id}` };
    } else if (request.method === 'GET' && path.startsWith('/v1/checkout/sessions/')) {
      const id = path.slice('/v1/checkout/sessions/'.length);
      const session = sessions.get(id);
      if (!session)
        return reply(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      result = { id, object: 'checkout.session', ...session };
    } else if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      result = {
        id: `bps_${randomUUID()}`,
        object: 'billing_portal.session',
        url: 'https://billing.stripe.test/p/session',
      };
    } else if (request.method === 'DELETE' && path.startsWith('/v1/subscriptions/')) {
      result = { id: path.slice('/v1/subscriptions/'.length), object: 'subscription', status: 'canceled' };
    } else if (request.method === 'POST' && path === '/v1/payouts') {
      const payout: StandInPayout = {
        id: `po_${randomUUID().replaceAll('-', '')}`,
        object: 'payout',
        amount: Number(form.get('amount')),
        status: 'pending',
        created: Math.floor(Date.now() / 1000),
        metadata: Object.fromEntries(
          [...form.entries()]
            .filter(([name]) => name.startsWith('metadata['))
            .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
        ),
      };
      payouts.set(payout.id, payout);
      result = payout;
    } else if (request.method === 'GET' && path === '/v1/payouts') {
      result = { object: 'list', url: '/v1/payouts', has_more: false, data: [...payouts.values()].reverse() };
    } else {
      return reply(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
      });
    }
    if (key) byKey.set(`${path}:${key}`, result);
    reply(200, result);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    sessions,
    failNext,
    payouts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
