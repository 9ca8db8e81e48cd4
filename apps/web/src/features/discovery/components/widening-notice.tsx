import { deckWidenedNotice, type FeedPage } from '@royal/shared';
import { MapPin } from 'lucide-react';
import { createElement } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { TOAST_AVOID } from '@/lib/toast-lane';

/**
 * Where the deck first runs past the viewer's distance preference: that card, the preference, and
 * whether the deck starts there (no one within the preference at all).
 */
export type DeckWidening = { cardId: string; withinMiles: number; atStart: boolean };

/** The first page that says it widened, as the card it widened at (null while every card is near). */
export function firstWidening(pages: readonly FeedPage[] | undefined): DeckWidening | null {
  for (const [index, page] of (pages ?? []).entries()) {
    const card = page.widening ? page.items[page.widening.from_index] : undefined;
    if (page.widening && card) {
      const atStart = index === 0 && page.widening.from_index === 0;
      return { cardId: card.id, withinMiles: page.widening.within_miles, atStart };
    }
  }
  return null;
}

/**
 * A deck that starts beyond the preference says so in a toast over its first card (there is no
 * change of place to mark); one that reaches it after nearer cards shows the notice in place of the
 * card, once.
 */
export function announceWideningAtStart(withinMiles: number) {
  toast(deckWidenedNotice(withinMiles), {
    icon: createElement(MapPin, { 'aria-hidden': true, className: 'size-4' }),
  });
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
      {/* The swipe's toast that brought the member here must not sit on the way on. */}
      <Button {...TOAST_AVOID} variant="gold" onClick={onContinue} autoFocus>
        Show Members Further Away
      </Button>
    </StatusPanel>
  );
}
