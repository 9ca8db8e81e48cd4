import { TIERS } from '@royal/shared';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { UpgradeDialog } from './upgrade-dialog';

function renderDialog(tier?: 0 | 1 | 2 | 3 | 4) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <UpgradeDialog open onOpenChange={vi.fn()} message="Upgrade to Tier 3 or higher" tier={tier} />
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return screen.getByRole('dialog', { name: 'Upgrade Required' });
}

describe('UpgradeDialog', () => {
  it('names the plan that unlocks the action, its monthly price and benefits, from the tier table', () => {
    const dialog = renderDialog(3);
    expect(within(dialog).getByText('Upgrade to Tier 3 or higher')).toBeInTheDocument();
    expect(within(dialog).getByText('Chemistry Tier')).toBeInTheDocument();
    expect(within(dialog).getByText('$159.99/month')).toBeInTheDocument();
    for (const feature of TIERS[3].features) expect(within(dialog).getByText(feature)).toBeInTheDocument();
  });

  it('makes Upgrade the main action: it leads to /subscription and has the focus', () => {
    const dialog = renderDialog(1);
    const upgrade = within(dialog).getByRole('link', { name: 'Upgrade' });
    expect(upgrade).toHaveAttribute('href', '/subscription');
    expect(upgrade).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('shows only the explanation when no plan is given', () => {
    const dialog = renderDialog();
    expect(dialog.querySelector('[data-plan]')).toBeNull();
  });
});
