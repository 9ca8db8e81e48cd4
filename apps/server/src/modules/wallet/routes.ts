import {
  checkoutReplySchema,
  cursorQuerySchema,
  depositBodySchema,
  idempotencyHeaderSchema,
  idParamSchema,
  transferBodySchema,
  transferReplySchema,
  walletHistoryPageSchema,
  walletSchema,
  withdrawalBodySchema,
  withdrawalReplySchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { getWallet } from './balance';
import { requestDeposit } from './deposit';
import { listHistory } from './history';
import { TRANSFER_ACCESS } from './policy';
import { idempotentHandler, MONEY_ROUTE_ERRORS } from './reply';
import { cancelTransfer, sendTransfer } from './transfer';
import { requestWithdrawal } from './withdraw';

const errors = MONEY_ROUTE_ERRORS;

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['wallet'];

  app.get(
    '/wallet',
    {
      config: { access: 'member', fresh: true },
      schema: {
        tags,
        summary: 'Your escrow wallet: balance, held amount, your tier’s range',
        response: { 200: walletSchema, ...errors },
      },
    },
    async (request) => getWallet(app.ctx, { actor: actorOf(request) }),
  );

  app.get(
    '/wallet/transactions',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Your wallet history, newest first',
        querystring: cursorQuerySchema,
        response: { 200: walletHistoryPageSchema, ...errors },
      },
    },
    async (request) => listHistory(app.ctx, { actor: actorOf(request), query: request.query }),
  );

  app.post(
    '/wallet/deposits',
    {
      // Tier 0 has no wallet; the tier's escrow maximum is checked by requestDeposit (deposit.ts).
      config: { access: { tier: 1 }, fresh: true, payment: true },
      schema: {
        tags,
        summary: 'Start a deposit: a checkout URL at the payment provider (credited by its webhook)',
        headers: idempotencyHeaderSchema,
        body: depositBodySchema,
        response: { 200: checkoutReplySchema, ...errors },
      },
    },
    idempotentHandler((keyed) => requestDeposit(app.ctx, keyed)),
  );

  app.post(
    '/wallet/withdrawals',
    {
      // Any member may take out what is theirs, whatever their tier or plan now.
      config: { access: 'member', fresh: true },
      schema: {
        tags,
        summary: 'Withdraw: the amount is held at once and paid out by the provider',
        headers: idempotencyHeaderSchema,
        body: withdrawalBodySchema,
        response: { 200: withdrawalReplySchema, ...errors },
      },
    },
    idempotentHandler((keyed) => requestWithdrawal(app.ctx, keyed)),
  );

  app.post(
    '/wallet/transfers',
    {
      config: { access: TRANSFER_ACCESS, fresh: true, payment: true },
      schema: {
        tags,
        summary:
          'Send money to another member; a guarded transfer (new match, large amount) needs `confirmed` and is held for a cool-off',
        headers: idempotencyHeaderSchema,
        body: transferBodySchema,
        response: { 200: transferReplySchema, ...errors },
      },
    },
    idempotentHandler((keyed) => sendTransfer(app.ctx, keyed)),
  );

  app.post(
    '/wallet/transfers/:id/cancel',
    {
      config: { access: 'member', fresh: true },
      schema: {
        tags,
        summary: 'Cancel a transfer of yours still in its cool-off; the amount returns to your balance',
        params: idParamSchema,
        response: { 200: transferReplySchema, ...errors },
      },
    },
    async (request) => cancelTransfer(app.ctx, { actor: actorOf(request), transferId: request.params.id }),
  );
};
