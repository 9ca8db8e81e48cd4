import { describe, expect, it } from 'vitest';
import type { PaymentEvent } from '../../ports/payments';
import { createMetrics } from './registry';

const base = { id: 'evt_1', created: 1_700_000_000 };

async function figure(
  metrics: ReturnType<typeof createMetrics>,
  name: string,
  labels: Record<string, string>,
) {
  const metric = metrics.registry.getSingleMetric(name);
  const { values } = (await metric?.get()) ?? { values: [] };
  const found = values.find((v) => Object.entries(labels).every(([k, l]) => String(v.labels[k]) === l));
  return found?.value;
}

describe('the app’s registry', () => {
  it('is one per app: two apps in one process keep their own figures', async () => {
    const a = createMetrics();
    const b = createMetrics();
    a.observeRequest('GET', '/api/me', 200, 0.003);
    expect(await figure(a, 'http_requests_total', { route: '/api/me', status_class: '2xx' })).toBe(1);
    expect(await figure(b, 'http_requests_total', { route: '/api/me' })).toBeUndefined();
  });

  it('counts a 5xx as an error of its route, and folds methods nobody routes into one label', async () => {
    const m = createMetrics();
    m.observeRequest('POST', '/api/wallet/transfers', 503, 2.1);
    m.observeRequest('POST', '/api/wallet/transfers', 201, 0.02);
    m.observeRequest('PROPFIND', undefined, 404, 0.001);
    expect(await figure(m, 'http_request_errors_total', { route: '/api/wallet/transfers' })).toBe(1);
    expect(
      await figure(m, 'http_requests_total', { route: '/api/wallet/transfers', status_class: '5xx' }),
    ).toBe(1);
    expect(
      await figure(m, 'http_requests_total', { route: '/api/wallet/transfers', status_class: '2xx' }),
    ).toBe(1);
    expect(await figure(m, 'http_requests_total', { method: 'OTHER', route: 'unmatched' })).toBe(1);
    const slow = await figure(m, 'http_request_duration_seconds', {
      le: '2.5',
      route: '/api/wallet/transfers',
    });
    expect(slow).toBe(2);
  });

  it('counts failed payments by kind, a cancelled checkout and a paid one not at all', async () => {
    const m = createMetrics();
    const events: PaymentEvent[] = [
      { ...base, type: 'checkout.failed', checkoutId: 'c1', outcome: 'declined' },
      { ...base, type: 'checkout.failed', checkoutId: 'c2', outcome: 'declined' },
      { ...base, type: 'checkout.failed', checkoutId: 'c3', outcome: 'expired' },
      { ...base, type: 'checkout.failed', checkoutId: 'c4', outcome: 'cancelled' },
      { ...base, type: 'checkout.paid', checkoutId: 'c5', amountCents: 500 },
      { ...base, type: 'payout.failed', withdrawalId: 'w1', payoutId: 'p1' },
      { ...base, type: 'payout.paid', withdrawalId: 'w2', payoutId: 'p2' },
      {
        ...base,
        type: 'payment.reversed',
        reason: 'disputed',
        chargeId: 'ch1',
        paymentIntentId: null,
        amountCents: 500,
      },
    ];
    for (const event of events) m.port.paymentEventApplied(event);
    const kinds = {
      checkout_declined: 2,
      checkout_expired: 1,
      payout_failed: 1,
      payment_disputed: 1,
      payment_refunded: 0,
    };
    for (const [kind, count] of Object.entries(kinds))
      expect(await figure(m, 'royal_payment_failures_total', { kind }), kind).toBe(count);
  });

  it('counts job runs and failures by job, each job’s failures from zero', async () => {
    const m = createMetrics();
    m.port.jobRan('match-expiry', 'completed');
    m.port.jobRan('transfer-release', 'failed');
    m.port.jobRan('transfer-release', 'completed');
    expect(await figure(m, 'royal_job_failures_total', { queue: 'match-expiry' })).toBe(0);
    expect(await figure(m, 'royal_job_failures_total', { queue: 'transfer-release' })).toBe(1);
    expect(await figure(m, 'royal_job_runs_total', { queue: 'transfer-release', outcome: 'completed' })).toBe(
      1,
    );
  });
});
