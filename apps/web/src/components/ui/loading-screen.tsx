import { CrownArt } from './crown';
import { RoyalBackdrop } from './royal-backdrop';

/** Full-screen wait shown while the session is read at start-up. */
export function LoadingScreen() {
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 theme-night bg-night text-ivory">
      <RoyalBackdrop />
      <div className="relative flex flex-col items-center gap-5" role="status" aria-live="polite">
        <CrownArt className="w-32" />
        <p className="font-display text-xl tracking-wide text-gold-200">Loading...</p>
      </div>
    </div>
  );
}
