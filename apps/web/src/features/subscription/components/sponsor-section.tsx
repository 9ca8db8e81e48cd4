import {
  ERROR_MESSAGES,
  formatCents,
  paymentBlock,
  SPONSORSHIP_FUNDS_TEXT,
  SPONSORSHIP_LIMIT,
  SPONSORSHIP_PERIOD_DAYS,
  SPONSORSHIP_RENEWAL_GRACE_HOURS,
  type Sponsorship,
  type SponsorshipQuote,
  sponsorBlock,
  TIERS,
} from '@royal/shared';
import { HandCoins } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ModalContent, ModalHeader } from '@/components/ui/modal';
import { TierBadge } from '@/components/ui/tier-badge';
import { useCurrentMember } from '@/features/auth';
import { useAttemptKey } from '@/features/wallet';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useEndSponsorship, useSponsor, useSponsorshipQuote, useSponsorships } from '../api/subscription';
import { dateLabel } from '../date-label';

/** The rule as the sponsor reads it before paying (decision 029). */
const TERMS = [
  `You pay the member's own monthly plan for ${SPONSORSHIP_PERIOD_DAYS} days, from your Escrow Wallet.`,
  `Up to ${SPONSORSHIP_LIMIT} members at a time.`,
  `It pauses while your ${TIERS[4].name} plan is not active, and ends if the plan is not renewed within ${SPONSORSHIP_RENEWAL_GRACE_HOURS} hours.`,
  'Whenever it ends early, including when you end it, the unused days go back to your wallet.',
];
const PAUSED_TEXT = `Paused until your ${TIERS[4].name} plan is renewed`;

/**
 * The Vault Verified card's sponsoring (part 2 §2): the Sponsor User button, the dialog that shows the
 * price and period before paying, and the members the member sponsors, each until when, with End.
 */
export function SponsorSection() {
  const me = useCurrentMember();
  // can_sponsor on the profile is the team's switch; the plan rule says whether it works right now.
  // A sponsorship is a payment too: an unconfirmed e-mail holds it back first (decision 056).
  const block = me.can_sponsor ? (paymentBlock(me) ?? sponsorBlock(me)) : null;
  const sponsorships = useSponsorships(me.can_sponsor);
  const given = sponsorships.data?.given ?? [];
  return (
    <div className="mt-4 flex flex-col gap-3">
      <SponsorDialog
        disabled={!me.can_sponsor || block !== null}
        atLimit={given.length >= SPONSORSHIP_LIMIT}
      />
      {!me.can_sponsor && (
        <p className="text-sm text-white/70">
          Sponsoring is enabled for your account by the Royal Circle team.
        </p>
      )}
      {block && <p className="text-sm text-white/70">{block.message}</p>}
      {me.can_sponsor && sponsorships.data && (
        <p className="text-sm text-white/80">
          You sponsor {given.length} of {SPONSORSHIP_LIMIT} members.
        </p>
      )}
      {given.length > 0 && <GivenList given={given} />}
    </div>
  );
}

