import { AppError, type DateStatus, ErrorCode, SAFETY_TIMER_STATE_WORDS } from '@royal/shared';
import { BadgeCheck, CircleCheck, CircleDashed, Clock, MapPin, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { PublicPage } from '@/components/ui/public-page';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useDateStatus } from '../api/date-watch';

export const STATUS_LINK_GONE_TEXT =
  'This link has expired or is not valid. If you are worried, call the person who sent it to you.';

/**
 * /date-status/:token: what a member's emergency contact may know of their date, without an
 * account. It shows what the API gives and no more: first names, the time in the place's zone, the
 * place, whether each checked in, and the safety timer's state. Read again every minute while open.
 */
export function DateStatusPage() {
  const { token = '' } = useParams();
  const status = useDateStatus(token);
  const gone = status.error instanceof AppError && status.error.code === ErrorCode.NOT_FOUND;
  return (
    <PublicPage>
      <main className="safe-x safe-bottom relative z-10 mx-auto flex w-full max-w-lg flex-col gap-5 px-5 pt-6 pb-16">
        <h1 className="text-gold-foil text-center font-display text-4xl">Date status</h1>
        <div className="rounded-3xl border border-white/15 bg-royal-950/55 p-5 shadow-[0_30px_80px_-30px_rgba(0,0,0,0.8)] backdrop-blur-xl sm:p-7">
          {status.data ? (
            <StatusCard status={status.data} />
          ) : gone ? (
            <p className="text-center text-ivory">{STATUS_LINK_GONE_TEXT}</p>
          ) : status.isError ? (
            <LoadErrorPanel
              title="The status could not be loaded"
              message={errorMessage(status.error)}
              onRetry={() => void status.refetch()}
              retrying={status.isFetching}
            />
          ) : (
            <div role="status" className="flex flex-col gap-3">
              <span className="sr-only">Loading the date’s status...</span>
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-20 w-full" />
            </div>
          )}
        </div>
      </main>
    </PublicPage>
  );
}

function StatusCard({ status }: { status: DateStatus }) {
  const { member, other, place, time, timer } = status;
  const alerted = timer.state === 'alerted';
  return (
    <div className="flex flex-col gap-4 text-ivory">
      <p className="text-lg">
        {member.first_name} is meeting {other.first_name}
        {other.verified && (
          <span className="ml-1.5 inline-flex items-center gap-1 text-emerald-300 text-sm">
            <BadgeCheck aria-hidden="true" className="size-4" />
            identity verified
          </span>
        )}
      </p>
      <dl className="flex flex-col gap-3 text-sm">
        <Fact icon={<Clock aria-hidden="true" className="size-4" />} term="When">
          <time dateTime={time.starts_at}>{time.local}</time>
        </Fact>
        <Fact icon={<MapPin aria-hidden="true" className="size-4" />} term="Where">
          <span className="font-medium">{place.name}</span>
          {place.address && <span className="block text-royal-100">{place.address}</span>}
          <span className="block text-royal-100 text-xs">
            {place.verified
              ? 'A Royal Circle verified safe place'
              : 'A place they chose (not a verified venue)'}
          </span>
        </Fact>
      </dl>
      <p className="rounded-2xl bg-white/10 p-3 font-medium">{status.status}</p>
      <ul className="flex flex-col gap-1.5 text-sm">
        <CheckedIn name={member.first_name} checkedIn={member.checked_in} />
        <CheckedIn name={other.first_name} checkedIn={other.checked_in} />
      </ul>
      <p
        role={alerted ? 'alert' : undefined}
        className={
          alerted
            ? 'flex items-start gap-2 rounded-2xl bg-rose-900/70 p-3 text-rose-50'
            : 'text-royal-100 text-sm'
        }
      >
        {alerted && <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
        {SAFETY_TIMER_STATE_WORDS[timer.state]}
      </p>
    </div>
  );
}

function Fact({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <dt className="mt-0.5 text-gold-300">
        {icon}
        <span className="sr-only">{term}</span>
      </dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function CheckedIn({ name, checkedIn }: { name: string; checkedIn: boolean }) {
  const Icon = checkedIn ? CircleCheck : CircleDashed;
  return (
    <li className="flex items-center gap-2">
      <Icon aria-hidden="true" className={checkedIn ? 'size-4 text-emerald-300' : 'size-4 text-royal-100'} />
      {name} {checkedIn ? 'checked in at the place' : 'has not checked in'}
    </li>
  );
}

export default DateStatusPage;
