import { cn } from '@/lib/cn';

const SIZES = {
  sm: 'size-10 text-base',
  md: 'size-12 text-lg',
  lg: 'size-24 text-3xl',
} as const;

export type MemberAvatarProps = {
  name: string;
  /** A photo URL; without one the member's initial is shown. */
  src: string | null | undefined;
  size?: keyof typeof SIZES;
  className?: string;
};

/** A round member photo, or their initial on the royal gradient when they have none. */
export function MemberAvatar({ name, src, size = 'md', className }: MemberAvatarProps) {
  const base = cn('shrink-0 overflow-hidden rounded-full', SIZES[size], className);
  if (src) {
    return <img src={src} alt={name} loading="lazy" decoding="async" className={cn(base, 'object-cover')} />;
  }
  return (
    <span
      role="img"
      aria-label={name}
      className={cn(
        base,
        'inline-flex items-center justify-center bg-gradient-to-br from-royal-500 to-royal-900 font-display font-semibold text-gold-200',
      )}
    >
      <span aria-hidden="true">{name.trim().charAt(0).toUpperCase() || '?'}</span>
    </span>
  );
}
