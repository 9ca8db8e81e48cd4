import { CrownMark } from '@/components/ui/crown';
import { cn } from '@/lib/cn';
import { blurredPhotoUrl } from '@/lib/photos';

/**
 * An event's photos: the first large, the others in a row to scroll on a phone and, from sm, two of
 * them stacked beside it. Without photos, the royal placeholder with the venue's name, so the page
 * keeps its shape.
 */
export function EventPhotos({
  photos,
  name,
  venue,
}: {
  photos: readonly string[];
  name: string;
  venue: string;
}) {
  if (photos.length === 0) {
    return (
      <div
        role="img"
        aria-label={`${name} at ${venue}`}
        className="relative flex aspect-[16/7] max-h-64 min-h-40 w-full flex-col items-center justify-center gap-3 overflow-hidden rounded-3xl bg-gradient-to-br from-royal-950 via-royal-800 to-royal-950 ring-1 ring-gold-400/40"
      >
        <span
          aria-hidden="true"
          className="pointer-events-none absolute -top-16 left-1/2 size-64 -translate-x-1/2 rounded-full bg-gold-300/25 blur-3xl"
        />
        <CrownMark className="relative size-12" />
        <span aria-hidden="true" className="relative font-display text-gold-200 text-lg tracking-wide">
          {venue}
        </span>
      </div>
    );
  }
  const [first, ...rest] = photos;
  return (
    <div className={cn('grid gap-2', rest.length > 0 && 'sm:grid-cols-[3fr_1fr]')}>
      <Photo
        src={first as string}
        alt={`${name}, photo 1 of ${photos.length}`}
        priority
        className="aspect-[16/10] lg:aspect-[2/1]"
      />
      {rest.length > 0 && (
        // A row to scroll on a phone; from sm, two more photos stacked beside the first.
        <div
          className={cn(
            'flex gap-2 overflow-x-auto sm:grid sm:overflow-visible',
            rest.length > 1 ? 'sm:grid-rows-2' : 'sm:grid-rows-1',
          )}
        >
          {rest.map((src, i) => (
            <Photo
              key={src}
              src={src}
              alt={`${name}, photo ${i + 2} of ${photos.length}`}
              className={cn(
                'aspect-square w-28 shrink-0 sm:aspect-auto sm:h-full sm:w-full',
                i >= 2 && 'sm:hidden',
              )}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function Photo({
  src,
  alt,
  priority = false,
  className,
}: {
  src: string;
  alt: string;
  priority?: boolean;
  className?: string;
}) {
  const placeholder = blurredPhotoUrl(src);
  return (
    <img
      src={src}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      style={placeholder ? { backgroundImage: `url("${placeholder}")`, backgroundSize: 'cover' } : undefined}
      className={cn('w-full rounded-2xl bg-surface-muted object-cover', className)}
    />
  );
}
