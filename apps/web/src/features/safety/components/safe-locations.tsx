import { amenitiesSummary, SAFE_LOCATION_TYPE_LABELS, type SafeLocation } from '@royal/shared';
import { ExternalLink, MapPin, ShieldCheck, Star } from 'lucide-react';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Spinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { errorMessage } from '@/lib/api';
import { useSafeLocations } from '../api/safety';

/** The Safe Locations tab: verified public places to meet in the member's city, best rated first. */
export function SafeLocations() {
  const places = useSafeLocations();
  if (places.isPending) return <Spinner label="Loading safe locations..." />;
  if (places.isError) {
    return (
      <LoadErrorPanel
        title="Failed to load safe meeting locations"
        message={errorMessage(places.error)}
        onRetry={() => places.refetch()}
        retrying={places.isFetching}
      />
    );
  }
  const { city, items } = places.data;
  if (items.length === 0) {
    return (
      <StatusPanel
        Icon={MapPin}
        title="No safe locations yet"
        description={`We haven't verified meeting places${city ? ` in ${city}` : ''} yet. Meet somewhere public and busy, and tell a friend where you'll be.`}
      />
    );
  }
  return (
    <section aria-labelledby="safe-locations-title" className="flex flex-col gap-4">
      <div>
        <h2 id="safe-locations-title" className="font-semibold text-foreground text-lg">
          Safe places to meet in {city}
        </h2>
        <p className="text-muted-foreground text-sm">
          Verified public venues with a safety rating of 4 or more.
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((place) => (
          <PlaceCard key={place.id} place={place} />
        ))}
      </ul>
    </section>
  );
}

function PlaceCard({ place }: { place: SafeLocation }) {
  const { shown, more } = amenitiesSummary(place.amenities);
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex items-center gap-1.5 font-semibold text-foreground">
            <span className="truncate">{place.name}</span>
            <ShieldCheck
              aria-label="Verified"
              className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
            />
          </h3>
          <p className="text-muted-foreground text-sm">{SAFE_LOCATION_TYPE_LABELS[place.type]}</p>
        </div>
        <p className="inline-flex shrink-0 items-center gap-1 rounded-full bg-gold-100 px-2.5 py-0.5 font-semibold text-gold-900 text-sm dark:bg-gold-900/50 dark:text-gold-100">
          <Star aria-hidden="true" className="size-3.5 fill-current" />
          <span className="sr-only">Safety rating</span> {place.rating.toFixed(1)}
        </p>
      </div>
      <p className="flex items-start gap-1.5 text-foreground text-sm">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          {place.address}, {place.city}, {place.state}
        </span>
      </p>
      {place.open_now !== null && (
        <p className="text-sm">
          <span
            className={
              place.open_now
                ? 'font-semibold text-emerald-700 dark:text-emerald-300'
                : 'font-semibold text-red-700 dark:text-red-300'
            }
          >
            {place.open_now ? 'Open now' : 'Closed now'}
          </span>
          {place.hours_today && <span className="text-muted-foreground"> · Today {place.hours_today}</span>}
        </p>
      )}
      <ul aria-label="Amenities" className="flex flex-wrap gap-1.5">
        {shown.map((amenity) => (
          <li
            key={amenity}
            className="rounded-full border border-border px-2.5 py-0.5 text-foreground text-xs"
          >
            {amenity}
          </li>
        ))}
        {more > 0 && <li className="px-1 py-0.5 text-muted-foreground text-xs">+{more} more</li>}
      </ul>
      <a
        href={place.maps_url}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-auto inline-flex min-h-11 items-center gap-1.5 self-start rounded-full border border-border px-4 font-semibold text-foreground text-sm transition hover:border-gold-400 focus-visible:outline-2 focus-visible:outline-ring"
      >
        View in Maps
        <ExternalLink aria-hidden="true" className="size-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </li>
  );
}
