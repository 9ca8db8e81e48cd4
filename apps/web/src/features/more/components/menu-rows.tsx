import { ChevronRight, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

const ROW =
  'flex min-h-14 w-full cursor-pointer items-center gap-3 px-4 text-left font-medium text-foreground transition hover:bg-surface-muted aria-disabled:cursor-wait aria-disabled:opacity-60';

/** A row of the More menu that opens a page. */
export function MenuLink({ Icon, label, to }: { Icon: LucideIcon; label: string; to: string }) {
  return (
    <Link to={to} className={ROW}>
      <Icon aria-hidden="true" className="size-5 text-primary dark:text-gold-300" />
      <span className="flex-1">{label}</span>
      <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
    </Link>
  );
}

/** A row of the More menu that acts in place (a dialog, a tool); `busy` while its work runs. */
export function MenuButton({
  Icon,
  label,
  onClick,
  busy = false,
}: {
  Icon: LucideIcon;
  label: string;
  onClick: () => void;
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={() => {
        if (!busy) onClick();
      }}
      aria-disabled={busy || undefined}
      className={ROW}
    >
      <Icon aria-hidden="true" className="size-5 text-primary dark:text-gold-300" />
      <span className="flex-1">{label}</span>
      <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
    </button>
  );
}
