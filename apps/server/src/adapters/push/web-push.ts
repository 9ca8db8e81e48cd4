import { type LookupAddress, lookup } from 'node:dns';
import { Agent } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import webpush from 'web-push';
import { addressMatcher, type VapidSettings } from '../../config';
import { type PushSender, PushSubscriptionGone } from '../../ports/push';

export type WebPushOptions = {
  vapid: VapidSettings;
  /**
   * The certificate authorities to trust instead of the system's: the tests' stand-in push service
   * signs its own certificate. Unset (production), only publicly trusted services are reached.
   */
  ca?: string | Buffer;
  /**
   * Reach push services on loopback and private addresses (the tests' stand-in). Off, an endpoint
   * there is treated as gone: a member could otherwise make the server POST into our own network.
   */
  privateNetworks?: boolean;
  /** How long a connection to the push service may stay silent before the send fails. */
  socketTimeoutMs?: number;
};

/** Where no public push service lives: loopback, link-local, private, carrier-grade NAT, "this network". */
const isPrivateAddress = addressMatcher([
  'loopback',
  'linklocal',
  'uniquelocal',
  '0.0.0.0/8',
  '100.64.0.0/10',
  '::/128',
]);

class PrivateNetworkRefused extends Error {}

/** dns.lookup that refuses a name resolving to a private address (checked where the socket connects). */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))
      return callback(new PrivateNetworkRefused(`${hostname} resolves to a private address`), '', 0);
    const [first] = addresses as [LookupAddress];
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  });
};

const statusOf = (error: unknown) => (error instanceof webpush.WebPushError ? error.statusCode : undefined);

/**
 * The push sender of the web-push library (RFC 8030 with VAPID, RFC 8292, and the aes128gcm payload
 * encryption of RFC 8291): every push signed with our VAPID key pair. 404 and 410 mean the device
 * unsubscribed (PushSubscriptionGone); any other refusal or a network failure is thrown as it is,
 * for the worker to try again.
 */
export function createWebPushSender(options: WebPushOptions): PushSender & { close(): void } {
  const agent = new Agent({
    keepAlive: true,
    ...(options.ca ? { ca: options.ca } : {}),
    ...(options.privateNetworks ? {} : { lookup: publicOnlyLookup }),
  });
  const vapidDetails = {
    subject: options.vapid.subject,
    publicKey: options.vapid.publicKey,
    privateKey: options.vapid.privateKey,
  };
  return {
    kind: 'web-push',
    async send(target, push) {
      const host = new URL(target.endpoint).hostname.replace(/^\[(.*)\]$/, '$1');
      if (!options.privateNetworks && isIP(host) !== 0 && isPrivateAddress(host))
        throw new PushSubscriptionGone(`${host} is a private address, not a push service`);
      try {
        await webpush.sendNotification(target, push.payload, {
          vapidDetails,
          TTL: push.ttlSeconds,
          urgency: push.urgency,
          topic: push.topic,
          contentEncoding: 'aes128gcm',
          agent,
          timeout: options.socketTimeoutMs ?? 10_000,
        });
      } catch (error) {
        const status = statusOf(error);
        if (status === 404 || status === 410)
          throw new PushSubscriptionGone(`the push service answered ${status}`);
        if (error instanceof PrivateNetworkRefused) throw new PushSubscriptionGone(error.message);
        if (status !== undefined) {
          const body = error instanceof webpush.WebPushError ? error.body : '';
          throw new Error(`the push service answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`);
        }
        throw error;
      }
    },
    close: () => agent.destroy(),
  };
}
