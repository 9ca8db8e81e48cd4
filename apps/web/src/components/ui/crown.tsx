import { useId } from 'react';

type CrownProps = { className?: string };

// No cn() (tailwind-merge) here: the loading screen draws the crown before anything else loads.

/** The small logo mark (top bar, buttons). Decorative: pair it with visible text. */
export function CrownMark({ className = 'size-7' }: CrownProps) {
  const id = useId();
  return (
    <svg viewBox="0 0 48 40" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id={`${id}-g`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f8e08e" />
          <stop offset="0.55" stopColor="#d4a017" />
          <stop offset="1" stopColor="#8a6410" />
        </linearGradient>
      </defs>
      <path
        d="M6 31 3 9l10.5 9L24 3l10.5 15L45 9l-3 22Z"
        fill={`url(#${id}-g)`}
        stroke="#fbe7a6"
        strokeWidth="1"
        strokeLinejoin="round"
      />
      <rect x="6" y="33" width="36" height="5" rx="1.6" fill={`url(#${id}-g)`} />
      <circle cx="3" cy="8" r="2.4" fill="#f8e08e" />
      <circle cx="24" cy="3" r="2.6" fill="#f8e08e" />
      <circle cx="45" cy="8" r="2.4" fill="#f8e08e" />
      <circle cx="24" cy="23" r="2.6" fill="#7c45d0" stroke="#fbe7a6" strokeWidth="0.8" />
    </svg>
  );
}

/**
 * The hero crown drawn for the sign-in and loading screens (our replacement for the spec's
 * crown-panda image): a jewelled gold crown on a velvet cushion with a soft halo.
 */
export function CrownArt({ className, animated = true }: CrownProps & { animated?: boolean }) {
  const id = useId();
  const gold = `url(#${id}-gold)`;
  return (
    <svg
      viewBox="0 0 200 170"
      aria-hidden="true"
      focusable="false"
      className={[
        'drop-shadow-[0_12px_30px_rgba(212,160,23,0.35)]',
        animated && 'motion-safe:animate-crown-bounce',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <defs>
        <radialGradient id={`${id}-halo`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fff4c7" stopOpacity="0.55" />
          <stop offset="0.6" stopColor="#e3b53a" stopOpacity="0.12" />
          <stop offset="1" stopColor="#e3b53a" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-gold`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff1b8" />
          <stop offset="0.35" stopColor="#efcc66" />
          <stop offset="0.7" stopColor="#d4a017" />
          <stop offset="1" stopColor="#8a6410" />
        </linearGradient>
        <linearGradient id={`${id}-band`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#8a6410" />
          <stop offset="0.5" stopColor="#f6e2a0" />
          <stop offset="1" stopColor="#8a6410" />
        </linearGradient>
        <linearGradient id={`${id}-velvet`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#7c45d0" />
          <stop offset="1" stopColor="#2c1450" />
        </linearGradient>
        <radialGradient id={`${id}-ruby`} cx="0.35" cy="0.35" r="0.7">
          <stop offset="0" stopColor="#ffd1e8" />
          <stop offset="0.4" stopColor="#d0327f" />
          <stop offset="1" stopColor="#6d0f3e" />
        </radialGradient>
        <radialGradient id={`${id}-sapphire`} cx="0.35" cy="0.35" r="0.7">
          <stop offset="0" stopColor="#e4dcff" />
          <stop offset="0.4" stopColor="#7c45d0" />
          <stop offset="1" stopColor="#2c1450" />
        </radialGradient>
      </defs>
      <circle cx="100" cy="78" r="78" fill={`url(#${id}-halo)`} />
      <ellipse cx="100" cy="150" rx="72" ry="14" fill={`url(#${id}-velvet)`} />
      <ellipse cx="100" cy="146" rx="60" ry="8" fill="#9a6be2" opacity="0.35" />
      <path
        d="M38 128 28 54l34 30 38-52 38 52 34-30-10 74Z"
        fill={gold}
        stroke="#fff1b8"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <path d="M62 84 100 32l38 52-38 30Z" fill="#fff4c7" opacity="0.18" />
      <rect x="36" y="124" width="128" height="16" rx="5" fill={`url(#${id}-band)`} />
      <circle cx="28" cy="52" r="7" fill={gold} stroke="#fff1b8" strokeWidth="1.2" />
      <circle cx="100" cy="28" r="8" fill={gold} stroke="#fff1b8" strokeWidth="1.2" />
      <circle cx="172" cy="52" r="7" fill={gold} stroke="#fff1b8" strokeWidth="1.2" />
      <path
        d="M100 74 112 92 100 110 88 92Z"
        fill={`url(#${id}-sapphire)`}
        stroke="#fff1b8"
        strokeWidth="1"
      />
      <circle cx="66" cy="104" r="7" fill={`url(#${id}-ruby)`} stroke="#fff1b8" strokeWidth="1" />
      <circle cx="134" cy="104" r="7" fill={`url(#${id}-ruby)`} stroke="#fff1b8" strokeWidth="1" />
      <circle cx="60" cy="132" r="3.2" fill="#fff4c7" />
      <circle cx="80" cy="132" r="3.2" fill={`url(#${id}-ruby)`} />
      <circle cx="100" cy="132" r="4" fill={`url(#${id}-sapphire)`} />
      <circle cx="120" cy="132" r="3.2" fill={`url(#${id}-ruby)`} />
      <circle cx="140" cy="132" r="3.2" fill="#fff4c7" />
      <path d="M97 24h6M100 21v6" stroke="#ffffff" strokeWidth="1.6" strokeLinecap="round" opacity="0.9" />
    </svg>
  );
}
