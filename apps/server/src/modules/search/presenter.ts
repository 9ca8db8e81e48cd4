import type { TierLevel } from '@royal/shared';
import type { LatLng } from '../../db/geo';
import { presentMemberCard } from '../members';
import type { SearchRow } from './statements';

// A search row as the member card every list shows, and as JSON kept once per snapshot card.

/**
 * A card as JSON with a gap where the viewer's distance goes: everything else on a card is the same
 * for every viewer of a snapshot (one tier cap), so it is presented and stringified once. The gap is
 * found from the end: `distance_miles` comes after every text field, and a quote inside text is escaped.
 */
export type CardJson = { before: string; after: string };
const DISTANCE_FIELD = '"distance_miles":';

export function cardJson(row: SearchRow, maxTier: TierLevel): CardJson {
  const text = JSON.stringify(presentCard(row, { geo: null, maxTier }));
  const at = text.lastIndexOf(`${DISTANCE_FIELD}null`);
  if (at < 0) throw new Error('a presented card has no distance field');
  return {
    before: text.slice(0, at + DISTANCE_FIELD.length),
    after: text.slice(at + DISTANCE_FIELD.length + 4),
  };
}

export const presentCard = (row: SearchRow, context: { geo: LatLng | null; maxTier: TierLevel }) =>
  presentMemberCard(
    { ...row, lastActive: new Date(row.lastActive) },
    row.photoIds.map((id) => ({ id })),
    context,
  );
