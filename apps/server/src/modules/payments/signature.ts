import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS, WebhookRejected } from '../../ports/payments';

// The sandbox signs its webhooks in Stripe's header scheme so one verification path serves both
// (the Stripe adapter verifies with the SDK; this is the same algorithm for the sandbox's secret).

export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function verifyPayload(
  payload: string,
  header: string | undefined,
  secret: string,
  now = Math.floor(Date.now() / 1000),
) {
  if (!header) throw new WebhookRejected('missing signature');
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0)
    throw new WebhookRejected('malformed signature');
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex'),
    'utf8',
  );
  const match = signatures.some((candidate) => {
    const given = Buffer.from(candidate, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!match) throw new WebhookRejected('signature does not match');
  if (Math.abs(now - timestamp) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookRejected('stale signature');
}
