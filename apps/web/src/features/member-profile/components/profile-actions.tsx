import {
  type MatchSummary,
  type MemberProfile,
  nextSuperLikeSource,
  SUPER_LIKE_LIMIT_TEXT,
  type SwipeDirection,
  swipeBlock,
} from '@royal/shared';
import { MessageCircle, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Tooltip } from '@/components/ui/tooltip';
import { UpgradeDialog, type UpgradeDialogProps } from '@/components/ui/upgrade-dialog';
import { useCurrentMember } from '@/features/auth';
import {
  BUY_SUPER_LIKES_LABEL,
  MatchDialog,
  SuperLikesLeft,
  SwipeActionButton,
  useSwipe,
  useSwipeAllowance,
} from '@/features/discovery';
import { cn } from '@/lib/cn';
import { chatPath, paths } from '@/lib/paths';

const CAPTIONS: Readonly<Record<SwipeDirection, { idle: string; done: string }>> = {
  left: { idle: 'Pass', done: 'Passed' },
  right: { idle: 'Like', done: 'Liked' },
  up: { idle: 'Super Like', done: 'Super liked' },
};

const ORDER: readonly SwipeDirection[] = ['left', 'up', 'right'];

export const MATCH_FIRST_TEXT = 'Match first to message';

type Prompt = Pick<UpgradeDialogProps, 'message' | 'title' | 'action'>;
const SUPER_LIKE_OFFER: Prompt = {
  title: 'No Super Likes Left',
  message: SUPER_LIKE_LIMIT_TEXT,
  action: { label: BUY_SUPER_LIKES_LABEL, to: paths.boosts, Icon: Star },
};

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
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const swipe = useSwipe({ onMatch: setMatch, onSuperLikeLimit: () => setPrompt(SUPER_LIKE_OFFER) });
  const allowance = useSwipeAllowance(block === null);
  const done = profile.my_swipe;

  function act(direction: SwipeDirection) {
    if (block) {
      setPrompt({ message: block.message });
      return;
    }
    // The server's rule, mirrored: no allowance or token left offers the pack instead of a refusal.
    if (direction === 'up' && allowance.data && nextSuperLikeSource(allowance.data) === null) {
      setPrompt(SUPER_LIKE_OFFER);
      return;
    }
    swipe.mutate({ target_id: profile.id, direction });
  }

  return (
    <div className="flex flex-col items-center gap-2 sm:items-start">
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
          open={prompt !== null}
          onOpenChange={(open) => !open && setPrompt(null)}
          message={prompt?.message ?? ''}
          title={prompt?.title}
          action={prompt?.action}
        />
        <MatchDialog match={match} onClose={() => setMatch(null)} />
      </div>
      {done === null && !block && allowance.data && (
        <SuperLikesLeft allowance={allowance.data} className="sm:justify-start" />
      )}
    </div>
  );
}
