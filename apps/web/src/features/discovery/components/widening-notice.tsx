import { deckWidenedNotice, type FeedPage } from '@royal/shared';
import { MapPin } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';

/** Where the deck first runs past the viewer's distance preference: that card, and the preference. */
export type DeckWidening = { cardId: string; withinMiles: number };

/** The first page that says it widened, as the card it widened at (null while every card is near). */
export function firstWidening(pages: readonly FeedPage[] | undefined): DeckWidening | null {
  for (const page of pages ?? []) {
    const card = page.widening ? page.items[page.widening.from_index] : undefined;
    if (page.widening && card) return { cardId: card.id, withinMiles: page.widening.within_miles };
  }
  return null;
}

/**
 * Said in place of the deck's next card when the members within the viewer's distance preference
 * have all been seen: the cards after it are further away, and the member chooses to go on.
 */
export function WideningNotice({ withinMiles, onContinue }: { withinMiles: number; onContinue: () => void }) {
  return (
    <StatusPanel
      Icon={MapPin}
      tone="royal"
      title="Widening your circle"
      description={deckWidenedNotice(withinMiles)}
      className="h-full justify-center"
    >
      <Button variant="gold" onClick={onContinue} autoFocus>
        Show Members Further Away
      </Button>
    </StatusPanel>
  );
}
