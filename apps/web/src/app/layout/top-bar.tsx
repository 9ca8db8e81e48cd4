import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CrownMark } from '@/components/ui/crown';
import { TierBadge } from '@/components/ui/tier-badge';
import { useCurrentMember, useSignOut } from '@/features/auth';
import { NotificationsPopover } from '@/features/notifications';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/paths';
import { SettingsPopover } from './settings-popover';

/** The fixed top bar: logo, the member's tier, notifications, quick settings and sign-out. */
export function TopBar() {
  const me = useCurrentMember();
  const { signOut, isPending } = useSignOut();

  async function handleSignOut() {
    try {
      await signOut(paths.signIn);
      toast.success('Signed out', { description: 'You have been signed out successfully' });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  }

  return (
    <header className="safe-top safe-x fixed inset-x-0 top-0 z-40 border-border/80 border-b bg-background/85 backdrop-blur-xl supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-[var(--topbar-height)] w-full max-w-5xl items-center gap-2 px-3 sm:px-6">
        <Link to={paths.app} className="flex min-h-11 min-w-0 items-center gap-2 rounded-full pr-1">
          <CrownMark className="size-7 shrink-0" />
          {/* Stacked on phones so the tier badge and three actions fit beside it. */}
          <span className="flex flex-col font-display font-semibold text-[0.95rem] leading-none sm:flex-row sm:gap-1.5 sm:text-xl">
            <span>Royal</span>
            <span>Circle</span>
          </span>
        </Link>
        <TierBadge tier={me.tier_level} />
        <div className="ml-auto flex shrink-0 items-center">
          <NotificationsPopover />
          <SettingsPopover />
          <button
            type="button"
            onClick={handleSignOut}
            disabled={isPending}
            aria-label="Sign out"
            className="inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-foreground transition hover:bg-surface-muted disabled:opacity-60"
          >
            <LogOut aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
    </header>
  );
}
