import { cityId, LOCATION_CITIES } from '@royal/shared';
import { LocateFixed, MapPin, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/titled-card';
import { useCurrentMember } from '@/features/auth';
import { errorMessage } from '@/lib/api';
import { useSetMyLocation } from '../api/set-location';

const CITY_CHOICES = [...LOCATION_CITIES].sort((a, b) => a.name.localeCompare(b.name));

/** Why the browser could not give a position, in words a member can act on. */
function positionErrorText(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED)
    return 'Location permission was denied. Choose your city instead.';
  return 'Your position could not be found. Choose your city instead.';
}

/**
 * Location in settings: the city picker or "Use my location", and the privacy promise in plain
 * words (decision 005 says how it is kept). Location Sharing is a switch of Safety & Privacy.
 */
export function LocationSection() {
  const me = useCurrentMember();
  const setLocation = useSetMyLocation();
  const [locating, setLocating] = useState(false);
  const ids = { city: useId() };
  const current = `${me.location.city}, ${me.location.state}`;
  const known = LOCATION_CITIES.some((city) => cityId(city) === current);

  const saved = (label: string) => toast.success('Location updated', { description: label });
  const failed = (error: unknown) => toast.error('Error', { description: errorMessage(error) });

  const chooseCity = (city: string) =>
    setLocation.mutate(
      { kind: 'city', city },
      { onSuccess: (l) => saved(`${l.city}, ${l.state}`), onError: failed },
    );

  const locateMe = () => {
    if (!('geolocation' in navigator)) {
      toast.error('Error', {
        description: 'This browser cannot share a position. Choose your city instead.',
      });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        setLocation.mutate(
          { kind: 'position', lat: coords.latitude, lng: coords.longitude },
          { onSuccess: (l) => saved(`Near ${l.city}, ${l.state}`), onError: failed },
        );
      },
      (error) => {
        setLocating(false);
        toast.error('Error', { description: positionErrorText(error) });
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  };

  const busy = locating || setLocation.isPending;
  return (
    <TitledCard Icon={MapPin} title="Location">
      <p className="text-muted-foreground text-sm">
        You are in <span className="font-semibold text-foreground">{current}</span>
        {me.location.coordinates === null && ' (no location set yet: distances are not shown)'}.
      </p>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <label htmlFor={ids.city} className="font-semibold text-foreground text-sm">
            City
          </label>
          <select
            id={ids.city}
            className="min-h-11 w-full rounded-xl border border-border bg-surface px-3 text-foreground text-sm focus-visible:outline-2 focus-visible:outline-ring"
            value={known ? current : ''}
            disabled={busy}
            onChange={(e) => e.target.value && chooseCity(e.target.value)}
          >
            {!known && <option value="">Choose your city</option>}
            {CITY_CHOICES.map((city) => (
              <option key={cityId(city)} value={cityId(city)}>
                {cityId(city)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="outline" onClick={locateMe} disabled={busy}>
          <LocateFixed aria-hidden="true" className="size-4" />
          {locating ? 'Locating...' : 'Use my location'}
        </Button>
      </div>

      <div className="flex gap-3 rounded-2xl bg-surface-muted p-3 text-foreground/90 text-sm">
        <ShieldCheck
          aria-hidden="true"
          className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-300"
        />
        <p>
          Your exact position is never stored: when you use your location, it is rounded to about 1 km before
          it is saved. Other members never see your coordinates. They see your city and a distance in whole
          miles, worked out from an area of a few kilometres around you, so nobody can pin down where you are,
          even by moving around and measuring again.
        </p>
      </div>
    </TitledCard>
  );
}
