import { EyeOff } from 'lucide-react';
import { useQuickHide } from './discretion-gate';

/** The top bar's quick-hide: the neutral page in place of the screen, at once (Escape twice does the same). */
export function QuickHideButton({ className }: { className?: string }) {
  const hide = useQuickHide();
  if (!hide) return null;
  return (
    <button
      type="button"
      onClick={hide}
      aria-label="Hide screen"
      title="Hide screen (Esc twice)"
      className={className}
    >
      <EyeOff aria-hidden="true" className="size-5" />
    </button>
  );
}
