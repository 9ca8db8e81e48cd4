import type { Work } from '../../db/transaction';
import { postEntry } from '../wallet';

// Shared by the webhook effects that take card money (plan-paid.ts, plan-events.ts' renewal,
// boost-paid.ts): the same ledger entry whichever paid.

/** Card money the platform earned: provider clearing to revenue. */
export async function bookRevenue(
  work: Work,
  type: 'subscription' | 'boost',
  amountCents: number,
  eventId: string,
) {
  await postEntry(work.tx, new Map(), {
    type,
    providerEventId: eventId,
    legs: [
      { platform: 'platform_revenue', amountCents },
      { platform: 'provider_clearing', amountCents: -amountCents },
    ],
  });
}
