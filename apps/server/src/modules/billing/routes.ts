import {
  checkoutReplySchema,
  createSubscriptionBodySchema,
  endSponsorshipReplySchema,
  idempotencyHeaderSchema,
  idParamSchema,
  portalReplySchema,
  purchaseBoostBodySchema,
  SPONSORSHIP_LIMIT,
  SPONSORSHIP_PERIOD_DAYS,
  sponsorBodySchema,
  sponsorReplySchema,
  sponsorshipListSchema,
  sponsorshipQuoteQuerySchema,
  sponsorshipQuoteSchema,
  subscriptionStateSchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { idempotentHandler, MONEY_ROUTE_ERRORS } from '../wallet';
import { requestBoostCheckout, requestPlanCheckout } from './checkout';
import { openPortal } from './portal';
import { listSponsorships } from './sponsorship-list';
import { quoteSponsorship } from './sponsorship-quote';
import { revokeSponsorship } from './sponsorship-revoke';
import { sponsorMember } from './sponsorship-start';
import { getSubscriptionState } from './subscription-state';

const errors = MONEY_ROUTE_ERRORS;

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['subscription'];

  app.get(
    '/subscription',
    {
      config: { access: 'member', fresh: true },
      schema: {
        tags,
        summary: 'Your plan: tier, active or not and until when, sponsor, boosts you own',
        response: { 200: subscriptionStateSchema, ...errors },
      },
    },
    async (request) => getSubscriptionState(app.ctx, { actor: actorOf(request) }),
  );

  app.post(
    '/subscription/checkout',
    {
      config: { access: 'member', fresh: true, payment: true },
      schema: {
        tags,
        summary: 'Subscribe to a tier: a checkout URL (the tier applies when the provider confirms payment)',
        headers: idempotencyHeaderSchema,
        body: createSubscriptionBodySchema,
        response: { 200: checkoutReplySchema, ...errors },
      },
    },
    idempotentHandler((keyed) => requestPlanCheckout(app.ctx, keyed)),
  );

  app.post(
    '/subscription/portal',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Manage your plan at the provider: a URL',
        response: { 200: portalReplySchema, ...errors },
      },
    },
    async (request) => openPortal(app.ctx, { actor: actorOf(request) }),
  );

  app.post(
    '/boosts/checkout',
    {
      config: { access: { tier: 1 }, payment: true },
      schema: {
        tags,
        summary:
          'Buy a one-time boost: a checkout URL (granted when the provider confirms payment); BOOST_UNAVAILABLE for a boost the member could not use now',
        headers: idempotencyHeaderSchema,
        body: purchaseBoostBodySchema,
        response: { 200: checkoutReplySchema, ...errors },
      },
    },
    idempotentHandler((keyed) => requestBoostCheckout(app.ctx, keyed)),
  );

  app.get(
    '/sponsorships',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Members you sponsor, and who sponsors you',
        response: { 200: sponsorshipListSchema, ...errors },
      },
    },
    async (request) => listSponsorships(app.ctx, { actor: actorOf(request) }),
  );

  app.get(
    '/sponsorships/quote',
    {
      config: { access: { capability: 'sponsor' }, fresh: true },
      schema: {
        tags,
        summary: `What sponsoring a member costs (one ${SPONSORSHIP_PERIOD_DAYS}-day period of their own plan) and until when; the refusals sponsoring would give`,
        querystring: sponsorshipQuoteQuerySchema,
        response: { 200: sponsorshipQuoteSchema, ...errors },
      },
    },
    async (request) => quoteSponsorship(app.ctx, { actor: actorOf(request), userId: request.query.user_id }),
  );

  app.post(
    '/sponsorships',
    {
      config: { access: { capability: 'sponsor' }, fresh: true, payment: true },
      schema: {
        tags,
        summary: `Sponsor a member for ${SPONSORSHIP_PERIOD_DAYS} days, paid from your wallet at the quoted price (Vault Verified with sponsoring enabled; at most ${SPONSORSHIP_LIMIT} at a time)`,
        headers: idempotencyHeaderSchema,
        body: sponsorBodySchema,
        response: { 200: sponsorReplySchema, ...errors },
      },
    },
    idempotentHandler((keyed) => sponsorMember(app.ctx, keyed)),
  );

  app.delete(
    '/sponsorships/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'End a sponsorship you gave now; the unused share of its period goes back to your wallet',
        params: idParamSchema,
        response: { 200: endSponsorshipReplySchema, ...errors },
      },
    },
    async (request) => revokeSponsorship(app.ctx, { actor: actorOf(request), id: request.params.id }),
  );
};
