import { BackofficeReleaseList, EscrowReleaseList } from '@indiesplit/shared/escrow-release';
import {
  ConfirmAccountResponse,
  PayinReturnDto,
  PaymentAccountDto,
  ReconciliationDto,
  ReconciliationStatusDto,
  StartIdentityResponse,
  SuspenseDecision,
  SuspenseList,
} from '@indiesplit/shared/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireSession } from '../../platform/http.ts';
import { ProviderError, parseHookNotice } from '../../platform/payments/provider.ts';
import { handleHookNotice } from './hooks.ts';
import { confirmWithdrawalAccount } from './payouts.ts';
import { lastReconciliation, reconcile } from './reconciliation.ts';
import { backofficeReleases, studioReleases } from './release.ts';
import { confirmed, errors, PayinReturnBody, privateNoStore, returnAddress } from './route-parts.ts';
import {
  assignSuspense,
  listSuspense,
  paymentAccount,
  returnSuspense,
  startIdentityCheck,
} from './service.ts';

const Params = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
/** A withdrawal's id: checked by the funds feature (an unknown one is 404 withdrawalNotFound). */
const WithdrawalParams = z.object({ id: z.string().max(100) });

export async function paymentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  privateNoStore(app);

  r.get(
    '/payments/account/',
    {
      schema: {
        tags,
        summary: "The payment mode, the member's identity check and personal IBAN",
        response: { 200: PaymentAccountDto, ...errors },
      },
    },
    async (req) => paymentAccount(ctx, requireSession(req).user.id),
  );

  r.get(
    '/payments/studio/releases/',
    {
      schema: {
        tags,
        summary: "The money the studio's funded campaigns raised, and how far its payment has come",
        response: { 200: EscrowReleaseList, ...errors },
      },
    },
    async (req) => studioReleases(ctx, requireSession(req).user.id),
  );

  r.post(
    '/payments/identity/',
    {
      schema: {
        tags,
        summary: "Start the provider's hosted identity check; answers the page to send the member to",
        response: { 200: StartIdentityResponse, ...errors },
      },
    },
    async (req) => {
      const userId = requireSession(req).user.id;
      await ctx.limiter.consume({ name: 'identity-start', limit: 10, windowSeconds: 3600 }, userId);
      return startIdentityCheck(ctx, userId);
    },
  );

  // The bank account of the member's waiting withdrawal, registered at the provider; while the
  // member has not confirmed it, the page to send them to. Each call may register a new account at
  // the provider (after a cancelled confirmation), hence the limit.
  r.post(
    '/payments/withdrawals/:id/confirm-account/',
    {
      schema: {
        tags,
        summary:
          "Register the bank account of one's waiting withdrawal with the provider; answers where to confirm it",
        params: WithdrawalParams,
        response: { 200: ConfirmAccountResponse, ...errors },
      },
    },
    async (req) => {
      const userId = requireSession(req).user.id;
      await ctx.limiter.consume({ name: 'withdrawal-account', limit: 20, windowSeconds: 3600 }, userId);
      return confirmWithdrawalAccount(ctx, userId, req.params.id);
    },
  );

  // The provider's webhook: GET ?EventType=…&RessourceId=…&Date=… (its spelling). Anonymous by
  // nature; it costs one read at the provider and is believed only through that read.
  r.get(
    '/payments/hooks',
    { schema: { tags, summary: "The payment provider's event notices", hide: true } },
    async (req, reply) => {
      if (!ctx.payments.provider) throw new AppError('notFound', 404);
      const notice = parseHookNotice(req.query as Record<string, unknown>);
      if (!notice) throw new AppError('invalidHookNotice', 400);
      try {
        const result = await handleHookNotice(ctx, notice);
        return reply.status(200).send({ result });
      } catch (err) {
        // The provider tries a notice again when it is not answered 200: a fault of ours or of its
        // API is worth that; nothing was applied.
        if (err instanceof ProviderError) throw new AppError('paymentProviderUnavailable', 503);
        throw err;
      }
    },
  );

  r.get(
    '/backoffice/payments/releases/',
    {
      schema: {
        tags,
        summary: "Funded campaigns' escrows paid to their studios, the newest change first (admins)",
        response: { 200: BackofficeReleaseList, ...errors },
      },
    },
    async (req) => {
      await requireAdmin(ctx, req);
      return backofficeReleases(ctx);
    },
  );

  r.get(
    '/backoffice/payments/suspense/',
    {
      schema: {
        tags,
        summary: 'Pay-ins parked in the suspense account (payer name not the member’s)',
        response: { 200: SuspenseList, ...errors },
      },
    },
    async (req) => {
      await requireAdmin(ctx, req);
      return { items: await listSuspense(ctx) };
    },
  );

  r.post(
    '/backoffice/payments/suspense/:id/assign',
    {
      schema: {
        tags,
        summary: 'Credit a parked pay-in to the member whose IBAN received it',
        params: Params,
        body: SuspenseDecision,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const admin = await requireAdmin(ctx, req);
      confirmed(req.body.confirm, req.params.id);
      await assignSuspense(ctx, admin.id, req.params.id, req.ip);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/backoffice/payments/suspense/:id/return',
    {
      schema: {
        tags,
        summary:
          'Send a parked pay-in back to the account it came from (a payout naming it; returning until the provider settles it)',
        params: Params,
        body: PayinReturnBody,
        response: { 200: PayinReturnDto, ...errors },
      },
    },
    async (req) => {
      const admin = await requireAdmin(ctx, req);
      confirmed(req.body.confirm, req.params.id);
      return returnSuspense(ctx, admin.id, req.params.id, returnAddress(req.body.address), req.ip);
    },
  );

  r.get(
    '/backoffice/payments/reconciliation/',
    {
      schema: {
        tags,
        summary: 'The last comparison of the payment provider with the ledger',
        response: { 200: ReconciliationStatusDto, ...errors },
      },
    },
    async (req) => {
      await requireAdmin(ctx, req);
      return { mode: ctx.config.payments.mode, last: await lastReconciliation(ctx) };
    },
  );

  r.post(
    '/backoffice/payments/reconciliation/',
    {
      schema: {
        tags,
        summary: 'Compare the payment provider with the ledger now (the 24 hours before)',
        response: { 200: ReconciliationDto, ...errors },
      },
    },
    async (req) => {
      const admin = await requireAdmin(ctx, req);
      // A run reads every mapped wallet at the provider: a few an hour is plenty.
      await ctx.limiter.consume({ name: 'reconciliation-run', limit: 12, windowSeconds: 3600 }, admin.id);
      return reconcile(ctx, 'manual', { actorId: admin.id, ip: req.ip });
    },
  );
}
