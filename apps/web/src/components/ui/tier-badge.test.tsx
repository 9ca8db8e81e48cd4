import { TIER_LEVELS, tierName, tierShortName } from '@royal/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TierBadge } from './tier-badge';

describe('TierBadge', () => {
  it.each(TIER_LEVELS)('shows tier %i by its full name with its own colours', (tier) => {
    render(<TierBadge tier={tier} label="full" />);
    const badge = screen.getByText(tierName(tier));
    expect(badge).toHaveAttribute('data-tier', String(tier));
  });

  it.each(TIER_LEVELS)('shows tier %i by its short name where space is tight', (tier) => {
    render(<TierBadge tier={tier} label="short" />);
    expect(screen.getByText(tierShortName(tier))).toHaveAttribute('data-tier', String(tier));
  });

  it('renders both names in auto mode, the short one for narrow screens only', () => {
    const { container } = render(<TierBadge tier={3} />);
    expect(screen.getByText('Chemistry')).toHaveClass('sm:hidden');
    expect(screen.getByText('Chemistry Tier')).toHaveClass('hidden', 'sm:inline');
    expect(container.querySelectorAll('[data-tier]')).toHaveLength(1);
  });

  it('says Verified Viber once, never as a bare "Viber", on any width', () => {
    for (const label of ['auto', 'compact', 'short', 'fit'] as const) {
      const { container, unmount } = render(<TierBadge tier={2} label={label} />);
      expect(container).toHaveTextContent(/^Verified Viber$/);
      unmount();
    }
  });

  it('keeps the top bar on one line at 390 px: compact Verified Viber is the icon alone below 420 px', () => {
    render(<TierBadge tier={2} label="compact" />);
    expect(screen.getByText('Verified Viber')).toHaveClass('max-[419.98px]:sr-only');
  });

  it('gives each tier a different colour', () => {
    const classes = TIER_LEVELS.map((tier) => {
      const { container, unmount } = render(<TierBadge tier={tier} label="short" />);
      const className = container.querySelector('[data-tier]')?.className ?? '';
      unmount();
      return className;
    });
    expect(new Set(classes).size).toBe(TIER_LEVELS.length);
  });
});
