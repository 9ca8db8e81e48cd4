import type { TierLevel } from '@royal/shared';
import { presentMemberCard, type ViewerContext } from '../members';
import type { SearchRow } from './statements';

// A search row as the member card every list shows, and as JSON kept once per snapshot card.

/**
 * A card as JSON with a gap where the viewer's distance goes: everything else on a card is the same
 * for every viewer of a snapshot (one tier cap) but the online status, which shows only to viewers
 * who show theirs (ViewerContext.seesOnline), so both endings are kept. It is presented and
 * stringified once. The gap is found from the end: `distance_miles` comes after every text field
 * (only `online` and `last_active` follow it), and a quote inside text is escaped.
 */
export type CardJson = { before: string; after: string; afterUnseenOnline: string };
const DISTANCE_FIELD = '"distance_miles":';

export function cardJson(row: SearchRow, maxTier: TierLevel): CardJson {
  const [seen, unseen] = [true, false].map((seesOnline) =>
    JSON.stringify(presentCard(row, { geo: null, maxTier, seesOnline })),
  ) as [string, string];
  const tail = (text: string) => {
    const at = text.lastIndexOf(`${DISTANCE_FIELD}null`);
    if (at < 0) throw new Error('a presented card has no distance field');
    return {
      before: text.slice(0, at + DISTANCE_FIELD.length),
      after: text.slice(at + DISTANCE_FIELD.length + 4),
    };
  };
  const { before, after } = tail(seen);
  return { before, after, afterUnseenOnline: tail(unseen).after };
}

export const presentCard = (row: SearchRow, context: ViewerContext) =>
  presentMemberCard(
    { ...row, lastActive: new Date(row.lastActive) },
    row.photoIds.map((id) => ({ id })),
    context,
  );
