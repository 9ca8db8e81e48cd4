import {
  exclusiveMemberTitle,
  type FeedCard,
  LIFESTYLE_TAG_LABELS,
  type LifestyleTag,
  LOOKING_FOR_LABELS,
  lockedProfileMessage,
  milesLabel,
} from '@royal/shared';
import { ArrowRight, Heart, Lock, MapPin, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { PromptAnswers } from '@/components/ui/prompt-answers';
import { Skeleton } from '@/components/ui/skeleton';
import { TierBadge } from '@/components/ui/tier-badge';
import { TierPlan } from '@/components/ui/tier-plan';
import { VerifiedMark } from '@/components/ui/verified-mark';
import { profilePath } from '@/lib/paths';

function tagLabel(tag: string): string {
  return LIFESTYLE_TAG_LABELS[tag as LifestyleTag] ?? tag;
}

/**
 * The desktop panel beside the deck: the card on top in full (the whole bio, what they are looking
 * for, lifestyle), or for a locked teaser the plan that would unlock it.
 */
export function DeckDetails({ card }: { card: FeedCard }) {
  if (card.locked) {
    return (
      <div className="rounded-3xl border border-border bg-surface p-6 shadow-card">
        <p className="flex items-center gap-2 font-display text-2xl">
          <Lock aria-hidden="true" className="size-5 text-gold-600 dark:text-gold-300" />
          {exclusiveMemberTitle(card.required_tier)}
        </p>
        <p className="mt-2 text-muted-foreground">{lockedProfileMessage(card.required_tier)}</p>
        <TierPlan tier={card.required_tier} className="mt-5" />
      </div>
    );
  }
  return (
    <div className="rounded-3xl border border-border bg-surface p-6 shadow-card">
      <div className="flex flex-wrap items-center gap-2">
        <TierBadge tier={card.tier_level} label="full" />
        {card.online && (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-surface-muted px-2 font-semibold text-xs leading-6">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
            Online now
          </span>
        )}
      </div>
      <h2 className="mt-3 flex items-center gap-2 font-display text-3xl">
        <span className="min-w-0 truncate">
          {card.name}, <span className="font-sans font-light">{card.age}</span>
        </span>
        {card.verified && <VerifiedMark />}
      </h2>
      <p className="mt-1 flex items-center gap-1.5 text-muted-foreground text-sm">
        <MapPin aria-hidden="true" className="size-4 shrink-0" />
        {card.city}, {card.state}
        {card.distance_miles !== null && ` · ${milesLabel(card.distance_miles)} away`}
      </p>
      {card.bio && <p className="mt-4 whitespace-pre-line leading-relaxed">{card.bio}</p>}
      <PromptAnswers prompts={card.prompts} className="mt-5" />
      <dl className="mt-5 grid gap-3 text-sm">
        <div className="flex items-center gap-2">
          <Heart aria-hidden="true" className="size-4 shrink-0 text-primary" />
          <dt className="text-muted-foreground">Looking for</dt>
          <dd className="font-semibold">{LOOKING_FOR_LABELS[card.looking_for]}</dd>
        </div>
        {card.lifestyle_tags.length > 0 && (
          <div className="flex items-start gap-2">
            <Sparkles aria-hidden="true" className="mt-1 size-4 shrink-0 text-primary" />
            <dt className="sr-only">Lifestyle</dt>
            <dd className="flex flex-wrap gap-1.5">
              {card.lifestyle_tags.map((tag) => (
                <span
                  key={tag}
                  className="rounded-full border border-border bg-surface-muted px-2.5 font-medium text-xs leading-6"
                >
                  {tagLabel(tag)}
                </span>
              ))}
            </dd>
          </div>
        )}
      </dl>
      <Link
        to={profilePath(card.id)}
        className="mt-6 inline-flex min-h-11 items-center gap-2 rounded-full font-semibold text-primary hover:underline"
      >
        View full profile
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}

/** The panel's shape (badge, name, place, bio, looking for) while the first cards load. */
const DETAIL_PLACEHOLDERS = [
  'h-6 w-32 rounded-full',
  'mt-4 h-8 w-52',
  'mt-2 h-4 w-40',
  'mt-6 h-4 w-full',
  'mt-2 h-4 w-11/12',
  'mt-2 h-4 w-3/4',
  'mt-6 h-4 w-44',
] as const;

/** Holds the panel's place while the first cards load, so the deck does not sit alone and then move. */
export function DeckDetailsSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-3xl border border-border bg-surface p-6 shadow-card">
      {DETAIL_PLACEHOLDERS.map((size) => (
        <Skeleton key={size} className={size} />
      ))}
    </div>
  );
}
