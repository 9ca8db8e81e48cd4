import { CrownArt } from './crown';
import { RoyalBackdrop } from './royal-backdrop';

export type LoadingScreenProps = {
  /** The wait is longer than usual: say so and offer to try again (the page asked for is kept). */
  slow?: boolean;
  onRetry?: () => void;
};

/** Full-screen wait shown while the session is read at start-up. */
export function LoadingScreen({ slow = false, onRetry }: LoadingScreenProps) {
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 theme-night bg-night text-ivory">
      <RoyalBackdrop />
      <div className="relative flex flex-col items-center gap-5" role="status" aria-live="polite">
        <CrownArt className="w-32" />
        <p className="font-display text-xl tracking-wide text-gold-200">Loading...</p>
        {/* Absolutely placed below, so the crown and the text do not move when it appears. */}
        {slow && (
          <div className="absolute top-full mt-4 flex w-64 flex-col items-center gap-3 text-center">
            <p className="text-ivory/80 text-sm">Still connecting to Royal Circle...</p>
            {onRetry && (
              <button
                type="button"
                onClick={onRetry}
                className="min-h-11 cursor-pointer rounded-full border border-gold-300/50 px-5 font-semibold text-gold-200 text-sm hover:bg-white/10"
              >
                Try Again
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
