import { type MatchListItem, matchExpiryBadge, relativeTime, unreadBadge } from '@royal/shared';
import { Crown } from 'lucide-react';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { TierBadge } from '@/components/ui/tier-badge';
import { VerifiedMark } from '@/components/ui/verified-mark';
import { cn } from '@/lib/cn';

/** The expiry badge of a match: Expired, 'Nh left' in its last 6 hours, else Active. */
export function expiryOf(match: MatchListItem) {
  if (match.status !== 'active') return { kind: 'expired', label: 'Expired' } as const;
  return match.expires_at
    ? matchExpiryBadge(match.expires_at)
    : ({ kind: 'active', label: 'Active' } as const);
}

const EXPIRY_STYLES = {
  expired:
    'border-rose-300 bg-rose-50 text-rose-800 dark:border-rose-700 dark:bg-rose-950/60 dark:text-rose-200',
  expiring:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-600 dark:bg-amber-950/60 dark:text-amber-100',
  active:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-100',
} as const;

/**
 * One match in the Messages list: who, where, the last activity, unread count and expiry. The row
 * of the chat open beside the list (from lg) is marked as the current one.
 */
export function MatchRow({
  match,
  selected,
  onOpen,
}: {
  match: MatchListItem;
  selected: boolean;
  onOpen: () => void;
}) {
  const { member } = match;
  const unread = unreadBadge(match.unread_count);
  const expiry = expiryOf(match);
  const lastAt = match.last_message?.created_at ?? match.created_at;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        data-match-row={match.id}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'flex w-full items-center gap-3 rounded-2xl border border-border bg-surface p-3 text-left transition hover:border-gold-400/60 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-gold-400',
          selected && 'border-gold-400/70 bg-surface-muted ring-1 ring-gold-400/40',
        )}
      >
        <MemberAvatar name={member.name} src={member.avatar} size="md" />
        <span className="min-w-0 flex-1">
          <span className="flex min-w-0 flex-wrap items-center gap-1.5">
            <span className="truncate font-semibold text-foreground">{member.name}</span>
            {member.verified && <VerifiedMark />}
            <TierBadge tier={member.tier_level} label="compact" />
            {match.premium_user && (
              <span className="inline-flex items-center gap-1 rounded-full border border-gold-400/70 bg-gold-100 px-2 py-0.5 font-semibold text-gold-900 text-xs dark:bg-gold-900/40 dark:text-gold-100">
                <Crown aria-hidden="true" className="size-3" />
                Premium User
              </span>
            )}
          </span>
          <span className="block truncate text-muted-foreground text-sm">
            {member.city}
            {member.state ? `, ${member.state}` : ''}
          </span>
          <span className="block truncate text-foreground/80 text-sm">
            {match.last_message ? match.last_message.content : 'New match: say hello'}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1.5">
          <time dateTime={lastAt} className="text-muted-foreground text-xs">
            {relativeTime(lastAt)}
          </time>
          {unread && (
            <span
              role="status"
              aria-label={`${match.unread_count} unread`}
              className="inline-flex min-w-6 items-center justify-center rounded-full bg-gold-400 px-1.5 font-bold text-royal-950 text-xs leading-6"
            >
              {unread}
            </span>
          )}
          <span
            className={cn(
              'rounded-full border px-2 py-0.5 font-semibold text-xs',
              EXPIRY_STYLES[expiry.kind],
            )}
          >
            {expiry.label}
          </span>
        </span>
      </button>
    </li>
  );
}
