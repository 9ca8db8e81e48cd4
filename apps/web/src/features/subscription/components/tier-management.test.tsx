import { SUBSCRIBE_EMAIL_UNCONFIRMED_TEXT } from '@royal/shared';
import { mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TierManagement } from './tier-management';

afterEach(() => vi.unstubAllGlobals());

function renderFor(me: ReturnType<typeof makeMe>) {
  mockApi({ 'GET /api/sponsorships': { body: { given: [], received: null } } });
  return renderSignedIn(<TierManagement />, { me });
}

describe('TierManagement', () => {
  it('offers a top-10% member below Vault a free upgrade', () => {
    renderFor(makeMe({ tier_level: 2, popularity_score: 95 }));
    expect(screen.getByText("You're in the top 10%! Eligible for free tier upgrade.")).toBeInTheDocument();
  });

  it('never offers a Vault member a free upgrade: there is no plan above theirs', () => {
    renderFor(makeMe({ tier_level: 4, popularity_score: 95 }));
    const status = screen.getByRole('region', { name: 'Tier Status' });
    expect(within(status).getByText("You're in the top 10%!")).toBeInTheDocument();
    expect(status).not.toHaveTextContent(/upgrade/i);
  });

  it('marks the same one plan Most Popular as the subscription page does', () => {
    renderFor(makeMe({ tier_level: 0 }));
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(
      within(screen.getByRole('article', { name: 'Verified Viber' })).getByText('Most Popular'),
    ).toBeInTheDocument();
  });

  it('shows Subscribe Now disabled to a member whose e-mail is not confirmed, saying why', () => {
    renderFor(makeMe({ tier_level: 0, email_confirmed: false }));
    const plan = within(screen.getByRole('article', { name: 'Verified Viber' }));
    expect(plan.getByRole('button', { name: 'Subscribe Now' })).toBeDisabled();
    expect(plan.getByRole('button', { name: 'Subscribe Now' })).toHaveAccessibleDescription(
      SUBSCRIBE_EMAIL_UNCONFIRMED_TEXT,
    );
    expect(screen.getByText(SUBSCRIBE_EMAIL_UNCONFIRMED_TEXT)).toBeInTheDocument();
  });

  it('offers a confirmed member Subscribe Now with no such note', () => {
    renderFor(makeMe({ tier_level: 0 }));
    const plan = within(screen.getByRole('article', { name: 'Verified Viber' }));
    expect(plan.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
    expect(screen.queryByText(SUBSCRIBE_EMAIL_UNCONFIRMED_TEXT)).not.toBeInTheDocument();
  });

  it('lists only what each plan gives, never a ticked negative', () => {
    renderFor(makeMe({ tier_level: 0 }));
    const benefits = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(benefits.length).toBeGreaterThan(0);
    for (const benefit of benefits) expect(benefit).not.toMatch(/^(No |Limited )/);
  });
});
