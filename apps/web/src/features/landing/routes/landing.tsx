import { TIER_LEVELS, tierName } from '@royal/shared';
import { CalendarDays, Gem, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CrownArt } from '@/components/ui/crown';
import { PublicPage } from '@/components/ui/public-page';
import { paths } from '@/lib/paths';
import { CircleStats } from '../components/circle-stats';
import { TestimonialCarousel } from '../components/testimonial-carousel';
import { TESTIMONIALS } from '../components/testimonials';

const FEATURES = [
  {
    Icon: Gem,
    title: 'Five Tiers of Access',
    text: 'From Observer to Vault Verified: each tier opens more of the circle.',
  },
  {
    Icon: ShieldCheck,
    title: 'Verified Members',
    text: 'Selfie and ID verification, private photos and safety tools built in.',
  },
  {
    Icon: CalendarDays,
    title: 'Exclusive Events',
    text: 'Tier-gated soirées, VIP evenings and after-hours experiences.',
  },
] as const;

/**
 * The public landing page (spec part 2 §2): Enter App and Join Waitlist, the testimonials, three
 * feature cards and the circle's figures from the database. Prerendered at build time
 * (app/prerender.tsx): it paints from its HTML; the figures arrive once the app has started.
 */
export function LandingPage() {
  return (
    <PublicPage>
      <main className="safe-x safe-bottom relative z-10">
        <section className="mx-auto flex w-full max-w-3xl flex-col items-center px-5 pt-8 pb-16 text-center sm:pt-16">
          <CrownArt className="w-36 sm:w-44" />
          <h1 className="text-gold-foil mt-6 motion-safe:animate-shimmer font-display text-4xl leading-tight sm:text-6xl">
            Enter the Royal Circle
          </h1>
          <p className="mt-4 font-display text-gold-100 text-xl italic sm:text-2xl">
            Where Luxury Meets Love
          </p>
          <p className="mt-5 max-w-xl text-royal-100">
            An invite-oriented circle for discerning adults: verified members, tiered access and evenings
            worth dressing up for.
          </p>
          <div className="mt-9 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild variant="gold" size="lg">
              <Link to={paths.app}>Enter App</Link>
            </Button>
            <Button asChild variant="glass" size="lg">
              <Link to={paths.waitlist}>Join Waitlist</Link>
            </Button>
          </div>
          <ul aria-label="Membership tiers" className="mt-12 flex flex-wrap justify-center gap-2">
            {TIER_LEVELS.map((level) => (
              <li
                key={level}
                className="rounded-full border border-gold-300/30 bg-white/5 px-3 py-1 text-gold-100 text-xs tracking-wide"
              >
                {tierName(level)}
              </li>
            ))}
          </ul>
        </section>
        <div className="px-5 pb-16">
          <TestimonialCarousel testimonials={TESTIMONIALS} />
        </div>
        <section aria-label="Why Royal Circle" className="mx-auto w-full max-w-5xl px-5 pb-16">
          <ul className="grid gap-4 sm:grid-cols-3">
            {FEATURES.map(({ Icon, title, text }) => (
              <li
                key={title}
                className="rounded-3xl border border-white/15 bg-royal-950/50 p-6 backdrop-blur-md"
              >
                <Icon aria-hidden="true" className="size-7 text-gold-300" />
                <h2 className="mt-4 font-display text-xl">{title}</h2>
                <p className="mt-2 text-royal-100 text-sm">{text}</p>
              </li>
            ))}
          </ul>
        </section>
        <CircleStats />
      </main>
    </PublicPage>
  );
}

export default LandingPage;
