import type { PushPublicKey } from '@royal/shared';
import type { AppContext } from '../../context';

/** The VAPID public key a browser subscribes with (its applicationServerKey). */
export function pushPublicKey(ctx: AppContext): PushPublicKey {
  return { public_key: ctx.config.vapid.publicKey };
}
