import {
  BROWSE_CARD_TAGS_SHOWN,
  LIFESTYLE_TAG_LABELS,
  type LifestyleTag,
  type MemberCard,
  milesLabel,
} from '@royal/shared';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { BLURRED_PHOTO, revealFirst, usePhotoBlur } from '@/components/ui/photo-blur';
import { TierBadge } from '@/components/ui/tier-badge';
import { VerifiedBadge } from '@/components/ui/verified-mark';
import { cn } from '@/lib/cn';
import { profilePath } from '@/lib/paths';

const tagLabel = (tag: string) => LIFESTYLE_TAG_LABELS[tag as LifestyleTag] ?? tag;

/**
 * One browse result (spec part 1 §2): opens the member's profile. While 'Blur photos until tapped'
 * keeps its photo blurred, the first tap (or Enter) on the card reveals it; the next one opens.
 */
export function ResultCard({ member }: { member: MemberCard }) {
  const photo = member.photos[0]?.url ?? null;
  const blur = usePhotoBlur(photo);
  const shownTags = member.lifestyle_tags.slice(0, BROWSE_CARD_TAGS_SHOWN);
  const moreTags = member.lifestyle_tags.length - shownTags.length;
  return (
    <li>
      <Link
        to={profilePath(member.id)}
        onClick={revealFirst(blur)}
        className="group flex h-full flex-col overflow-hidden rounded-3xl border border-border bg-surface shadow-[0_12px_32px_-22px_rgba(44,20,80,0.45)] transition hover:-translate-y-0.5 hover:shadow-[0_18px_40px_-20px_rgba(44,20,80,0.5)] focus-visible:outline-2 focus-visible:outline-primary"
      >
        <span className="relative block aspect-[4/5] overflow-hidden bg-surface-muted">
          {photo ? (
            <img
              src={photo}
              alt={member.name}
              loading="lazy"
              decoding="async"
              data-blurred={blur.blurred || undefined}
              className={cn(
                'size-full object-cover transition',
                blur.blurred ? BLURRED_PHOTO : 'group-hover:scale-[1.02]',
              )}
            />
          ) : (
            <span
              role="img"
              aria-label={member.name}
              className="flex size-full items-center justify-center bg-gradient-to-br from-royal-500 to-royal-900 font-display text-5xl text-gold-200"
            >
              <span aria-hidden="true">{member.name.trim().charAt(0).toUpperCase() || '?'}</span>
            </span>
          )}
          {blur.blurred && (
            // Said with the link too: its first press shows the photo rather than opening the profile.
            <span className="absolute inset-x-0 bottom-2 mx-auto w-fit rounded-full bg-black/60 px-3 py-1 font-semibold text-white text-xs">
              Tap to show photo
            </span>
          )}
          <span className="absolute top-2 left-2 flex flex-wrap gap-1">
            <TierBadge tier={member.tier_level} label="short" />
          </span>
          {member.online && (
            <span
              title="Online now"
              className="absolute top-2.5 right-2.5 size-3.5 rounded-full bg-emerald-500 ring-2 ring-white"
            />
          )}
        </span>
        <span className="flex flex-1 flex-col gap-1.5 p-3">
          <span className="flex min-w-0 items-center gap-1.5">
            <span className="truncate font-semibold text-foreground">
              {member.name}, {member.age}
            </span>
          </span>
          {member.verified && <VerifiedBadge className="self-start" />}
          <span className="flex min-w-0 items-center gap-1 text-muted-foreground text-sm">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">
              {member.city}
              {member.distance_miles !== null && ` · ${milesLabel(member.distance_miles)}`}
            </span>
          </span>
          {member.bio && <span className="line-clamp-2 text-foreground/80 text-sm">{member.bio}</span>}
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
            <span className={member.online ? 'font-semibold text-emerald-700 dark:text-emerald-300' : ''}>
              {member.online ? 'Online now' : 'Recently active'}
            </span>
          </span>
          {shownTags.length > 0 && (
            <span className="mt-auto flex flex-wrap gap-1 pt-1">
              {shownTags.map((tag) => (
                <span
                  key={tag}
                  className="rounded-full bg-surface-muted px-2 py-0.5 font-medium text-[11px] text-foreground/80"
                >
                  {tagLabel(tag)}
                </span>
              ))}
              {moreTags > 0 && (
                <span className="rounded-full border border-border px-2 py-0.5 font-medium text-[11px] text-muted-foreground">
                  +{moreTags}
                </span>
              )}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}
