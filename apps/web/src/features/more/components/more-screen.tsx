import { countLabel, isAdmin } from '@royal/shared';
import {
  CalendarDays,
  CreditCard,
  Crown,
  Eye,
  Heart,
  LifeBuoy,
  LogOut,
  Settings,
  ShieldCheck,
  Star,
  UserPen,
  Wallet,
} from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { TierBadge } from '@/components/ui/tier-badge';
import { useCurrentMember, useSignOutWithToast } from '@/features/auth';
import { SettingsDialog } from '@/features/settings';
import { TierManagement } from '@/features/subscription';
import { HelpDialog } from '@/features/support';
import { WalletDialog } from '@/features/wallet';
import { paths } from '@/lib/paths';
import { DeveloperTools } from './developer-tools';
import { MenuButton, MenuLink } from './menu-rows';
import { ReferralCard } from './referral-card';

/** /more (part 2 §2): the profile summary, then the Menu and Tier Management tabs. */
export function MoreScreen() {
  const me = useCurrentMember();
  const [params, setParams] = useSearchParams();
  const walletOpen = params.get('wallet') === 'open';
  const settingsOpen = params.get('settings') === 'open';
  const tab = params.get('tab') === 'tiers' ? 'tiers' : 'menu';
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(changes)) v === null ? next.delete(k) : next.set(k, v);
        return next;
      },
      { replace: true },
    );
  const [helpOpen, setHelpOpen] = useState(false);
  const { signOut, isPending } = useSignOutWithToast();

  return (
    <div className="flex flex-col gap-5">
      <h1 className="font-display text-3xl text-foreground">More</h1>
      <section
        aria-label="Your profile"
        className="flex items-center gap-3 rounded-3xl border border-border bg-surface p-4 sm:gap-4"
      >
        <MemberAvatar
          name={me.name}
          src={me.avatar}
          size="lg"
          className="size-16 text-2xl sm:size-24 sm:text-3xl"
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-foreground text-lg">{me.name}</p>
          {/* Tier, then the city: on its own line on phones, after a dot from sm. */}
          <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-sm">
            <span className="flex items-center gap-2 whitespace-nowrap">
              <TierBadge tier={me.tier_level} />
              Tier {me.tier_level}
            </span>
            <span aria-hidden="true" className="max-sm:hidden">
              ·
            </span>
            <span className="min-w-0 max-sm:basis-full">
              {me.location.city}, {me.location.state}
            </span>
          </div>
          <ul
            className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground text-xs"
            aria-label="Your numbers"
          >
            <li className="flex items-center gap-1">
              <Eye aria-hidden="true" className="size-3.5" /> {countLabel(me.view_count, 'view')}
            </li>
            <li className="flex items-center gap-1">
              <Heart aria-hidden="true" className="size-3.5" /> {countLabel(me.like_count, 'like')}
            </li>
            {me.rating_avg !== null && (
              <li className="flex items-center gap-1">
                <Star aria-hidden="true" className="size-3.5" /> {me.rating_avg.toFixed(1)}/5
              </li>
            )}
          </ul>
        </div>
      </section>

      <ReferralCard />

      <Tabs.Root
        value={tab}
        onValueChange={(value) => update({ tab: value === 'tiers' ? 'tiers' : null })}
        className="flex flex-col gap-4"
      >
        <Tabs.List
          aria-label="More"
          className="grid grid-cols-2 gap-1 rounded-2xl border border-border bg-surface-muted p-1"
        >
          {[
            ['menu', 'Menu'],
            ['tiers', 'Tier Management'],
          ].map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value as string}
              className="min-h-11 cursor-pointer rounded-xl font-semibold text-muted-foreground text-sm data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="menu">
          <nav
            aria-label="Menu"
            className="divide-y divide-border overflow-hidden rounded-3xl border border-border bg-surface"
          >
            <MenuLink Icon={UserPen} label="Edit Profile" to={paths.profileEdit} />
            <MenuButton Icon={Crown} label="My Tier" onClick={() => update({ tab: 'tiers' })} />
            <MenuButton Icon={Wallet} label="Escrow Wallet" onClick={() => update({ wallet: 'open' })} />
            <MenuLink Icon={CreditCard} label="Subscription" to={paths.subscription} />
            <MenuLink Icon={CalendarDays} label="Events" to={paths.events} />
            {isAdmin(me) && <MenuLink Icon={ShieldCheck} label="Admin Dashboard" to={paths.admin} />}
            <MenuButton Icon={Settings} label="Settings" onClick={() => update({ settings: 'open' })} />
            <MenuButton Icon={LifeBuoy} label="Help & Support" onClick={() => setHelpOpen(true)} />
          </nav>
          <DeveloperTools className="mt-4" />
          <Button
            variant="outline"
            className="mt-4 w-full"
            disabled={isPending}
            // Spec part 2 §2: after sign-out from the More menu go to `/` (which shows the landing page).
            onClick={() => signOut(paths.home)}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Sign Out
          </Button>
        </Tabs.Content>
        <Tabs.Content value="tiers">
          <TierManagement />
        </Tabs.Content>
      </Tabs.Root>

      <WalletDialog open={walletOpen} onOpenChange={(open) => update({ wallet: open ? 'open' : null })} />
      <SettingsDialog
        open={settingsOpen}
        onOpenChange={(open) => update({ settings: open ? 'open' : null })}
      />
      <HelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </div>
  );
}
