import { type MatchSummary, type MemberProfile, type SwipeDirection, swipeBlock } from '@royal/shared';
import { MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Tooltip } from '@/components/ui/tooltip';
import { UpgradeDialog } from '@/components/ui/upgrade-dialog';
import { useCurrentMember } from '@/features/auth';
import { MatchDialog, SwipeActionButton, useSwipe } from '@/features/discovery';
import { cn } from '@/lib/cn';
import { chatPath } from '@/lib/paths';

const CAPTIONS: Readonly<Record<SwipeDirection, { idle: string; done: string }>> = {
  left: { idle: 'Pass', done: 'Passed' },
  right: { idle: 'Like', done: 'Liked' },
  up: { idle: 'Super Like', done: 'Super liked' },
};

const ORDER: readonly SwipeDirection[] = ['left', 'up', 'right'];

export const MATCH_FIRST_TEXT = 'Match first to message';

const MESSAGE_CIRCLE =
  'inline-flex size-14 items-center justify-center rounded-full border border-border bg-surface text-primary shadow-[0_10px_30px_-14px_rgba(44,20,80,0.55)] transition group-active:scale-95 dark:text-gold-300';

/**
 * Pass / Super Like / Like / Message on a profile page. The swipes are real (the same mutation,
 * toasts and match celebration as the deck); once swiped they stay disabled and say what was done.
 */
export function ProfileActions({ profile }: { profile: MemberProfile }) {
  const me = useCurrentMember();
  const block = swipeBlock(me);
  const hintId = useId();
  const [match, setMatch] = useState<MatchSummary | null>(null);
  const [upgradeMessage, setUpgradeMessage] = useState<string | null>(null);
  const swipe = useSwipe({ onMatch: setMatch });
  const done = profile.my_swipe;

  function act(direction: SwipeDirection) {
    if (block) {
      setUpgradeMessage(block.message);
      return;
    }
    swipe.mutate({ target_id: profile.id, direction });
  }

  return (
    <div className="flex items-start justify-center gap-2 sm:justify-start sm:gap-4">
      {ORDER.map((direction) => (
        <SwipeActionButton
          key={direction}
          direction={direction}
          size="md"
          caption={done === direction ? CAPTIONS[direction].done : CAPTIONS[direction].idle}
          disabled={done !== null || swipe.isPending}
          onClick={() => act(direction)}
          className={cn(done === direction && 'disabled:opacity-100')}
        />
      ))}

      {profile.match_id ? (
        <Link
          to={chatPath(profile.match_id)}
          className="group inline-flex min-w-16 flex-col items-center gap-1.5 rounded-2xl p-1 font-semibold text-foreground text-xs"
        >
          <span className={MESSAGE_CIRCLE}>
            <MessageCircle aria-hidden="true" className="size-6" />
          </span>
          Message
        </Link>
      ) : (
        <Tooltip content={MATCH_FIRST_TEXT}>
          <button
            type="button"
            aria-disabled="true"
            aria-describedby={hintId}
            onClick={(event) => event.preventDefault()}
            className="group inline-flex min-w-16 cursor-not-allowed flex-col items-center gap-1.5 rounded-2xl p-1 font-semibold text-foreground text-xs opacity-55"
          >
            <span className={cn(MESSAGE_CIRCLE, 'shadow-none')}>
              <MessageCircle aria-hidden="true" className="size-6" />
            </span>
            Message
          </button>
        </Tooltip>
      )}
      {!profile.match_id && (
        <span id={hintId} className="sr-only">
          {MATCH_FIRST_TEXT}
        </span>
      )}

      <UpgradeDialog
        open={upgradeMessage !== null}
        onOpenChange={(open) => !open && setUpgradeMessage(null)}
        message={upgradeMessage ?? ''}
      />
      <MatchDialog match={match} onClose={() => setMatch(null)} />
    </div>
  );
}
