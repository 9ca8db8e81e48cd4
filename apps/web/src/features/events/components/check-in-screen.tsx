import type { EventCard } from '@royal/shared';
import { ArrowLeft, ScanLine } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { QrScanner, type ScannerTexts } from '@/components/qr/qr-scanner';
import { sameCodeGate } from '@/components/qr/same-code-gate';
import { refusalOr } from '@/lib/api';
import { paths } from '@/lib/paths';
import { useCheckIn } from '../api/check-in';
import { CheckInArrivals } from './check-in-arrivals';
import { CheckInCodeForm } from './check-in-code-form';
import { CheckInPhotoInput } from './check-in-photo-input';
import { CheckInResult, type DoorResult } from './check-in-result';
import { EventWhen } from './event-when';
import { WithEvent } from './with-event';

export const CHECK_IN_FAILED_TEXT = 'The ticket could not be checked. Please try again.';

export const CAMERA_REFUSED_TEXT =
  'Camera access was refused. Allow the camera for this site in your browser’s settings, or choose a photo of the ticket.';

/** What the door's camera says: a guest's ticket, with a photo of it or its typed code as the fallbacks. */
const TICKET_SCANNER_TEXTS: ScannerTexts = {
  aim: 'Point the camera at the guest’s ticket QR code.',
  reading: 'Reading… hold the ticket steady in the frame.',
  refused: CAMERA_REFUSED_TEXT,
  noCamera: 'No camera was found. Choose a photo of the ticket or type its code.',
  busy: 'The camera is in use by another app. Close it and try again.',
  unsupported: 'This browser cannot open the camera here. Choose a photo of the ticket or type its code.',
  failed: 'The camera could not be started. Try again, or choose a photo of the ticket.',
};

/** The check-in screen of one event, for its managers (the route checks the role and the id first). */
export function CheckInScreen({ eventId }: { eventId: string }) {
  return <WithEvent id={eventId}>{(event) => <Door event={event} />}</WithEvent>;
}

function Door({ event }: { event: EventCard }) {
  const checkIn = useCheckIn(event.id);
  const [result, setResult] = useState<DoorResult | null>(null);
  const seq = useRef(0);
  const inFlight = useRef(false);
  const [cameraGate] = useState(() => sameCodeGate());

  const submit = useCallback(
    async (code: string): Promise<boolean> => {
      inFlight.current = true;
      try {
        const reply = await checkIn.mutateAsync(code);
        seq.current += 1;
        setResult({ kind: reply.already_checked_in ? 'repeat' : 'checked-in', reply, seq: seq.current });
        return true;
      } catch (error) {
        seq.current += 1;
        // TICKET_INVALID and any other refusal carry the server's words; a failure is ours to word.
        setResult({ kind: 'refused', message: refusalOr(error, CHECK_IN_FAILED_TEXT), seq: seq.current });
        return false;
      } finally {
        inFlight.current = false;
      }
    },
    [checkIn.mutateAsync],
  );

  // Camera reads: one post per ticket shown, however many frames it stays in view.
  const onCameraCode = useCallback(
    (code: string) => {
      // Seen while the previous post is still out: it counts as a sighting, not a new read.
      const fresh = cameraGate(code);
      if (fresh && !inFlight.current) void submit(code);
    },
    [submit, cameraGate],
  );

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <Link
          to={paths.events}
          className="inline-flex min-h-11 w-fit items-center gap-1.5 text-muted-foreground text-sm hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Events
        </Link>
        <p className="flex items-center gap-1.5 font-semibold text-primary text-xs uppercase tracking-[0.18em] dark:text-gold-300">
          <ScanLine aria-hidden="true" className="size-4" />
          Check-in
        </p>
        <h1 className="break-words font-display text-3xl text-foreground">{event.name}</h1>
        <div className="text-sm">
          <EventWhen event={event} />
          <p className="text-muted-foreground">
            {event.venue} · {event.city}
          </p>
        </div>
      </header>

      {/* A phone: camera, answer, fallbacks, then the list, in one column within a thumb's reach.
          A wide screen: the door on the left, the list beside it. */}
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(20rem,26rem)] lg:items-start">
        <div className="flex flex-col gap-4">
          <QrScanner onCode={onCameraCode} texts={TICKET_SCANNER_TEXTS} />
          <CheckInResult result={result} timeZone={event.time_zone} />
          <section aria-labelledby="fallbacks-title" className="flex flex-col gap-3">
            <h2 id="fallbacks-title" className="font-semibold text-muted-foreground text-sm">
              No camera? Use the ticket’s photo or its code
            </h2>
            <CheckInPhotoInput onCode={(code) => void submit(code)} disabled={checkIn.isPending} />
            <CheckInCodeForm onSubmit={submit} pending={checkIn.isPending} />
          </section>
        </div>
        <CheckInArrivals eventId={event.id} timeZone={event.time_zone} />
      </div>
    </div>
  );
}
