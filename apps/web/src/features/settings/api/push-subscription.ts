import {
  emptyReplySchema,
  type PushPublicKey,
  type PushSubscriptionInput,
  pushPublicKeySchema,
} from '@royal/shared';
import { z } from 'zod';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';

// Web push (issue 40): the server's key a browser subscribes with, and this device's subscription
// turned on and off. Signed-in members only.

/** The server answers a new subscription 201 with an empty JSON `null`. */
const createdReplySchema = z.union([z.null(), emptyReplySchema]);

export function getPushKey(signal?: AbortSignal): Promise<PushPublicKey> {
  return api.get(apiPaths.pushKey, { schema: pushPublicKeySchema, signal });
}

export async function savePushSubscription(subscription: PushSubscriptionInput): Promise<void> {
  await api.post(apiPaths.pushSubscriptions, subscription, { schema: createdReplySchema });
}

/** Turns pushes off for the device whose subscription has `endpoint`. */
export async function removePushSubscription(endpoint: string): Promise<void> {
  await api.delete(apiPaths.pushSubscriptions, { schema: emptyReplySchema }, { endpoint });
}
