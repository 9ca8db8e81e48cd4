import { Flame, Heart, type LucideIcon, Menu, MessageCircle, Search } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { TOAST_AVOID } from '@/lib/toast-lane';

type NavItem = { to: string; label: string; Icon: LucideIcon };

export const BOTTOM_NAV_ITEMS: readonly NavItem[] = [
  { to: paths.app, label: 'Swipe', Icon: Flame },
  { to: paths.search, label: 'Search', Icon: Search },
  { to: paths.interests, label: 'Interests', Icon: Heart },
  { to: paths.messages, label: 'Messages', Icon: MessageCircle },
  { to: paths.more, label: 'More', Icon: Menu },
];

/**
 * The main navigation; the current route's entry is highlighted (aria-current="page"). A bottom
 * bar on phones and tablets; from lg (1024 px) a side rail under the top bar, so desktop layouts
 * use the width instead of a phone column.
 */
export function BottomNav() {
  return (
    <nav
      {...TOAST_AVOID}
      aria-label="Main"
      className={cn(
        'chrome safe-bottom safe-x fixed inset-x-0 bottom-0 z-40 border-chrome-border border-t bg-chrome text-chrome-foreground backdrop-blur-xl',
        'lg:top-[calc(var(--topbar-height)+env(safe-area-inset-top))] lg:right-auto lg:w-[calc(var(--sidenav-width)+env(safe-area-inset-left))] lg:border-t-0 lg:border-r lg:pr-0',
      )}
    >
      <ul className="mx-auto grid h-[var(--bottomnav-height)] w-full max-w-xl grid-cols-5 px-1 lg:flex lg:h-auto lg:max-w-none lg:flex-col lg:gap-1 lg:px-3 lg:py-6">
        {BOTTOM_NAV_ITEMS.map(({ to, label, Icon }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              end={to === paths.app}
              className={({ isActive }) =>
                cn(
                  'group relative flex min-h-11 flex-1 flex-col items-center justify-center gap-1 rounded-2xl font-medium text-xs motion-safe:transition',
                  'lg:flex-row lg:justify-start lg:gap-3 lg:px-3 lg:py-2 lg:text-sm',
                  isActive
                    ? 'text-chrome-active lg:bg-white/10'
                    : 'text-chrome-muted hover:text-chrome-foreground lg:hover:bg-white/5',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cn(
                      'flex h-8 w-14 items-center justify-center rounded-full motion-safe:transition lg:w-8',
                      isActive && 'bg-gold-400/15 lg:bg-transparent',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-5" strokeWidth={isActive ? 2.4 : 2} />
                  </span>
                  <span className={cn(isActive && 'font-semibold')}>{label}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
