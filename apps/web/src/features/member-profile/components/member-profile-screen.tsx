import {
  AppError,
  BIO_PREVIEW_CHARS,
  BODY_TYPE_LABELS,
  COMPENSATION_PREFERENCE_LABELS,
  ErrorCode,
  ETHNICITY_LABELS,
  idParamSchema,
  LIFESTYLE_TAG_LABELS,
  LIFESTYLE_TAGS,
  type LifestyleTag,
  LOOKING_FOR_LABELS,
  type MemberProfile,
  milesLabel,
  profileRestrictedMessage,
  relativeTime,
} from '@royal/shared';
import { ArrowLeft, Camera, Lock, MapPin, UserX } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { SCREENSHOT_NOTICE } from '@/components/ui/photo-blur';
import { PhotoCarousel } from '@/components/ui/photo-carousel';
import { PromptAnswers } from '@/components/ui/prompt-answers';
import { Spinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { TierBadge } from '@/components/ui/tier-badge';
import { VerifiedBadge } from '@/components/ui/verified-mark';
import { useCurrentMember } from '@/features/auth';
import { TokenLikeButton } from '@/features/discovery';
import { MemberSafetyActions } from '@/features/safety';
import { paths } from '@/lib/paths';
import { useMemberProfile } from '../api/member-profile';
import { ProfileActions } from './profile-actions';

const NOT_FOUND_CODES = new Set<string>([
  ErrorCode.PROFILE_NOT_FOUND,
  ErrorCode.NOT_FOUND,
  ErrorCode.VALIDATION_FAILED,
]);

function requiredTierOf(error: AppError): number | null {
  const tier = detailOf(error, 'required_tier');
  return typeof tier === 'number' ? tier : null;
}

/** Whether the member already liked this restricted profile (details.my_swipe: with a message token). */
function alreadyLiked(error: AppError): boolean {
  const swipe = detailOf(error, 'my_swipe');
  return swipe === 'right' || swipe === 'up';
}

function detailOf(error: AppError, key: string): unknown {
  const details = error.details;
  return typeof details === 'object' && details !== null && key in details
    ? (details as Record<string, unknown>)[key]
    : undefined;
}

function restrictedText(error: AppError): string {
  const tier = requiredTierOf(error);
  return tier === null ? error.message : profileRestrictedMessage(tier);
}

/** /profile/:userId: another member's full profile, with real swipe actions. */
export function MemberProfileScreen({ userId }: { userId: string }) {
  const valid = idParamSchema.safeParse({ id: userId }).success;
  const profile = useMemberProfile(userId, { enabled: valid });
  const error = profile.error;

  let content: ReactNode;
  if (!valid || (error instanceof AppError && NOT_FOUND_CODES.has(error.code))) {
    content = (
      <StatusPanel
        Icon={UserX}
        title="Profile not found"
        description="This member's profile does not exist or is no longer available."
      >
        <Button asChild>
          <Link to={paths.app}>Back to Discover</Link>
        </Button>
      </StatusPanel>
    );
  } else if (error instanceof AppError && error.code === ErrorCode.PROFILE_RESTRICTED) {
    content = (
      <StatusPanel Icon={Lock} tone="royal" title="Profile Restricted" description={restrictedText(error)}>
        <div className="flex w-80 max-w-full flex-col items-stretch gap-3">
          <Button variant="gold" asChild>
            <Link to={paths.subscription}>Upgrade</Link>
          </Button>
          <TokenLikeButton targetId={userId} liked={alreadyLiked(error)} />
        </div>
      </StatusPanel>
    );
  } else if (profile.isError) {
    content = (
      <LoadErrorPanel
        title="Error loading profile"
        message={profile.error.message}
        onRetry={() => profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  } else if (profile.data) {
    content = <ProfileView profile={profile.data} />;
  } else {
    content = <Spinner label="Loading profile..." />;
  }

  return (
    <div className="flex flex-col gap-4">
      <BackButton />
      {content}
    </div>
  );
}

function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Button
      variant="ghost"
      className="-ml-3 self-start px-3"
      // The first page of a visit has the key 'default': there is nowhere in the app to go back to.
      onClick={() => (location.key === 'default' ? navigate(paths.app) : navigate(-1))}
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
      Back
    </Button>
  );
}

function ProfileView({ profile }: { profile: MemberProfile }) {
  const me = useCurrentMember();
  const navigate = useNavigate();
  const isMe = profile.id === me.id;
  return (
    <article
      aria-labelledby="profile-name"
      className="grid gap-6 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]"
    >
      <div className="md:sticky md:top-[calc(var(--topbar-height)+1.5rem)] md:self-start">
        <PhotoCarousel
          photos={profile.photos}
          name={profile.name}
          indicator="dots"
          priority
          swipeNavigation
          className="aspect-square w-full rounded-3xl sm:aspect-[4/5] shadow-[0_30px_60px_-30px_rgba(27,11,51,0.7)]"
        >
          <div className="pointer-events-none absolute top-3 left-3 z-20 flex flex-wrap gap-1.5">
            <TierBadge tier={profile.tier_level} label="full" />
            {profile.verified && <VerifiedBadge />}
          </div>
        </PhotoCarousel>
        {!isMe && (
          <p className="mt-2 flex items-start gap-1.5 px-1 text-muted-foreground text-xs">
            <Camera aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            {SCREENSHOT_NOTICE}
          </p>
        )}
      </div>

      <div className="flex min-w-0 flex-col gap-6">
        <header className="flex flex-col gap-2">
          <h1 id="profile-name" className="font-display text-4xl text-foreground leading-tight">
            {profile.name}, <span className="font-sans font-light">{profile.age}</span>
          </h1>
          <p className="flex items-center gap-1.5 text-muted-foreground">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span>
              {profile.city}, {profile.state}
              {profile.distance_miles !== null && ` · ${milesLabel(profile.distance_miles)} away`}
            </span>
          </p>
          <LastActive profile={profile} />
          {!isMe && (
            <div className="-ml-3">
              <MemberSafetyActions
                member={profile}
                onBlocked={() => navigate(paths.app, { replace: true })}
              />
            </div>
          )}
          {/* Views and likes are the member's own (Interests); a rating shows from three ratings on. */}
          {profile.rating_avg !== null && (
            <p className="mt-1 inline-flex items-center gap-1.5 self-start rounded-full bg-gold-100 px-3 py-1 font-semibold text-gold-900 text-sm dark:bg-gold-900/50 dark:text-gold-100">
              <span aria-hidden="true">★</span>
              <span className="sr-only">Rating</span> {profile.rating_avg.toFixed(1)}
            </p>
          )}
        </header>

        {!isMe && <ProfileActions profile={profile} />}

        {profile.bio && <About bio={profile.bio} />}

        <PromptAnswers prompts={profile.prompts} />

        <Section title="What I'm Looking For">
          <dl className="grid grid-cols-2 gap-3">
            <Fact term="Looking for" value={LOOKING_FOR_LABELS[profile.looking_for]} />
            <Fact
              term="Compensation"
              value={COMPENSATION_PREFERENCE_LABELS[profile.compensation_preference]}
            />
          </dl>
        </Section>

        {profile.lifestyle_tags.length > 0 && (
          <Section title="Lifestyle">
            <ul className="flex flex-wrap gap-2">
              {profile.lifestyle_tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full border border-royal-200 bg-royal-50 px-3 py-1 font-medium text-royal-800 text-sm dark:border-royal-700 dark:bg-royal-900/60 dark:text-royal-100"
                >
                  {lifestyleLabel(tag)}
                </li>
              ))}
            </ul>
          </Section>
        )}

        <Preferences profile={profile} />
      </div>
    </article>
  );
}

