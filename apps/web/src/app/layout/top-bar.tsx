import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { CrownMark } from '@/components/ui/crown';
import { TierBadge } from '@/components/ui/tier-badge';
import { useCurrentMember, useSignOutWithToast } from '@/features/auth';
import { QuickHideButton } from '@/features/discretion';
import { NotificationsPopover } from '@/features/notifications';
import { paths } from '@/lib/paths';
import { SettingsPopover } from './settings-popover';

const ICON_BUTTON =
  'inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-full text-chrome-foreground transition hover:bg-white/10 disabled:opacity-60 min-[360px]:size-11';

/**
 * The fixed top bar: logo, the member's tier, quick-hide, notifications, quick settings and sign-out.
 * One line at every width: the tier badge gives way first (its icon alone below 480 px, none below
 * 390 px) so that the name and the four buttons always fit.
 */
export function TopBar() {
  const me = useCurrentMember();
  const { signOut, isPending } = useSignOutWithToast();

  return (
    <header className="chrome safe-top safe-x fixed inset-x-0 top-0 z-40 border-chrome-border border-b bg-chrome text-chrome-foreground backdrop-blur-xl">
      <div className="flex h-[var(--topbar-height)] w-full items-center gap-1.5 px-2 min-[360px]:gap-2 min-[360px]:px-3 sm:px-6">
        <Link
          to={paths.app}
          className="flex min-h-11 shrink-0 items-center gap-2 whitespace-nowrap rounded-full pr-1 lg:w-[calc(var(--sidenav-width)-1.5rem)]"
        >
          <CrownMark className="size-7 shrink-0" />
          <span className="font-display font-semibold text-[1.05rem] text-gold-foil leading-none sm:text-xl">
            Royal Circle
          </span>
        </Link>
        <TierBadge
          tier={me.tier_level}
          label="compact"
          className="max-[389.98px]:hidden max-[479.98px]:[&>span]:sr-only"
        />
        <div className="ml-auto flex shrink-0 items-center">
          <QuickHideButton className={ICON_BUTTON} />
          <NotificationsPopover />
          <SettingsPopover />
          <button
            type="button"
            onClick={() => signOut(paths.signIn)}
            disabled={isPending}
            aria-label="Sign out"
            className={ICON_BUTTON}
          >
            <LogOut aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
    </header>
  );
}
