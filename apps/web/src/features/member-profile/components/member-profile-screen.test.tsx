import type { MemberProfile, SwipeBody } from '@royal/shared';
import { type MockHandler, mockApi } from '@test/fetch-mock';
import { makeMatch, makeMe, makeMemberProfile } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_NOTICE } from '@/components/ui/photo-blur';
import { MemberProfileScreen } from './member-profile-screen';

const SWIPES = 'POST /api/swipes';
const ALLOWANCE = 'GET /api/discovery/allowance';
const allowance = (left: number, tokens = 0, messageTokens = 0): MockHandler => ({
  body: {
    super_likes_per_day: 3,
    super_likes_left_today: left,
    super_like_tokens: tokens,
    message_tokens: messageTokens,
  },
});

/** The API's refusal of a profile above the viewer's tier (details as the server sends them). */
const restricted = (details: Record<string, unknown> = { required_tier: 3 }): MockHandler => ({
  status: 403,
  body: {
    error: {
      code: 'PROFILE_RESTRICTED',
      message: 'This profile is only visible to Tier 3+ members. Upgrade your tier to view this profile.',
      details,
    },
  },
});

function renderProfile(
  profile: MemberProfile | { id: string; reply: MockHandler },
  routes: Record<string, MockHandler> = {},
  me = makeMe(),
) {
  const reply = 'reply' in profile ? profile.reply : { body: profile };
  const api = mockApi({ [ALLOWANCE]: allowance(3), [`GET /api/members/${profile.id}`]: reply, ...routes });
  const view = renderSignedIn(<MemberProfileScreen userId={profile.id} />, {
    me,
    path: `/profile/${profile.id}`,
  });
  return { ...view, api };
}

const swipeOk =
  (match: MemberProfile | null = null): MockHandler =>
  (request) => {
    const body = request.body as SwipeBody;
    return {
      body: { direction: body.direction, target_id: body.target_id, match: match ? makeMatch(match) : null },
    };
  };

