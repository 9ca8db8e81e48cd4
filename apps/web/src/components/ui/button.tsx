import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const VARIANTS = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:brightness-110',
  gold: 'bg-gradient-to-r from-gold-300 via-gold-400 to-gold-500 text-royal-950 shadow-[0_8px_24px_-8px_rgba(212,160,23,0.7)] hover:brightness-105',
  outline: 'border border-border bg-surface text-foreground hover:bg-surface-muted',
  ghost: 'text-foreground hover:bg-surface-muted',
  glass: 'border border-white/25 bg-white/10 text-white backdrop-blur-md hover:bg-white/20',
} as const;

const SIZES = {
  md: 'min-h-11 px-5 text-sm',
  lg: 'min-h-12 px-6 text-base',
  icon: 'size-11 shrink-0',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Renders the single child (a Link, an anchor) with the button's look. */
  asChild?: boolean;
};

/** The design-system button: every size is at least 44 px tall for touch. */
export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  className,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      // No fade for members who ask for reduced motion: a button turning enabled shows at full
      // contrast at once (axe read one mid-fade from 60 % opacity in the admin journey).
      className={cn(
        'inline-flex cursor-pointer select-none items-center justify-center gap-2 rounded-full font-semibold motion-safe:transition disabled:cursor-not-allowed disabled:opacity-60',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}
