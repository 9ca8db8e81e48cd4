import {
  INTEREST_ACTION_TEXT,
  type InterestRow as InterestRowData,
  type LockedCard,
  lockedProfileMessage,
  type MemberCard,
  relativeTime,
} from '@royal/shared';
import { Crown, Lock, MapPin, MessageCircle, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { TierBadge } from '@/components/ui/tier-badge';
import { UpgradeDialog } from '@/components/ui/upgrade-dialog';
import { VerifiedMark } from '@/components/ui/verified-mark';
import { messagePath, profilePath } from '@/lib/paths';

export type InterestRowProps = {
  row: InterestRowData;
  /** Only My Favorites rows can be removed (never a locked one). */
  onRemove?: () => void;
};

const ROW =
  'flex items-center gap-2 rounded-2xl border border-border bg-surface p-2 shadow-[0_8px_24px_-18px_rgba(44,20,80,0.4)] sm:gap-3 sm:p-3';

/**
 * One person on the Interests screen: who, what they did and when; opens their profile. A member
 * above the viewer's tier comes masked by the server and is shown as a locked row instead.
 */
export function InterestRow({ row, onRemove }: InterestRowProps) {
  return row.member.locked ? (
    <LockedInterestRow row={row} card={row.member} />
  ) : (
    <MemberInterestRow row={row} member={row.member} onRemove={onRemove} />
  );
}

function ActionLine({ row }: { row: InterestRowData }) {
  return (
    <span className="truncate text-muted-foreground text-sm">
      {INTEREST_ACTION_TEXT[row.action]}
      <span aria-hidden="true"> · </span>
      <time dateTime={row.at}>{relativeTime(row.at)}</time>
    </span>
  );
}

function MemberInterestRow({
  row,
  member,
  onRemove,
}: {
  row: InterestRowData;
  member: MemberCard;
  onRemove?: () => void;
}) {
  const navigate = useNavigate();
  return (
    <li className={ROW}>
      <Link
        to={profilePath(member.id)}
        className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-xl p-1 transition hover:bg-surface-muted/70"
      >
        <span className="relative shrink-0">
          <MemberAvatar name={member.name} src={member.avatar} />
          {member.online && (
            <span className="absolute right-0 bottom-0 size-3 rounded-full bg-emerald-500 ring-2 ring-surface">
              <span className="sr-only">Online now</span>
            </span>
          )}
        </span>
        <span className="@container flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex min-w-0 items-center gap-1.5">
            <span className="truncate font-semibold text-foreground">
              {member.name}, {member.age}
            </span>
            {member.verified && <VerifiedMark className="text-sky-600 dark:text-sky-300" />}
            {/* The name comes first: in a narrow row the badge keeps its icon alone. */}
            <TierBadge tier={member.tier_level} label="fit" />
          </span>
          <ActionLine row={row} />
          <span className="flex min-w-0 items-center gap-1 text-muted-foreground text-xs">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">
              {member.city}, {member.state}
            </span>
          </span>
        </span>
      </Link>
      <div className="flex shrink-0 items-center gap-1.5">
        <Button
          variant="outline"
          aria-label={`Message ${member.name}`}
          onClick={() => navigate(messagePath(member.id, row.match_id))}
          className="max-sm:size-11 max-sm:px-0"
        >
          <MessageCircle aria-hidden="true" className="size-4" />
          <span className="max-sm:sr-only">Message</span>
        </Button>
        {onRemove && (
          <Button
            variant="ghost"
            aria-label={`Remove ${member.name} from favorites`}
            data-removes-row
            onClick={onRemove}
            className="text-rose-700 hover:bg-rose-50 max-sm:size-11 max-sm:px-0 dark:text-rose-300 dark:hover:bg-rose-950/40"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            <span className="max-sm:sr-only">Remove</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * A member above the viewer's visible tier ("see who likes you"): blurred photo, tier and age only,
 * the invitation to upgrade and an Upgrade action. It opens no profile and offers no Message or Remove.
 */
function LockedInterestRow({ row, card }: { row: InterestRowData; card: LockedCard }) {
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const messageId = useId();
  const message = lockedProfileMessage(card.required_tier);
  return (
    <li
      data-locked=""
      className={`${ROW} flex-wrap border-gold-400/40 bg-gradient-to-r from-surface to-royal-50/70 dark:to-royal-900/40`}
    >
      <div className="flex min-h-11 min-w-0 flex-1 basis-56 items-center gap-3 p-1">
        <span className="relative flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-royal-600 to-royal-950">
          {card.blurred_photo && (
            <img
              src={card.blurred_photo}
              alt=""
              loading="lazy"
              decoding="async"
              className="absolute inset-0 size-full scale-125 object-cover blur-sm"
            />
          )}
          <span className="absolute inset-0 bg-royal-950/35" />
          <Lock aria-hidden="true" className="relative size-4.5 text-gold-200" />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex min-w-0 items-center gap-1.5">
            <span className="truncate font-semibold text-foreground">Locked member, {card.age}</span>
            <TierBadge tier={card.tier_level} label="short" />
          </span>
          <ActionLine row={row} />
          <span id={messageId} className="text-accent-foreground text-xs leading-snug">
            {message}
          </span>
        </span>
      </div>
      <Button
        variant="gold"
        onClick={() => setUpgradeOpen(true)}
        aria-describedby={messageId}
        className="shrink-0 max-sm:ml-auto"
      >
        <Crown aria-hidden="true" className="size-4" />
        Upgrade
      </Button>
      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} message={message} />
    </li>
  );
}
