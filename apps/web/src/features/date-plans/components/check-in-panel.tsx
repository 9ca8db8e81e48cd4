import { DATE_PLAN_TEXT, type DatePlan } from '@royal/shared';
import { MapPin, QrCode, ScanLine } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QrScanner, type ScannerTexts } from '@/components/qr/qr-scanner';
import { sameCodeGate } from '@/components/qr/same-code-gate';
import { svgDataUrl } from '@/components/qr/svg-data-url';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, refusalOr } from '@/lib/api';
import { useCheckInCode, useCheckInToDatePlan } from '../api/date-plans';
import { currentPosition } from '../current-position';

const CHECK_IN_FAILED_TEXT = 'Check-in failed. Please try again.';
const SCANNER_TEXTS: ScannerTexts = {
  aim: 'Point the camera at the check-in code on their phone.',
  reading: 'Reading… ask them to hold their phone steady.',
  refused:
    'Camera access was refused. Allow the camera for this site in your browser’s settings, or check in with your location.',
  noCamera: 'No camera was found. Check in with your location instead.',
  busy: 'The camera is in use by another app. Close it and try again.',
  unsupported: 'This browser cannot open the camera here. Check in with your location instead.',
  failed: 'The camera could not be started. Try again, or check in with your location.',
};

type Mode = 'choose' | 'code' | 'scan';

/**
 * "I'm here" at the date, while check-in is open: by the browser's location (the API answers with
 * the distance band only), by scanning the other member's code, or by showing one's own code for
 * them to scan. A scan checks both members in.
 */
export function CheckInPanel({ plan }: { plan: DatePlan }) {
  const [mode, setMode] = useState<Mode>('choose');
  const [problem, setProblem] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const checkIn = useCheckInToDatePlan(plan.id);
  const [gate] = useState(() => sameCodeGate());
  const busy = locating || checkIn.isPending;

  const done = (next: DatePlan) => {
    setMode('choose');
    toast.success(next.status === 'completed' ? DATE_PLAN_TEXT.released : DATE_PLAN_TEXT.checkedIn);
  };
  const failed = (error: unknown) => setProblem(refusalOr(error, CHECK_IN_FAILED_TEXT));

  async function byLocation() {
    setProblem(null);
    setLocating(true);
    try {
      const position = await currentPosition();
      checkIn.mutate(position, { onSuccess: done, onError: failed });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setLocating(false);
    }
  }

  function onScanned(code: string) {
    if (checkIn.isPending || !gate(code)) return;
    setProblem(null);
    checkIn.mutate({ code }, { onSuccess: done, onError: failed });
  }

  return (
    <section aria-label="Check in" className="flex flex-col gap-3">
      {!plan.me.checked_in && (
        <div className="flex flex-col gap-2">
          {plan.place.can_check_in_by_location ? (
            <Button variant="gold" size="lg" disabled={busy} onClick={() => void byLocation()}>
              <MapPin aria-hidden="true" className="size-5" />
              {locating ? 'Finding you…' : DATE_PLAN_TEXT.checkIn}
            </Button>
          ) : (
            <p className="text-muted-foreground text-sm">{DATE_PLAN_TEXT.noPlaceCoordinates}</p>
          )}
          <Button
            variant="outline"
            aria-pressed={mode === 'scan'}
            onClick={() => setMode(mode === 'scan' ? 'choose' : 'scan')}
          >
            <ScanLine aria-hidden="true" className="size-5" />
            {DATE_PLAN_TEXT.scanCode}
          </Button>
        </div>
      )}
      {!plan.them.checked_in && (
        <Button
          variant="outline"
          aria-pressed={mode === 'code'}
          onClick={() => setMode(mode === 'code' ? 'choose' : 'code')}
        >
          <QrCode aria-hidden="true" className="size-5" />
          {DATE_PLAN_TEXT.showCode}
        </Button>
      )}
      {mode === 'scan' && <QrScanner onCode={onScanned} texts={SCANNER_TEXTS} />}
      {mode === 'code' && <MyCode planId={plan.id} name={plan.them.first_name} />}
      {problem && (
        <p role="alert" className="text-rose-600 text-sm dark:text-rose-300">
          {problem}
        </p>
      )}
    </section>
  );
}

function MyCode({ planId, name }: { planId: string; name: string }) {
  const code = useCheckInCode(planId, true);
  return (
    <div className="flex flex-col items-center gap-2 rounded-3xl bg-royal-950 p-4 text-center text-ivory">
      {code.data ? (
        // White behind the code whatever the theme: scanners want dark on light.
        <img
          src={svgDataUrl(code.data.qr_svg)}
          alt="Your check-in code"
          className="size-52 rounded-2xl bg-white p-3"
        />
      ) : code.isError ? (
        <p role="alert" className="text-rose-200 text-sm">
          {errorMessage(code.error)}
        </p>
      ) : (
        <Skeleton className="size-52 rounded-2xl" />
      )}
      <p className="text-royal-100 text-xs">
        Let {name} scan this: it checks you both in. It changes every few minutes.
      </p>
    </div>
  );
}
