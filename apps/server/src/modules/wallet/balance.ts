import { AppError, ErrorCode } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { escrowWallets } from '../../db/schema';
import type { MemberActor } from '../auth';
import { presentWallet } from './presenter';

// The member's wallet as it stands: balance, held amount and their tier's range (GET /api/wallet).

export async function getWallet(ctx: AppContext, { actor }: { actor: MemberActor }) {
  const [row] = await ctx.db
    .select({ balanceCents: escrowWallets.currentBalanceCents, heldCents: escrowWallets.heldCents })
    .from(escrowWallets)
    .where(eq(escrowWallets.userId, actor.id));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'Wallet not found');
  return presentWallet(row, actor.tier);
}
