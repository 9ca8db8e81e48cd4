import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_VAPID } from '../../../test/message-keys';
import { type PushStandIn, startPushStandIn } from '../../../test/push-stand-in';
import { type OutgoingPush, PushSubscriptionGone } from '../../ports/push';
import { createWebPushSender } from './web-push';

// The web-push sender on its own, against the stand-in push service: what production keeps strict
// (certificates, private networks) and how the service's answers come back.

let standIn: PushStandIn;
beforeAll(async () => {
  standIn = await startPushStandIn();
});
afterAll(async () => {
  await standIn?.close();
});

const push: OutgoingPush = {
  payload: JSON.stringify({ title: 'Hello', body: 'there', link: '/app', tag: 't' }),
  ttlSeconds: 60,
  urgency: 'normal',
  topic: 'abc',
};

async function withSender<T>(
  options: { ca?: string; privateNetworks?: boolean },
  body: (sender: ReturnType<typeof createWebPushSender>) => Promise<T>,
) {
  const sender = createWebPushSender({ vapid: TEST_VAPID, ...options });
  try {
    return await body(sender);
  } finally {
    sender.close();
  }
}

describe('the web-push sender', () => {
  it('delivers an encrypted push the service can read, with TTL, urgency and topic', async () => {
    const device = standIn.subscribe(TEST_VAPID.publicKey);
    await withSender({ ca: standIn.ca, privateNetworks: true }, (sender) =>
      sender.send(device.subscription, push),
    );
    expect(standIn.received(device)).toEqual([
      { payload: JSON.parse(push.payload), ttl: 60, urgency: 'normal', topic: 'abc' },
    ]);
    expect(standIn.problems).toEqual([]);
  });

  it('says a device is gone on 404 and 410, and throws anything else as a failure to retry', async () => {
    await withSender({ ca: standIn.ca, privateNetworks: true }, async (sender) => {
      for (const status of [404, 410]) {
        const device = standIn.subscribe(TEST_VAPID.publicKey);
        standIn.answer(device, status);
        await expect(sender.send(device.subscription, push)).rejects.toBeInstanceOf(PushSubscriptionGone);
      }
      for (const status of [400, 413, 429, 500]) {
        const device = standIn.subscribe(TEST_VAPID.publicKey);
        standIn.answer(device, status);
        const failure = await sender.send(device.subscription, push).catch((error: unknown) => error);
        expect(failure).not.toBeInstanceOf(PushSubscriptionGone);
        expect(String(failure)).toContain(`answered ${status}`);
      }
    });
  });

  it('trusts only publicly trusted certificates unless told otherwise', async () => {
    const device = standIn.subscribe(TEST_VAPID.publicKey);
    await withSender({ privateNetworks: true }, async (sender) => {
      const failure = await sender.send(device.subscription, push).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(PushSubscriptionGone);
    });
    expect(standIn.received(device)).toEqual([]);
  });

  it('treats an endpoint on a private network as gone, by address or by a name that resolves there', async () => {
    const device = standIn.subscribe(TEST_VAPID.publicKey);
    const byName = { ...device.subscription, endpoint: device.endpoint.replace('127.0.0.1', 'localhost') };
    await withSender({ ca: standIn.ca }, async (sender) => {
      for (const subscription of [
        device.subscription,
        byName,
        { ...device.subscription, endpoint: 'https://[::1]/push/x' },
        { ...device.subscription, endpoint: 'https://10.1.2.3/push/x' },
        { ...device.subscription, endpoint: 'https://169.254.169.254/latest/meta-data' },
      ])
        await expect(sender.send(subscription, push), subscription.endpoint).rejects.toBeInstanceOf(
          PushSubscriptionGone,
        );
    });
    expect(standIn.received(device)).toEqual([]);
  });
});
