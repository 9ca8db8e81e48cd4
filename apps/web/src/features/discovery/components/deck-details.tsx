import {
  type Compatibility,
  type CompatibilityViewer,
  compatibilitySummary,
  compatibilityWith,
  exclusiveMemberTitle,
  type FeedCard,
  LIFESTYLE_TAG_LABELS,
  type LifestyleTag,
  lockedProfileMessage,
  type MemberCard,
  memberVerifiedSinceLabel,
} from '@royal/shared';
import { ArrowRight, BadgeCheck, Check, Lock, Minus, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BLURRED_PHOTO, usePhotoBlur } from '@/components/ui/photo-blur';
import { PromptAnswers } from '@/components/ui/prompt-answers';
import { Skeleton } from '@/components/ui/skeleton';
import { TierPlan } from '@/components/ui/tier-plan';
import { cn } from '@/lib/cn';
import { profilePath } from '@/lib/paths';
import { smallPhotoUrl } from '@/lib/photos';

function tagLabel(tag: string): string {
  return LIFESTYLE_TAG_LABELS[tag as LifestyleTag] ?? tag;
}

export type DeckDetailsProps = {
  card: FeedCard;
  /** The signed-in member: the compatibility is measured against their own preferences. */
  viewer: CompatibilityViewer;
  /** The card's photo on show, and a way to show another (the thumbnails). */
  photoIndex: number;
  onShowPhoto: (index: number) => void;
};

/**
 * The desktop panel beside the deck. It adds what the card cannot show and never repeats it (the
 * name, age, place, badges and distance are on the card, issue 33): since when the member is
 * verified, the whole bio, their other photos, prompts and interests, and how they fit the viewer's
 * own preferences. For a locked teaser, the plan that would unlock it.
 */
export function DeckDetails({ card, viewer, photoIndex, onShowPhoto }: DeckDetailsProps) {
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
    <div className="flex flex-col gap-6 rounded-3xl border border-border bg-surface p-6 shadow-card">
      <header className="flex flex-col gap-1">
        <h2 className="font-display text-2xl">About {card.name}</h2>
        {card.verified && (
          <p className="flex items-center gap-1.5 font-medium text-sky-700 text-sm dark:text-sky-300">
            <BadgeCheck aria-hidden="true" className="size-4 shrink-0" strokeWidth={2.25} />
            {memberVerifiedSinceLabel(card.verified_since ?? '')}
          </p>
        )}
        {card.bio && <p className="mt-2 max-w-measure whitespace-pre-line leading-relaxed">{card.bio}</p>}
      </header>
      <PhotoThumbnails card={card} shown={photoIndex} onShow={onShowPhoto} />
      <PromptAnswers prompts={card.prompts} />
      <div className="grid gap-6 xl:grid-cols-2">
        {card.lifestyle_tags.length > 0 && (
          <DetailSection title="Interests">
            <ul className="flex flex-wrap gap-1.5">
              {card.lifestyle_tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full border border-border bg-surface-muted px-2.5 font-medium text-xs leading-6"
                >
                  {tagLabel(tag)}
                </li>
              ))}
            </ul>
          </DetailSection>
        )}
        <CompatibilityList compatibility={compatibilityWith(viewer, card)} />
      </div>
      <Link
        to={profilePath(card.id)}
        className="inline-flex min-h-11 items-center gap-2 self-start rounded-full font-semibold text-primary hover:underline"
      >
        View full profile
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}

function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="font-sans font-semibold text-muted-foreground text-xs uppercase tracking-wide">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * All of the member's photos, small; the one on the card is marked, and a click shows another on
 * the card. None with a single photo: the card shows it already.
 */
function PhotoThumbnails({
  card,
  shown,
  onShow,
}: {
  card: MemberCard;
  shown: number;
  onShow: (index: number) => void;
}) {
  const count = card.photos.length;
  if (count < 2) return null;
  return (
    <DetailSection title={`Photos (${count})`}>
      <ul className="grid grid-cols-6 gap-2">
        {card.photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              type="button"
              aria-pressed={index === shown}
              aria-label={`Show ${card.name}'s photo ${index + 1} of ${count} on the card`}
              onClick={() => onShow(index)}
              className={cn(
                'block aspect-[4/5] w-full cursor-pointer overflow-hidden rounded-xl bg-surface-muted ring-offset-2 ring-offset-surface transition hover:opacity-90',
                index === shown ? 'ring-2 ring-primary' : 'opacity-75',
              )}
            >
              <Thumbnail url={photo.url} />
            </button>
          </li>
        ))}
      </ul>
    </DetailSection>
  );
}

const FIT_ICONS = {
  yes: {
    Icon: Check,
    className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
    word: 'Fits',
  },
  no: { Icon: X, className: 'bg-surface-muted text-muted-foreground', word: 'Does not fit' },
  unknown: { Icon: Minus, className: 'bg-surface-muted text-muted-foreground', word: 'Unknown' },
} as const;

/** How the member fits the viewer's preferences: a line per preference, with a summary. */
function CompatibilityList({ compatibility }: { compatibility: Compatibility }) {
  return (
    <DetailSection title="Your preferences">
      <p className="font-semibold text-sm">{compatibilitySummary(compatibility)}</p>
      <ul aria-label="How they fit your preferences" className="flex flex-col gap-2 text-sm">
        {compatibility.points.map((point) => {
          const fit = FIT_ICONS[point.fits === null ? 'unknown' : point.fits ? 'yes' : 'no'];
          return (
            <li key={point.key} data-fits={String(point.fits)} className="flex items-start gap-2">
              <span
                className={cn(
                  'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full',
                  fit.className,
                )}
              >
                <fit.Icon aria-hidden="true" className="size-3.5" strokeWidth={2.5} />
                <span className="sr-only">{fit.word}:</span>
              </span>
              <span className={cn(point.fits === true ? 'text-foreground' : 'text-muted-foreground')}>
                {point.label}
              </span>
            </li>
          );
        })}
      </ul>
    </DetailSection>
  );
}

/** The panel's shape (heading, verified line, bio, photos, preferences) while the first cards load. */
const DETAIL_PLACEHOLDERS = [
  'h-8 w-52',
  'mt-2 h-4 w-44',
  'mt-4 h-4 w-full',
  'mt-2 h-4 w-11/12',
  'mt-2 h-4 w-3/4',
  'mt-6 h-20 w-full rounded-xl',
  'mt-6 h-4 w-60',
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

/**
 * A photo's thumbnail, blurred while the member's 'Blur photos until tapped' hides it: a tap shows
 * it on the card, where tapping the photo reveals it (components/ui/photo-blur.tsx).
 */
function Thumbnail({ url }: { url: string }) {
  const { blurred } = usePhotoBlur(url);
  return (
    <img
      src={smallPhotoUrl(url)}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      className={cn('size-full object-cover object-[50%_20%]', blurred && BLURRED_PHOTO)}
    />
  );
}
