import type { EventCard } from '@royal/shared';
import { CalendarPlus, CircleCheck, QrCode } from 'lucide-react';
import { svgDataUrl } from '@/components/qr/svg-data-url';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { useEventTicket } from '../api/events';
import { zonedTime } from '../event-times';

export const TICKET_TITLE = 'Your Ticket';

/** The member's ticket while going or checked in: the QR the door scans, its code, and Add to calendar. */
export function EventTicket({ event }: { event: EventCard }) {
  const ticket = useEventTicket(event.id, true);
  return (
    <section
      aria-labelledby="event-ticket-title"
      className="flex flex-col items-center gap-4 rounded-3xl border border-gold-400/60 bg-gradient-to-b from-royal-950 to-royal-900 p-5 text-center text-ivory shadow-[0_24px_60px_-30px_rgba(212,160,23,0.55)]"
    >
      <h2 id="event-ticket-title" className="flex items-center gap-2 font-display text-gold-200 text-xl">
        <QrCode aria-hidden="true" className="size-5" />
        {TICKET_TITLE}
      </h2>
      {ticket.isPending ? (
        <div role="status" className="flex flex-col items-center gap-2">
          <span className="sr-only">Loading your ticket...</span>
          <Skeleton className="size-52 rounded-2xl" />
        </div>
      ) : ticket.isError ? (
        <LoadErrorPanel
          title="Failed to load your ticket"
          message={errorMessage(ticket.error)}
          onRetry={() => void ticket.refetch()}
          retrying={ticket.isFetching}
          className="w-full text-foreground"
        />
      ) : (
        <>
          {/* White behind the code whatever the theme: scanners want dark on light. */}
          <img
            src={svgDataUrl(ticket.data.qr_svg)}
            alt={`Ticket QR code for ${event.name}`}
            className="size-52 rounded-2xl bg-white p-3"
          />
          <p className="max-w-full break-all font-mono text-[0.65rem] text-royal-100 leading-snug">
            {ticket.data.code}
          </p>
          {ticket.data.status === 'checked_in' ? (
            <p className="flex items-center gap-1.5 font-semibold text-emerald-300 text-sm">
              <CircleCheck aria-hidden="true" className="size-4" />
              Checked in
              {ticket.data.checked_in_at &&
                ` at ${zonedTime(new Date(ticket.data.checked_in_at), event.time_zone).text}`}
            </p>
          ) : (
            <p className="text-royal-100 text-sm">Show this code at the door.</p>
          )}
        </>
      )}
      <a
        href={apiPaths.eventCalendar(event.id)}
        download
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-gold-400/60 px-5 font-semibold text-gold-100 text-sm transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-gold-300"
      >
        <CalendarPlus aria-hidden="true" className="size-4" />
        Add to calendar
      </a>
    </section>
  );
}
