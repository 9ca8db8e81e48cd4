import { Flame, Heart, type LucideIcon, Menu, MessageCircle, Search } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

type NavItem = { to: string; label: string; Icon: LucideIcon };

export const BOTTOM_NAV_ITEMS: readonly NavItem[] = [
  { to: paths.app, label: 'Swipe', Icon: Flame },
  { to: paths.search, label: 'Search', Icon: Search },
  { to: paths.interests, label: 'Interests', Icon: Heart },
  { to: paths.messages, label: 'Messages', Icon: MessageCircle },
  { to: paths.more, label: 'More', Icon: Menu },
];

/** The fixed bottom navigation; the current route's entry is highlighted (aria-current="page"). */
export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="safe-bottom safe-x fixed inset-x-0 bottom-0 z-40 border-border/80 border-t bg-background/90 backdrop-blur-xl supports-[backdrop-filter]:bg-background/75"
    >
      <ul className="mx-auto grid h-[var(--bottomnav-height)] w-full max-w-xl grid-cols-5 px-1">
        {BOTTOM_NAV_ITEMS.map(({ to, label, Icon }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              end={to === paths.app}
              className={({ isActive }) =>
                cn(
                  'group relative flex min-h-11 flex-1 flex-col items-center justify-center gap-1 rounded-2xl font-medium text-xs transition',
                  isActive
                    ? 'text-primary dark:text-gold-300'
                    : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cn(
                      'flex h-8 w-14 items-center justify-center rounded-full transition',
                      isActive && 'bg-royal-100 dark:bg-royal-800/70',
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