describe('MemberProfileScreen', () => {
  it('shows the photos, badges, details, looking for, lifestyle, preference dots and last active', async () => {
    const profile = makeMemberProfile({
      name: 'Ava',
      age: 27,
      city: 'Miami',
      state: 'FL',
      distance_miles: 12,
      tier_level: 2,
      rating_avg: 4.6,
      looking_for: 'long_term',
      compensation_preference: 'allowances',
      lifestyle_tags: ['travel', 'wine_tasting'],
      travel_willing: true,
      discretion_required: true,
      body_type: 'curvy',
      height: `5'6"`,
      ethnicity: 'hispanic',
      online: false,
      last_active: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    });
    renderProfile(profile);

    expect(await screen.findByRole('heading', { name: 'Ava, 27', level: 1 })).toBeInTheDocument();
    expect(screen.getByAltText("Ava's photo 1 of 2")).toBeInTheDocument();
    expect(screen.getByText('Verified Viber')).toBeInTheDocument();
    expect(screen.getByText('ID verified', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('Miami, FL · 12 miles away')).toBeInTheDocument();
    expect(screen.getByText('Last active')).toHaveTextContent('Last active 2h ago');
    expect(screen.getByText('Rating').parentElement).toHaveTextContent('★Rating 4.6');
    // Views and likes are the member's own, seen in Interests: never on another member's page.
    expect(screen.queryByText(/\bviews?\b/)).not.toBeInTheDocument();
    expect(screen.queryByText(/\blikes?\b/)).not.toBeInTheDocument();
    expect(screen.getByText('Long-term')).toBeInTheDocument();
    expect(screen.getByText('Allowances')).toBeInTheDocument();
    expect(screen.getByText('Travel')).toBeInTheDocument();
    expect(screen.getByText('Wine Tasting')).toBeInTheDocument();
    for (const dot of [
      'Willing to travel',
      'Discretion required',
      'Body type: Curvy',
      `Height: 5'6"`,
      'Ethnicity: Hispanic',
    ]) {
      expect(screen.getByText(dot)).toBeInTheDocument();
    }
    expect(screen.queryByText('Open to companions only')).not.toBeInTheDocument();
  });

  it('shows the answered prompts, question above answer', async () => {
    renderProfile(
      makeMemberProfile({
        name: 'Ava',
        prompts: [
          { prompt: 'perfect_evening', answer: 'Rooftop jazz, then dumplings.' },
          { prompt: 'green_flag', answer: 'Kind to waiters.' },
        ],
      }),
    );
    const prompts = await screen.findByRole('list', { name: 'Prompts' });
    expect(
      within(prompts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'My idea of a perfect eveningRooftop jazz, then dumplings.',
      'A green flag I look forKind to waiters.',
    ]);
  });

  it('shows no rating until the member has three (the API sends none)', async () => {
    renderProfile(makeMemberProfile({ name: 'Ava', rating_avg: null }));
    expect(await screen.findByRole('heading', { name: /Ava/, level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Rating')).not.toBeInTheDocument();
    expect(screen.queryByText('★')).not.toBeInTheDocument();
  });

  it("says 'Online now' for a member active within the hour", async () => {
    renderProfile(makeMemberProfile({ online: true }));
    expect(await screen.findByText('Online now')).toBeInTheDocument();
  });

  it('collapses a bio over 150 characters behind Show more / Show less', async () => {
    const bio = `${'A'.repeat(140)} and then the rest of a long story about yachts.`;
    const { user } = renderProfile(makeMemberProfile({ bio }));

    const more = await screen.findByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(`${bio.slice(0, 150).trimEnd()}…`)).toBeInTheDocument();
    expect(screen.queryByText(bio)).not.toBeInTheDocument();

    await user.click(more);
    expect(screen.getByText(bio)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByText(bio)).not.toBeInTheDocument();
  });

  it('shows a short bio whole, without Show more', async () => {
    renderProfile(makeMemberProfile({ bio: 'B'.repeat(150) }));
    expect(await screen.findByText('B'.repeat(150))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("shows 'Profile Restricted' with the tier and an Upgrade button", async () => {
    const id = '22222222-2222-4222-8222-222222222222';
    renderProfile({ id, reply: restricted() });

    expect(await screen.findByRole('heading', { name: 'Profile Restricted' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'This profile is only visible to Tier 3+ members. Upgrade your tier to view this profile.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
    // No message tokens: no way to like past the restriction.
    expect(screen.queryByRole('button', { name: /message token/ })).not.toBeInTheDocument();
  });

  it('lets a member holding message tokens like a restricted profile with one', async () => {
    const id = '44444444-4444-4444-8444-444444444444';
    const { api, user } = renderProfile(
      { id, reply: restricted() },
      {
        [ALLOWANCE]: allowance(3, 0, 2),
        [SWIPES]: swipeOk(),
      },
    );

    await user.click(await screen.findByRole('button', { name: 'Like with a message token (2 left)' }));
    expect(await screen.findByText("You've liked this member")).toBeInTheDocument();
    expect(api.callsTo(SWIPES).map((c) => c.body)).toEqual([
      { target_id: id, direction: 'right', use_message_token: true },
    ]);
    expect(await screen.findByText('You liked this profile')).toBeInTheDocument();
  });

  it('does not offer the token like again for a restricted profile already liked', async () => {
    const id = '55555555-5555-4555-8555-555555555555';
    renderProfile(
      { id, reply: restricted({ required_tier: 3, my_swipe: 'right' }) },
      { [ALLOWANCE]: allowance(3, 0, 2) },
    );
    expect(await screen.findByText("You've liked this member")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /message token/ })).not.toBeInTheDocument();
  });

  it("shows 'Profile not found' with a way back to discovery", async () => {
    const id = '33333333-3333-4333-8333-333333333333';
    renderProfile({
      id,
      reply: { status: 404, body: { error: { code: 'PROFILE_NOT_FOUND', message: 'Profile not found' } } },
    });

    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Discover' })).toHaveAttribute('href', '/app');
  });

  it('really swipes: Like posts the swipe, toasts, then the buttons say Liked and are disabled', async () => {
    const profile = makeMemberProfile({ name: 'Ava' });
    const { api, user } = renderProfile(profile, { [SWIPES]: swipeOk() });

    await user.click(await screen.findByRole('button', { name: 'Like' }));

    expect(await screen.findByText('Liked!')).toBeInTheDocument();
    expect(api.callsTo(SWIPES).map((call) => call.body)).toEqual([
      { target_id: profile.id, direction: 'right' },
    ]);
    expect(await screen.findByRole('button', { name: 'Liked' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pass' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Super Like' })).toBeDisabled();
  });

  it('passes and super likes with their own toasts', async () => {
    const first = makeMemberProfile();
    const { api, user } = renderProfile(first, { [SWIPES]: swipeOk() });
    await user.click(await screen.findByRole('button', { name: 'Super Like' }));
    expect(await screen.findByText('Super Like!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Super liked' })).toBeDisabled();
    expect(api.callsTo(SWIPES)[0]?.body).toEqual({ target_id: first.id, direction: 'up' });
  });

  it('reflects an earlier swipe: disabled buttons and the matching label', async () => {
    renderProfile(makeMemberProfile({ my_swipe: 'left' }));
    expect(await screen.findByRole('button', { name: 'Passed' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Like' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Super Like' })).toBeDisabled();
  });

  it("keeps Message disabled until there is a match ('Match first to message')", async () => {
    renderProfile(makeMemberProfile({ match_id: null }));
    const message = await screen.findByRole('button', { name: 'Message' });
    expect(message).toHaveAttribute('aria-disabled', 'true');
    expect(message).toHaveAccessibleDescription('Match first to message');
  });

  it('opens the chat from Message when matched', async () => {
    const matchId = '44444444-4444-4444-8444-444444444444';
    renderProfile(makeMemberProfile({ match_id: matchId, my_swipe: 'right' }));
    expect(await screen.findByRole('link', { name: 'Message' })).toHaveAttribute(
      'href',
      `/messages/${matchId}`,
    );
  });

  it('celebrates a match made from the profile and enables Message', async () => {
    const profile = makeMemberProfile({ name: 'Ava' });
    const { user } = renderProfile(profile, { [SWIPES]: swipeOk(profile) });

    await user.click(await screen.findByRole('button', { name: 'Like' }));

    const dialog = await screen.findByRole('dialog', { name: "It's a Match!" });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Swiping' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute(
        'href',
        expect.stringMatching(/^\/messages\/[\w-]+$/),
      ),
    );
  });

  it('asks a member who cannot swipe to upgrade instead of posting', async () => {
    const { api, user } = renderProfile(makeMemberProfile(), {}, makeMe({ tier_level: 0 }));
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Required' });
    expect(dialog).toHaveTextContent('Upgrade to Basic Access or higher to swipe');
    expect(api.callsTo(SWIPES)).toHaveLength(0);
  });

  it('shows the super likes left today, and offers the pack instead of posting when none is left', async () => {
    const { api, user } = renderProfile(makeMemberProfile(), {
      [ALLOWANCE]: allowance(0),
      [SWIPES]: swipeOk(),
    });
    expect(await screen.findByTestId('super-likes-left')).toHaveTextContent('Super likes left today: 0');
    await user.click(screen.getByRole('button', { name: 'Super Like' }));
    const dialog = await screen.findByRole('dialog', { name: 'No Super Likes Left' });
    expect(within(dialog).getByRole('link', { name: 'Get a Super Likes Pack' })).toHaveAttribute(
      'href',
      '/subscription?tab=boosts',
    );
    expect(api.callsTo(SWIPES)).toHaveLength(0);
  });

  it('super likes with a token when the day’s allowance is used', async () => {
    const { api, user } = renderProfile(makeMemberProfile(), {
      [ALLOWANCE]: allowance(0, 4),
      [SWIPES]: swipeOk(),
    });
    expect(await screen.findByTestId('super-likes-left')).toHaveTextContent(
      'Super likes left today: 0 · 4 tokens',
    );
    await user.click(screen.getByRole('button', { name: 'Super Like' }));
    expect(await screen.findByText('Super Like!')).toBeInTheDocument();
    expect(api.callsTo(SWIPES)).toHaveLength(1);
  });

  it('goes back to discovery when the profile was opened directly', async () => {
    const { user } = renderProfile(makeMemberProfile());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/app');
  });

  it("says under another member's photos that screenshots of them break the rules, not under one's own", async () => {
    const profile = makeMemberProfile({ name: 'Ava' });
    const view = renderProfile(profile);
    expect(await screen.findByText(SCREENSHOT_NOTICE)).toBeVisible();
    view.unmount();

    const me = makeMe();
    renderProfile(makeMemberProfile({ id: me.id, name: me.name }), {}, me);
    expect(await screen.findByRole('heading', { level: 1, name: new RegExp(me.name) })).toBeInTheDocument();
    expect(screen.queryByText(SCREENSHOT_NOTICE)).toBeNull();
  });
});
