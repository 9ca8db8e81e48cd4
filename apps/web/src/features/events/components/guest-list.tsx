import { CircleCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { TierBadge } from '@/components/ui/tier-badge';
import { VerifiedMark } from '@/components/ui/verified-mark';
import { errorMessage } from '@/lib/api';
import { profilePath } from '@/lib/paths';
import { useEventGuests } from '../api/events';

export const GUEST_LIST_TITLE = 'Guest List';

/**
 * Who else is coming, for members with a ticket (and managers). Guests the server leaves out (ghost
 * mode, incognito) are only counted: "+N more".
 */
export function GuestList({ eventId }: { eventId: string }) {
  const guests = useEventGuests(eventId, true);
  return (
    <section aria-labelledby="event-guests-title" className="flex flex-col gap-3">
      <h2 id="event-guests-title" className="flex items-center gap-2 font-display text-foreground text-xl">
        <Users aria-hidden="true" className="size-5 text-primary dark:text-gold-300" />
        {GUEST_LIST_TITLE}
      </h2>
      {guests.isPending ? (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">Loading the guest list...</span>
          <Skeleton className="h-14 rounded-2xl" />
          <Skeleton className="h-14 rounded-2xl" />
        </div>
      ) : guests.isError ? (
        <p role="alert" className="text-rose-700 text-sm dark:text-rose-300">
          {errorMessage(guests.error)}{' '}
          <button
            type="button"
            onClick={() => void guests.refetch()}
            className="cursor-pointer font-semibold underline underline-offset-2"
          >
            Try Again
          </button>
        </p>
      ) : guests.data.items.length === 0 && guests.data.hidden_count === 0 ? (
        <p className="text-muted-foreground text-sm">No other guests yet.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {guests.data.items.map((guest) => (
            <li key={guest.id}>
              <Link
                to={profilePath(guest.id)}
                className="@container flex min-h-14 items-center gap-3 rounded-2xl border border-border bg-surface px-3 py-2 transition hover:border-gold-400 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <MemberAvatar name={guest.name} src={guest.avatar_url} size="sm" decorative />
                <span className="flex min-w-0 flex-1 items-center gap-1">
                  <span className="truncate font-semibold text-foreground text-sm">{guest.name}</span>
                  {guest.verified && <VerifiedMark className="[&_svg]:size-4" />}
                </span>
                {guest.checked_in && (
                  <span title="Arrived" className="text-emerald-600 dark:text-emerald-400">
                    <CircleCheck aria-hidden="true" className="size-4" />
                    <span className="sr-only">Arrived</span>
                  </span>
                )}
                <TierBadge tier={guest.tier} label="fit" />
              </Link>
            </li>
          ))}
          {guests.data.hidden_count > 0 && (
            <li className="flex min-h-14 items-center px-3 text-muted-foreground text-sm">
              +{guests.data.hidden_count} more
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
