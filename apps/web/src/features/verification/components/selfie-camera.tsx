import { Camera, RefreshCw, Upload } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { idImageProblem } from '@/lib/image-file';

type CameraState = 'starting' | 'live' | 'unavailable';

function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The selfie step: the front camera through getUserMedia with Take Photo and Retake, and always a
 * file fallback ("Upload a photo instead") for a device without a camera or a refused permission.
 * The camera is stopped as soon as a photo is taken or the step closes.
 */
export function SelfieCamera({
  selfie,
  onChange,
}: {
  selfie: File | null;
  onChange: (file: File | null) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [preview, setPreview] = useState<string | null>(null);
  const fileId = useId();

  const stop = useCallback(() => {
    stopTracks(streamRef.current);
    streamRef.current = null;
  }, []);

  /** Asks for the camera; `cancelled` says the step closed (or a photo came) while it was asked. */
  const start = useCallback(
    async (cancelled: () => boolean) => {
      stop();
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable');
        return;
      }
      setState('starting');
      try {
        const stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'user' },
          audio: false,
        });
        // Nobody is left to stop a stream that arrives after the cleanup: the camera would stay on.
        if (cancelled()) {
          stopTracks(stream);
          return;
        }
        streamRef.current = stream;
        if (videoRef.current) videoRef.current.srcObject = stream;
        setState('live');
      } catch {
        if (!cancelled()) setState('unavailable');
      }
    },
    [stop],
  );

  useEffect(() => {
    if (selfie) return;
    let cancelled = false;
    void start(() => cancelled);
    return () => {
      cancelled = true;
      stop();
    };
  }, [selfie, start, stop]);

  useEffect(() => {
    if (!selfie) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(selfie);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [selfie]);

  const capture = () => {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        stop();
        onChange(new File([blob], 'selfie.jpg', { type: 'image/jpeg' }));
      },
      'image/jpeg',
      0.9,
    );
  };

  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    const problem = idImageProblem(file);
    if (problem) {
      toast.error(problem.title, { description: problem.message });
      return;
    }
    stop();
    onChange(file);
  };

  return (
    <div className="grid gap-3">
      {/* At most 16rem wide, and on a short screen (320×568) narrower, so that the step (about
          23rem without the picture) fits without scrolling and Continue stays in sight. */}
      <div className="relative mx-auto aspect-[3/4] w-full max-w-[clamp(8rem,calc((100dvh_-_23rem)*0.75),16rem)] overflow-hidden rounded-3xl border border-border bg-royal-950">
        {preview ? (
          <img src={preview} alt="Your selfie" className="size-full object-cover" />
        ) : (
          <>
            <video
              ref={videoRef}
              autoPlay
              playsInline
              muted
              aria-label="Camera preview"
              className="size-full -scale-x-100 object-cover"
            />
            {state !== 'live' && (
              <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-ivory/80 text-sm">
                {state === 'starting'
                  ? 'Starting the camera…'
                  : 'Camera not available. Upload a photo instead.'}
              </p>
            )}
          </>
        )}
      </div>
      {preview ? (
        // Keys: a different button, not the same one morphing its colours through a transition.
        <Button key="retake" variant="outline" onClick={() => onChange(null)}>
          <RefreshCw aria-hidden className="size-4" />
          Retake
        </Button>
      ) : (
        <Button key="take" variant="gold" onClick={capture} disabled={state !== 'live'}>
          <Camera aria-hidden className="size-4" />
          Take Photo
        </Button>
      )}
      <label
        htmlFor={fileId}
        className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-full text-sm font-semibold text-primary underline-offset-4 hover:underline has-focus-visible:ring-2 has-focus-visible:ring-gold-400 dark:text-gold-300"
      >
        <Upload aria-hidden className="size-4" />
        Upload a photo instead
        <input
          id={fileId}
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={(event) => chooseFile(event.target.files?.[0])}
        />
      </label>
    </div>
  );
}