function GivenList({ given }: { given: readonly Sponsorship[] }) {
  const end = useEndSponsorship();
  const endNow = (s: Sponsorship) =>
    end.mutate(s.id, {
      onSuccess: ({ refunded_cents }) =>
        toast.success('Sponsorship ended', {
          description:
            refunded_cents > 0
              ? `${formatCents(refunded_cents)} went back to your wallet.`
              : `${s.sponsored.name}'s sponsorship has ended.`,
        }),
      onError: (error) => toast.error('Could not end the sponsorship', { description: errorMessage(error) }),
    });
  return (
    <ul className="grid gap-2" aria-label="Members you sponsor">
      {given.map((s) => (
        <li
          key={s.id}
          className="flex items-center justify-between gap-2 rounded-xl bg-white/10 px-3 py-2 text-sm"
        >
          <span className="min-w-0">
            <span className="block truncate font-medium">{s.sponsored.name}</span>
            <span className="block text-white/70 text-xs">
              {s.paused ? PAUSED_TEXT : `Until ${dateLabel(s.paid_until)}`}
            </span>
          </span>
          <Button
            variant="glass"
            className="min-h-9 shrink-0 px-3 text-xs"
            aria-label={`End sponsorship of ${s.sponsored.name}`}
            disabled={end.isPending}
            onClick={() => endNow(s)}
          >
            End
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Two steps: who (the server quotes or refuses), then what it costs and until when, then pay. */
function SponsorDialog({ disabled, atLimit }: { disabled: boolean; atLimit: boolean }) {
  const [open, setOpen] = useState(false);
  const [userId, setUserId] = useState('');
  const [offer, setOffer] = useState<SponsorshipQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const quote = useSponsorshipQuote();
  const sponsor = useSponsor();
  const attempt = useAttemptKey();

  const reset = () => {
    setUserId('');
    setOffer(null);
    setError(null);
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) reset();
  };
  const ask = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    quote.mutate(userId.trim(), {
      onSuccess: (reply) => {
        setOffer(reply);
        attempt.renew();
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };
  const pay = (chosen: SponsorshipQuote) => {
    setError(null);
    sponsor.mutate(
      { key: attempt.key, userId: chosen.member.id, priceCents: chosen.price_cents },
      {
        onSuccess: ({ sponsorship }) => {
          toast.success('Sponsorship active', {
            description: `${sponsorship.sponsored.name} has full access to their plan until ${dateLabel(sponsorship.paid_until)}.`,
          });
          onOpenChange(false);
        },
        onError: (failure) => {
          attempt.afterFailure(failure);
          setError(errorMessage(failure));
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="gold" disabled={disabled} className="self-start">
          <HandCoins aria-hidden="true" className="size-4" />
          Sponsor User
        </Button>
      </Dialog.Trigger>
      <ModalContent className="text-left">
        <ModalHeader
          title="Sponsor a member"
          description="Give a member full access to their plan, paid by you."
        />
        <ul
          className="mt-3 list-disc space-y-1 pl-5 text-muted-foreground text-sm"
          aria-label="How sponsoring works"
        >
          {TERMS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {offer ? (
          <OfferStep
            offer={offer}
            pending={sponsor.isPending}
            onBack={() => {
              setOffer(null);
              setError(null);
            }}
            onPay={() => pay(offer)}
          />
        ) : (
          <form onSubmit={ask} className="mt-4 flex flex-col gap-3">
            <label htmlFor={inputId} className="font-semibold text-sm">
              Member user ID
            </label>
            <input
              id={inputId}
              value={userId}
              onChange={(e) => setUserId(e.target.value)}
              disabled={atLimit}
              className="min-h-11 rounded-xl border border-border bg-surface px-3"
            />
            <Button type="submit" disabled={atLimit || quote.isPending || userId.trim() === ''}>
              Continue
            </Button>
          </form>
        )}
        <Refusal
          className="mt-3"
          text={error ?? (atLimit && !offer ? ERROR_MESSAGES.SPONSORSHIP_LIMIT : null)}
        />
      </ModalContent>
    </Dialog.Root>
  );
}

function OfferStep({
  offer,
  pending,
  onBack,
  onPay,
}: {
  offer: SponsorshipQuote;
  pending: boolean;
  onBack: () => void;
  onPay: () => void;
}) {
  const short = offer.balance_cents < offer.price_cents;
  const price = formatCents(offer.price_cents);
  return (
    <div className="mt-4 flex flex-col gap-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl border border-border p-3 text-sm">
        <dt className="text-muted-foreground">Member</dt>
        <dd className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="truncate font-semibold">{offer.member.name}</span>
          <TierBadge tier={offer.member.tier_level} label="full" />
        </dd>
        <dt className="text-muted-foreground">Price</dt>
        <dd>
          <strong>{price}</strong> for {offer.period_days} days
        </dd>
        <dt className="text-muted-foreground">Until</dt>
        <dd>{dateLabel(offer.paid_until)}</dd>
        <dt className="text-muted-foreground">Your wallet</dt>
        <dd>{formatCents(offer.balance_cents)}</dd>
      </dl>
      <Refusal text={short ? SPONSORSHIP_FUNDS_TEXT : null} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button className="flex-1" onClick={onPay} disabled={short || pending}>
          Sponsor for {price}
        </Button>
      </div>
    </div>
  );
}

/** Why the dialog will not go on, where the member is looking (not a toast that disappears). */
function Refusal({ text, className }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <p role="alert" className={cn('text-rose-600 text-sm dark:text-rose-300', className)}>
      {text}
    </p>
  );
}
