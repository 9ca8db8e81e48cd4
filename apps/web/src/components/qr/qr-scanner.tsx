import { Camera, CameraOff, ScanLine } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { readQrFromPixels } from '@/lib/read-qr';

/** Frames are read at most this often: enough for a code held up to it, and a phone stays cool. */
const READ_EVERY_MS = 120;
/** Frames are scaled down to this width before reading: a QR on a phone screen needs no more. */
const FRAME_WIDTH = 640;

/**
 * What the scanner says, for what is being scanned: where to aim, what to hold steady, and each
 * camera problem with the fallback the screen offers instead (a photo, a typed code, a location).
 */
export type ScannerTexts = {
  aim: string;
  reading: string;
  refused: string;
  noCamera: string;
  busy: string;
  unsupported: string;
  failed: string;
};

function cameraProblem(error: unknown, texts: ScannerTexts): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return texts.refused;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return texts.noCamera;
  if (name === 'NotReadableError' || name === 'AbortError') return texts.busy;
  return texts.failed;
}

type CameraState = 'off' | 'starting' | 'on';

/**
 * A camera view that reads QR codes (the door's tickets, a date's check-in code): the camera is
 * asked for only when the member presses 'Start camera' (never on arrival), its frames are read for a QR code through a canvas on each
 * animation frame, and its tracks are stopped on 'Stop camera' and whenever the screen is left.
 * `onCode` gets every code read, as often as it is seen: the caller decides what a repeat means.
 */
export function QrScanner({ onCode, texts }: { onCode: (code: string) => void; texts: ScannerTexts }) {
  const [state, setState] = useState<CameraState>('off');
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const frame = useRef<number | null>(null);
  // Bumped by every start and stop, so a camera that answers after the member gave up (or left the
  // screen) is closed at once instead of running unseen.
  const attempt = useRef(0);
  const latestOnCode = useRef(onCode);
  useEffect(() => {
    latestOnCode.current = onCode;
  }, [onCode]);

  const stop = useCallback(() => {
    attempt.current += 1;
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  }, []);

  // Leaving the screen turns the camera off (its light too).
  useEffect(() => stop, [stop]);

  const readFrames = useCallback(() => {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    let lastRead = 0;
    const tick = (now: number) => {
      frame.current = requestAnimationFrame(tick);
      const view = video.current;
      if (!context || !view || view.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
      if (now - lastRead < READ_EVERY_MS || view.videoWidth === 0) return;
      lastRead = now;
      const scale = Math.min(1, FRAME_WIDTH / view.videoWidth);
      canvas.width = Math.round(view.videoWidth * scale);
      canvas.height = Math.round(view.videoHeight * scale);
      context.drawImage(view, 0, 0, canvas.width, canvas.height);
      const code = readQrFromPixels(context.getImageData(0, 0, canvas.width, canvas.height));
      if (code) latestOnCode.current(code);
    };
    frame.current = requestAnimationFrame(tick);
  }, []);

  async function start() {
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem(texts.unsupported);
      return;
    }
    stop();
    const mine = attempt.current;
    setState('starting');
    try {
      const opened = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      if (mine !== attempt.current) {
        for (const track of opened.getTracks()) track.stop();
        return;
      }
      stream.current = opened;
      const view = video.current;
      if (view) {
        view.srcObject = opened;
        await view.play().catch(() => undefined);
      }
      setState('on');
      readFrames();
    } catch (error) {
      if (mine !== attempt.current) return;
      stop();
      setState('off');
      setProblem(cameraProblem(error, texts));
    }
  }

  function turnOff() {
    stop();
    setState('off');
  }

  return (
    <div className="flex flex-col gap-3">
      <div
        // Off, a short panel, so the fallbacks below stay in view on a phone; on, a square to aim with.
        className={cn(
          'relative w-full overflow-hidden rounded-3xl bg-royal-950 ring-1 ring-gold-400/40',
          state === 'off'
            ? 'flex aspect-[16/9] items-center justify-center'
            : 'aspect-square sm:aspect-[4/3]',
        )}
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera view"
          className={cn('size-full object-cover', state === 'off' && 'hidden')}
        />
        {state === 'off' ? (
          <p className="flex max-w-[16rem] flex-col items-center gap-2 px-4 text-center text-sm text-white/80">
            <ScanLine aria-hidden="true" className="size-10 text-gold-300" />
            {texts.aim}
          </p>
        ) : (
          // The frame to aim with: the code is read anywhere in the picture, this only guides the hand.
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-[18%] rounded-2xl border-4 border-gold-300/90 shadow-[0_0_0_999px_rgba(20,8,40,0.35)]"
          />
        )}
      </div>
      {state === 'off' ? (
        <Button size="lg" variant="gold" className="w-full" onClick={() => void start()}>
          <Camera aria-hidden="true" className="size-5" />
          Start camera
        </Button>
      ) : (
        <Button size="lg" variant="outline" className="w-full" onClick={turnOff}>
          <CameraOff aria-hidden="true" className="size-5" />
          {state === 'starting' ? 'Cancel' : 'Stop camera'}
        </Button>
      )}
      {state === 'on' && <p className="text-center text-muted-foreground text-xs">{texts.reading}</p>}
      {problem && (
        <p role="alert" className="text-rose-600 text-sm dark:text-rose-300">
          {problem}
        </p>
      )}
    </div>
  );
}
