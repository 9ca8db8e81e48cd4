import { LIFESTYLE_TAG_LABELS, LIFESTYLE_TAGS, type LifestyleTag, LOOKING_FOR_LABELS } from './enums';
import { countLabel, milesLabel } from './format';
import type { MemberCard } from './schemas/discovery';
import type { Me } from './schemas/me';

/** What of the viewer a compatibility is measured against: their own preferences and tags. */
export type CompatibilityViewer = {
  preferences: Pick<Me['preferences'], 'age_range' | 'distance_preference' | 'looking_for'>;
  lifestyle_tags: readonly string[];
};

/** What of the other member it reads: all of it already on their card. */
export type CompatibilityMember = Pick<
  MemberCard,
  'age' | 'distance_miles' | 'looking_for' | 'lifestyle_tags'
>;

export type CompatibilityPoint = {
  key: 'age' | 'distance' | 'looking_for' | 'lifestyle';
  /** Whether the member fits this preference; null when it cannot be told (no distance shown). */
  fits: boolean | null;
  /** What the viewer reads, in member-facing words. */
  label: string;
};

export type Compatibility = {
  /** Age, distance, what they are looking for and lifestyle, in that order. */
  points: CompatibilityPoint[];
  /** The lifestyle tags both have, in the member's order. */
  sharedTags: LifestyleTag[];
  /** How many points fit, of those that can be told. */
  fitting: number;
  known: number;
};

const isLifestyleTag = (tag: string): tag is LifestyleTag =>
  (LIFESTYLE_TAGS as readonly string[]).includes(tag);

/**
 * How another member fits the viewer's own preferences (the desktop deck's details panel, issue 33):
 * their age against the viewer's age range, their distance against the viewer's distance
 * preference, whether both look for the same, and the lifestyle tags they share. Pure: the web
 * computes it from the card and the signed-in member, and nothing about the viewer leaves the device.
 */
export function compatibilityWith(viewer: CompatibilityViewer, member: CompatibilityMember): Compatibility {
  const [minAge, maxAge] = viewer.preferences.age_range;
  const range = `${minAge}–${maxAge}`;
  const ageFits = member.age >= minAge && member.age <= maxAge;

  const miles = viewer.preferences.distance_preference;
  const distanceFits = member.distance_miles === null ? null : member.distance_miles <= miles;
  const within = milesLabel(miles);

  const sameGoal = member.looking_for === viewer.preferences.looking_for;
  const theirs = LOOKING_FOR_LABELS[member.looking_for];

  const mine = new Set(viewer.lifestyle_tags);
  const sharedTags = [...new Set(member.lifestyle_tags)].filter(
    (tag): tag is LifestyleTag => isLifestyleTag(tag) && mine.has(tag),
  );

  const points: CompatibilityPoint[] = [
    {
      key: 'age',
      fits: ageFits,
      label: ageFits ? `In your age range (${range})` : `Outside your age range (${range})`,
    },
    {
      key: 'distance',
      fits: distanceFits,
      label:
        distanceFits === null
          ? 'Distance not shared'
          : distanceFits
            ? `Within your ${within}`
            : `Beyond your ${within}`,
    },
    {
      key: 'looking_for',
      fits: sameGoal,
      label: sameGoal
        ? `Also looking for ${theirs}`
        : `Looking for ${theirs}; you chose ${LOOKING_FOR_LABELS[viewer.preferences.looking_for]}`,
    },
    {
      key: 'lifestyle',
      fits: sharedTags.length > 0,
      label:
        sharedTags.length > 0
          ? `${countLabel(sharedTags.length, 'interest')} in common: ${sharedTags.map((tag) => LIFESTYLE_TAG_LABELS[tag]).join(', ')}`
          : 'No interests in common yet',
    },
  ];
  const known = points.filter((point) => point.fits !== null);
  return {
    points,
    sharedTags,
    fitting: known.filter((point) => point.fits).length,
    known: known.length,
  };
}

/** 'Fits 3 of your 4 preferences'. */
export function compatibilitySummary({ fitting, known }: Pick<Compatibility, 'fitting' | 'known'>): string {
  return `Fits ${fitting} of your ${countLabel(known, 'preference')}`;
}
