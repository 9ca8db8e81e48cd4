import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlanCard, planState } from './plan-card';

describe('planState', () => {
  it('names the member’s own plan, those below, the free plan and those to buy', () => {
    const tiers = [0, 1, 2, 3, 4] as const;
    expect(tiers.map((tier) => planState(tier, { tier_level: 2, active: true }))).toEqual([
      'free',
      'lower',
      'current',
      'subscribe',
      'subscribe',
    ]);
    expect(planState(0, { tier_level: 0, active: false })).toBe('current');
  });

  it('offers every paid plan again once the member’s own has lapsed', () => {
    expect([0, 1, 2, 3, 4].map((tier) => planState(tier as 0, { tier_level: 2, active: false }))).toEqual([
      'current',
      'subscribe',
      'subscribe',
      'subscribe',
      'subscribe',
    ]);
  });
});

describe('PlanCard', () => {
  it('offers Subscribe Now only for a higher plan, and says what the others are', async () => {
    const onSubscribe = vi.fn();
    const { rerender } = render(<PlanCard tier={3} state="subscribe" onSubscribe={onSubscribe} />);
    expect(screen.getByRole('article', { name: 'Chemistry Tier' })).toHaveTextContent('$159.99/month');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(onSubscribe).toHaveBeenCalledWith(3);

    for (const [state, label] of [
      ['current', 'Current'],
      ['lower', 'Lower Tier'],
      ['free', 'Free Plan'],
    ] as const) {
      rerender(<PlanCard tier={1} state={state} onSubscribe={onSubscribe} />);
      expect(screen.getByRole('button', { name: label })).toBeDisabled();
    }
  });

  it('marks Verified Viber, and no other plan, Most Popular wherever plans are listed', () => {
    const { rerender } = render(<PlanCard tier={2} state="subscribe" onSubscribe={vi.fn()} />);
    expect(screen.getByText('Most Popular')).toBeInTheDocument();
    for (const tier of [0, 1, 3, 4] as const) {
      rerender(<PlanCard tier={tier} state="subscribe" onSubscribe={vi.fn()} />);
      expect(screen.queryByText('Most Popular')).not.toBeInTheDocument();
    }
  });
});
