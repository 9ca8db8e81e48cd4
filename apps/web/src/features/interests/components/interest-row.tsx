import { INTEREST_ACTION_TEXT, type InterestRow as InterestRowData, relativeTime } from '@royal/shared';
import { MapPin, MessageCircle, Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { TierBadge } from '@/components/ui/tier-badge';
import { VerifiedMark } from '@/components/ui/verified-mark';
import { messagePath, profilePath } from '@/features/discovery';

export type InterestRowProps = {
  row: InterestRowData;
  /** Only My Favorites rows can be removed. */
  onRemove?: () => void;
};

/** One person on the Interests screen: who, what they did and when; opens their profile. */
export function InterestRow({ row, onRemove }: InterestRowProps) {
  const navigate = useNavigate();
  const { member } = row;
  return (
    <li className="flex items-center gap-2 rounded-2xl border border-border bg-surface p-2 shadow-[0_8px_24px_-18px_rgba(44,20,80,0.4)] sm:gap-3 sm:p-3">
      <Link
        to={profilePath(member.id)}
        className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-xl p-1 transition hover:bg-surface-muted/70"
      >
        <span className="relative shrink-0">
          <MemberAvatar name={member.name} src={member.avatar ?? member.photos[0]?.url} />
          {member.online && (
            <span className="absolute right-0 bottom-0 size-3 rounded-full bg-emerald-500 ring-2 ring-surface">
              <span className="sr-only">Online now</span>
            </span>
          )}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex min-w-0 items-center gap-1.5">
            <span className="truncate font-semibold text-foreground">
              {member.name}, {member.age}
            </span>
            {member.verified && <VerifiedMark className="text-sky-600 dark:text-sky-300" />}
            <TierBadge tier={member.tier_level} label="short" className="max-[359px]:hidden" />
          </span>
          <span className="truncate text-muted-foreground text-sm">
            {INTEREST_ACTION_TEXT[row.action]}
            <span aria-hidden="true"> · </span>
            <time dateTime={row.at}>{relativeTime(row.at)}</time>
          </span>
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
