import {
  escrowRangeLabel,
  hasPaidAccess,
  isSubscriptionActive,
  MENU_MOST_POPULAR_TIER,
  TIER_LEVELS,
  TIERS,
} from '@royal/shared';
import { EyeOff, HandCoins, TrendingUp } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ModalContent } from '@/components/ui/modal';
import { TierBadge } from '@/components/ui/tier-badge';
import { useCurrentMember } from '@/features/auth';
import { errorMessage } from '@/lib/api';
import { useRevokeSponsorship, useSponsor, useSponsorships } from '../api/subscription';
import { PlanCard, planState } from './plan-card';
import { useCheckoutActions } from './use-checkout-actions';

const TOP_TEN_PERCENT = 90;

/** More → Tier Management (part 2 §2): status, the five plans, Vault features, the top-10% note. */
export function TierManagement() {
  const me = useCurrentMember();
  const actions = useCheckoutActions();
  const active = isSubscriptionActive(me) || me.is_sponsored;
  return (
    <div className="flex flex-col gap-5">
      <section aria-label="Tier Status" className="rounded-3xl border border-border bg-surface p-5">
        <h2 className="font-semibold text-foreground">Tier Status</h2>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <TierBadge tier={me.tier_level} label="full" />
          <span className="text-muted-foreground text-sm">
            {active
              ? me.tier_subscription_ends_at
                ? `Active until ${new Date(me.tier_subscription_ends_at).toLocaleDateString(undefined, { dateStyle: 'long' })}`
                : 'Active'
              : 'Not active'}
          </span>
        </div>
        <p className="mt-2 text-muted-foreground text-sm">Escrow range: {escrowRangeLabel(me.tier_level)}</p>
        {me.popularity_score >= TOP_TEN_PERCENT && (
          <p className="mt-3 flex items-center gap-2 rounded-xl bg-gold-100 px-3 py-2 font-medium text-gold-900 text-sm dark:bg-gold-900/30 dark:text-gold-100">
            <TrendingUp aria-hidden="true" className="size-4" />
            You're in the top 10%! Eligible for free tier upgrade.
          </p>
        )}
      </section>

      <div className="grid gap-5 pt-2 sm:grid-cols-2 xl:grid-cols-3">
        {TIER_LEVELS.map((tier) => (
          <PlanCard
            key={tier}
            tier={tier}
            state={planState(tier, { tier_level: me.tier_level, active: hasPaidAccess(me) })}
            popularLabel={tier === MENU_MOST_POPULAR_TIER ? 'Most Popular' : undefined}
            pending={actions.pending}
            onSubscribe={actions.subscribe}
          />
        ))}
      </div>

      {me.tier_level === 4 && (
        <section
          aria-label="Vault Verified Features"
          className="rounded-3xl border border-gold-400/50 bg-gradient-to-br from-royal-800 to-royal-950 p-5 text-white"
        >
          <h2 className="font-display text-gold-200 text-xl">{TIERS[4].name} Features</h2>
          <p className="mt-3 flex items-center gap-2 text-sm">
            <EyeOff aria-hidden="true" className="size-4 text-gold-300" />
            Ghost Mode: <strong>{me.ghost_mode ? 'On' : 'Off'}</strong>
          </p>
          <SponsorSection enabled={me.can_sponsor} />
        </section>
      )}
    </div>
  );
}

function SponsorSection({ enabled }: { enabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [userId, setUserId] = useState('');
  const inputId = useId();
  const sponsorships = useSponsorships(enabled);
  const sponsor = useSponsor();
  const revoke = useRevokeSponsorship();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sponsor.mutate(userId.trim(), {
      onSuccess: () => {
        toast.success('Sponsorship active', { description: 'The member now has full access to their tier.' });
        setOpen(false);
        setUserId('');
      },
      onError: (error) => toast.error('Sponsorship failed', { description: errorMessage(error) }),
    });
  };
  return (
    <div className="mt-4 flex flex-col gap-3">
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <Button variant="gold" disabled={!enabled} className="self-start">
            <HandCoins aria-hidden="true" className="size-4" />
            Sponsor User
          </Button>
        </Dialog.Trigger>
        <ModalContent className="text-left">
          <Dialog.Title className="font-display text-2xl">Sponsor a member</Dialog.Title>
          <Dialog.Description className="mt-1 text-muted-foreground text-sm">
            Their tier stays active while you sponsor them; you can revoke it at any time.
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4 flex flex-col gap-3">
            <label htmlFor={inputId} className="font-semibold text-sm">
              Member user ID
            </label>
            <input
              id={inputId}
              value={userId}
              onChange={(e) => setUserId(e.target.value)}
              className="min-h-11 rounded-xl border border-border bg-surface px-3"
            />
            <Button type="submit" disabled={sponsor.isPending || userId.trim() === ''}>
              Sponsor
            </Button>
          </form>
        </ModalContent>
      </Dialog.Root>
      {!enabled && (
        <p className="text-sm text-white/70">
          Sponsoring is enabled for your account by the Royal Circle team.
        </p>
      )}
      {sponsorships.data && sponsorships.data.given.length > 0 && (
        <ul className="grid gap-2" aria-label="Members you sponsor">
          {sponsorships.data.given.map((s) => (
            <li
              key={s.id}
              className="flex items-center justify-between gap-2 rounded-xl bg-white/10 px-3 py-2 text-sm"
            >
              {s.sponsored.name}
              <Button
                variant="glass"
                className="min-h-9 px-3 text-xs"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(s.id)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