function lifestyleLabel(tag: string): string {
  return (LIFESTYLE_TAGS as readonly string[]).includes(tag)
    ? LIFESTYLE_TAG_LABELS[tag as LifestyleTag]
    : tag;
}

function LastActive({ profile }: { profile: MemberProfile }) {
  if (profile.online) {
    return (
      <p className="flex items-center gap-2 font-medium text-emerald-700 text-sm dark:text-emerald-300">
        <span
          aria-hidden="true"
          className="size-2.5 rounded-full bg-emerald-500 ring-4 ring-emerald-500/20"
        />
        Online now
      </p>
    );
  }
  if (!profile.last_active) return null;
  return (
    <p className="text-muted-foreground text-sm">
      Last active <time dateTime={profile.last_active}>{relativeTime(profile.last_active)}</time>
    </p>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl border border-border bg-surface p-5 shadow-[0_16px_40px_-30px_rgba(44,20,80,0.5)]">
      <h2 className="font-display text-xl text-foreground">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-2xl bg-surface-muted px-4 py-3">
      <dt className="text-muted-foreground text-xs uppercase tracking-wider">{term}</dt>
      <dd className="mt-0.5 font-semibold text-foreground">{value}</dd>
    </div>
  );
}

function About({ bio }: { bio: string }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const long = bio.length > BIO_PREVIEW_CHARS;
  const text = long && !expanded ? `${bio.slice(0, BIO_PREVIEW_CHARS).trimEnd()}…` : bio;
  return (
    <Section title="About">
      <p id={id} className="whitespace-pre-line text-foreground/90 leading-relaxed">
        {text}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
          className="-ml-2 mt-1 min-h-11 cursor-pointer rounded-full px-2 font-semibold text-primary text-sm hover:underline dark:text-gold-300"
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </Section>
  );
}

type Dot = { label: string; className: string };

function Preferences({ profile }: { profile: MemberProfile }) {
  const dots: Dot[] = [];
  if (profile.travel_willing) dots.push({ label: 'Willing to travel', className: 'bg-emerald-500' });
  if (profile.discretion_required) dots.push({ label: 'Discretion required', className: 'bg-royal-500' });
  if (profile.open_to_companions_only) {
    dots.push({ label: 'Open to companions only', className: 'bg-gold-500' });
  }
  if (profile.body_type)
    dots.push({ label: `Body type: ${BODY_TYPE_LABELS[profile.body_type]}`, className: 'bg-sky-500' });
  if (profile.height) dots.push({ label: `Height: ${profile.height}`, className: 'bg-rose-500' });
  if (profile.ethnicity) {
    dots.push({ label: `Ethnicity: ${ETHNICITY_LABELS[profile.ethnicity]}`, className: 'bg-amber-600' });
  }
  if (dots.length === 0) return null;
  return (
    <Section title="Preferences">
      <ul className="grid gap-2 sm:grid-cols-2">
        {dots.map((dot) => (
          <li key={dot.label} className="flex items-center gap-2.5 text-foreground text-sm">
            <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${dot.className}`} />
            {dot.label}
          </li>
        ))}
      </ul>
    </Section>
  );
}
