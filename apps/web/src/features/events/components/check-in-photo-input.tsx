import { ImageUp } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { readQrFromImageFile } from '@/lib/read-qr';

export const CHOOSE_PHOTO_LABEL = 'Choose a photo of the ticket';
export const NO_QR_IN_PHOTO_TEXT = 'No QR code was found in that photo. Try a sharper one, or type the code.';

/**
 * The first fallback when the camera cannot be used: a photo or screenshot of the ticket (on a phone
 * the picker also offers to take one), read for its QR code in the browser.
 */
export function CheckInPhotoInput({
  onCode,
  disabled,
}: {
  onCode: (code: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared at once, so choosing the same photo again still counts as a choice.
    input.value = '';
    if (!file) return;
    setProblem(null);
    setReading(true);
    const code = await readQrFromImageFile(file);
    setReading(false);
    if (code) onCode(code);
    else setProblem(NO_QR_IN_PHOTO_TEXT);
  }

  return (
    <div className="flex flex-col gap-2">
      <input
        id={id}
        type="file"
        accept="image/*"
        disabled={disabled || reading}
        onChange={(event) => void choose(event)}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className="inline-flex min-h-12 w-full cursor-pointer select-none items-center justify-center gap-2 rounded-full border border-border bg-surface px-6 font-semibold text-base text-foreground transition hover:bg-surface-muted peer-disabled:cursor-not-allowed peer-disabled:opacity-60 peer-focus-visible:outline-2 peer-focus-visible:outline-gold-400 peer-focus-visible:outline-offset-2"
      >
        <ImageUp aria-hidden="true" className="size-5" />
        {reading ? 'Reading the photo…' : CHOOSE_PHOTO_LABEL}
      </label>
      {problem && (
        <p role="alert" className="text-rose-600 text-sm dark:text-rose-300">
          {problem}
        </p>
      )}
    </div>
  );
}
