import { cn } from '@/lib/cn';
import { BLURRED_PHOTO, revealFirst, usePhotoBlur } from './photo-blur';

const SIZES = {
  sm: 'size-10 text-base',
  md: 'size-12 text-lg',
  lg: 'size-24 text-3xl',
} as const;

export type MemberAvatarProps = {
  name: string;
  /**
   * The member's `avatar` from the API: the square the server cut around their face (`?size=face`),
   * or the blurred teaser of a tier above the viewer's. Without one the member's initial is shown.
   */
  src: string | null | undefined;
  size?: keyof typeof SIZES;
  /** Beside text that already names the member (a notification's title): hidden from screen readers. */
  decorative?: boolean;
  className?: string;
};

/**
 * A round member photo, or their initial on the royal gradient when they have none. Another member's
 * photo is blurred until tapped while the member's 'Blur photos until tapped' is on (photo-blur.tsx):
 * that first tap reveals it and goes no further (the row or link around it acts on the next).
 */
export function MemberAvatar({ name, src, size = 'md', decorative = false, className }: MemberAvatarProps) {
  const blur = usePhotoBlur(src);
  const base = cn('shrink-0 overflow-hidden rounded-full', SIZES[size], className);
  if (src && blur.blurred) {
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: a visual veil only; the control around it stays the keyboard path
      // biome-ignore lint/a11y/useKeyWithClickEvents: as above (the blur hides nothing from a screen reader)
      <span className={cn(base, 'inline-block cursor-pointer')} onClick={revealFirst(blur)}>
        <img
          src={src}
          alt={decorative ? '' : name}
          loading="lazy"
          decoding="async"
          data-blurred=""
          className={cn('size-full object-cover', BLURRED_PHOTO)}
        />
      </span>
    );
  }
  if (src) {
    return (
      <img
        src={src}
        alt={decorative ? '' : name}
        loading="lazy"
        decoding="async"
        className={cn(base, 'object-cover')}
      />
    );
  }
  const labelled = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name };
  return (
    <span
      {...labelled}
      className={cn(
        base,
        'inline-flex items-center justify-center bg-gradient-to-br from-royal-500 to-royal-900 font-display font-semibold text-gold-200',
      )}
    >
      <span aria-hidden="true">{name.trim().charAt(0).toUpperCase() || '?'}</span>
    </span>
  );
}
