import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  BackofficeWithdrawalDto,
  BackofficeWithdrawalList,
  DepositDto,
  DepositImportRequest,
  DepositImportResponse,
  DepositInstructionsDto,
  DepositList,
  MarkPaidRequest,
  RecordDepositRequest,
  RejectWithdrawalRequest,
  WithdrawalDto,
  WithdrawalList,
  WithdrawalQuery,
  WithdrawalRequest,
} from '@indiesplit/shared/funds';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/http.ts';
import { requireSecondFactorFor } from '../mfa/service.ts';
import { cancelWithdrawal } from './commands/cancel-withdrawal.ts';
import { importDeposits } from './commands/import-deposits.ts';
import { markWithdrawalPaid } from './commands/mark-withdrawal-paid.ts';
import { recordDeposit } from './commands/record-deposit.ts';
import { rejectWithdrawal } from './commands/reject-withdrawal.ts';
import { requestWithdrawal } from './commands/request-withdrawal.ts';
import { startWithdrawalPayment } from './commands/start-withdrawal-payment.ts';
import { authorizeFundsAdmin } from './policies.ts';
import { listDeposits } from './queries/list-deposits.ts';
import { listMyWithdrawals } from './queries/list-my-withdrawals.ts';
import { listWithdrawals } from './queries/list-withdrawals.ts';
import { depositInstructions } from './service.ts';
import { guardNewWithdrawalIban } from './withdrawal-iban.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};
const conflict = { 409: ErrorResponse, 422: ErrorResponse };
const Params = z.object({ id: z.string().max(100) });

/** The member's side: where to send euros, and withdrawals of their own. */
export async function fundsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['funds'];
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  // The admin routes in a scope of their own, behind their guard.
  await app.register(fundsBackofficeRoutes, ctx);

  r.get(
    '/funds/deposit-instructions/',
    {
      schema: {
        tags,
        summary: "The platform's bank details and the member's personal reference for EUR deposits",
        response: { 200: DepositInstructionsDto, ...errors },
      },
    },
    async (req) => depositInstructions(ctx, requireSession(req).user.id),
  );

  r.get(
    '/funds/withdrawals/',
    {
      schema: {
        tags,
        summary: "The member's withdrawal requests, newest first",
        response: { 200: WithdrawalList, ...errors },
      },
    },
    async (req) => ({ withdrawals: await listMyWithdrawals(ctx, requireSession(req).user.id) }),
  );

  r.post(
    '/funds/withdrawals/',
    {
      // A visitor gets 401 before the body is looked at.
      onRequest: async (req) => void requireSession(req),
      schema: {
        tags,
        summary: "Ask to withdraw euros to one's own IBAN; the amount is reserved at once",
        body: WithdrawalRequest,
        response: { 201: WithdrawalDto, ...conflict, ...errors },
      },
    },
    async (req, reply) => {
      const { amount, iban, account_holder, holder_address } = req.body;
      const userId = requireSession(req).user.id;
      // An IBAN the member has never been paid on: held after an email or password change, then a
      // step-up, and the account's address is told with an undo link (ADR 0015).
      const onNewIban = await guardNewWithdrawalIban(ctx, req, userId, iban);
      // With a second factor on, a withdrawal proves it again (ADR 0016); checked after the step-up
      // so that a code is not spent on a request the step-up then refuses.
      await requireSecondFactorFor(ctx, userId, req.body.second_factor);
      const withdrawal = await requestWithdrawal(
        ctx,
        userId,
        { amount_cents: amount, iban, account_holder, holder_address },
        onNewIban,
      );
      if (onNewIban) ctx.mail.nudge();
      return reply.status(201).send(withdrawal);
    },
  );

  r.post(
    '/funds/withdrawals/:id/cancel',
    {
      schema: {
        tags,
        summary:
          'Cancel a withdrawal request an admin has not started paying yet; the amount is available again',
        params: Params,
        response: { 200: WithdrawalDto, ...conflict, ...errors },
      },
    },
    async (req) => cancelWithdrawal(ctx, requireSession(req).user.id, req.params.id),
  );
}

/** The back office's side: admins only. */
async function fundsBackofficeRoutes(app: FastifyInstance, ctx: AppContext) {
  // Before the body is validated: a visitor gets 401, a member or reviewer 403, never field errors.
  app.addHook('onRequest', async (req) => {
    authorizeFundsAdmin(await requireCaller(ctx, req));
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];
  const adminOf = (req: FastifyRequest) => requireSession(req).user.id;

  r.post(
    '/backoffice/funds/deposits',
    {
      schema: {
        tags,
        summary: 'Record a received bank transfer: credits the wallet its reference names (once per bank id)',
        body: RecordDepositRequest,
        response: { 201: DepositDto, ...conflict, ...errors },
      },
    },
    async (req, reply) => {
      const deposit = await recordDeposit(ctx, adminOf(req), {
        reference: req.body.reference,
        amount_cents: req.body.amount,
        bank_transaction_id: req.body.bank_transaction_id,
        value_date: req.body.value_date,
        payer_name: req.body.payer_name,
      });
      return reply.status(201).send(deposit);
    },
  );

  r.post(
    '/backoffice/funds/deposits/import',
    {
      schema: {
        tags,
        summary:
          'Record the rows of a CSV (date,amount,reference,bank_transaction_id,payer), each on its own; a result per row',
        body: DepositImportRequest,
        response: { 200: DepositImportResponse, ...errors },
      },
    },
    async (req) => importDeposits(ctx, adminOf(req), req.body.csv),
  );

  r.get(
    '/backoffice/funds/deposits',
    {
      schema: {
        tags,
        summary: 'Recorded deposits, newest first (the latest 200)',
        response: { 200: DepositList, ...errors },
      },
    },
    async () => ({ deposits: await listDeposits(ctx) }),
  );

  r.get(
    '/backoffice/funds/withdrawals',
    {
      schema: {
        tags,
        summary: 'Withdrawal requests; with ?status= oldest first, as a work queue',
        querystring: WithdrawalQuery,
        response: { 200: BackofficeWithdrawalList, ...errors },
      },
    },
    async (req) => ({ withdrawals: await listWithdrawals(ctx, req.query.status) }),
  );

  r.post(
    '/backoffice/funds/withdrawals/:id/processing',
    {
      schema: {
        tags,
        summary:
          'Start paying a requested withdrawal, before sending the bank transfer: the member can no longer cancel it',
        params: Params,
        response: { 200: BackofficeWithdrawalDto, ...conflict, ...errors },
      },
    },
    async (req) => startWithdrawalPayment(ctx, adminOf(req), req.params.id),
  );

  r.post(
    '/backoffice/funds/withdrawals/:id/paid',
    {
      schema: {
        tags,
        summary:
          'Record that the bank transfer to the member was made (requested or processing; posts the reservation)',
        params: Params,
        body: MarkPaidRequest,
        response: { 200: BackofficeWithdrawalDto, ...conflict, ...errors },
      },
    },
    async (req) => markWithdrawalPaid(ctx, adminOf(req), req.params.id, req.body),
  );

  r.post(
    '/backoffice/funds/withdrawals/:id/reject',
    {
      schema: {
        tags,
        summary:
          'Reject a withdrawal request, requested or processing, with a note for the member (voids the reservation)',
        params: Params,
        body: RejectWithdrawalRequest,
        response: { 200: BackofficeWithdrawalDto, ...conflict, ...errors },
      },
    },
    async (req) => rejectWithdrawal(ctx, adminOf(req), req.params.id, req.body),
  );
}
