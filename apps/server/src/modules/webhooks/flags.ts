import { reconciliationFlags } from '../../db/schema';
import type { Work } from '../../db/transaction';

/** Records something an admin must look at; the same (kind, reference) is flagged once (true if new). */
export async function flag(work: Work, kind: string, reference: string, detail: unknown): Promise<boolean> {
  const created = await work.tx
    .insert(reconciliationFlags)
    .values({ kind, reference, detail })
    .onConflictDoNothing()
    .returning({ id: reconciliationFlags.id });
  return created.length > 0;
}

/**
 * A payout the provider settled one way while our ledger settled it the other, as a flag's kind:
 * paid out although we released the amount back to the member, or failed although we posted it out.
 * Raised by the webhook that contradicts a settled withdrawal and by the reconciliation, once.
 */
export function payoutContradiction(
  provider: 'paid' | 'failed' | 'pending',
  ours: 'paid' | 'failed' | 'pending',
): 'payout_paid_but_released' | 'payout_posted_but_failed' | null {
  if (provider === 'paid' && ours === 'failed') return 'payout_paid_but_released';
  if (provider === 'failed' && ours === 'paid') return 'payout_posted_but_failed';
  return null;
}
