import { ReloadLegalResponse } from '@indiesplit/shared/legal';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMailbox } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import type { AppContext } from '../../platform/context.ts';
import { escapeHtml } from '../../platform/email/escape.ts';
import { notFound } from '../../platform/errors.ts';
import { endDemoCampaignNow } from '../campaigns/commands/end-demo-now.ts';
import { endFundingNow } from '../campaigns/commands/end-funding-now.ts';
import { endReflectionNow } from '../investing/commands/end-reflection.ts';
import { reloadLegalDocuments } from '../legal/commands/reload-documents.ts';
import { legalDirFor } from '../legal/folder.ts';
import { runDueWork } from '../settlement/worker.ts';
import { createLiveCampaignFixture } from './campaign-fixture.ts';
import { createRevenueFixture, FIXTURE_STAGES } from './revenue-fixture.ts';

const FixturePerson = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  password: z.string(),
});

const RevenueFixtureResponse = z.object({
  campaign: z.object({ id: z.string(), slug: z.string(), title: z.string(), status: z.string() }),
  studio: FixturePerson,
  investors: z.array(FixturePerson.extend({ invested_cents: z.number().int() })),
  launched_on: z.string().nullable(),
  report_period: z.string(),
  report_id: z.string().nullable(),
  distribution_id: z.string().nullable(),
});

const MailboxEntry = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()),
  created_at: z.string(),
});

/** The development mailbox: what the platform would have emailed. Never registered in production. */
export async function devApiRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages sent without SMTP, newest first (not in production)',
        querystring: z.object({ to: z.string().optional() }),
        response: { 200: z.array(MailboxEntry) },
      },
    },
    async (req) => {
      const to = req.query.to?.trim().toLowerCase();
      const rows = await ctx.db
        .select()
        .from(devMailbox)
        .where(to ? sql`lower(${devMailbox.toAddress}) = ${to}` : undefined)
        .orderBy(desc(devMailbox.id))
        .limit(200);
      return rows.map((m) => ({
        id: m.id,
        to: m.toAddress,
        subject: m.subject,
        text: m.textBody,
        html: m.htmlBody,
        headers: m.headers,
        created_at: m.createdAt.toISOString(),
      }));
    },
  );

  // The clock, wound forward: a campaign's deadline and its reflection periods end now, and the
  // settlement runs at once. What a visitor would otherwise wait minutes (a demo round) or weeks (a
  // euro campaign) for, the browser tests see in a second.
  r.post(
    '/dev/campaigns/:slug/fast-forward',
    {
      schema: {
        tags: ['development'],
        summary: 'End a campaign now and settle it (not in production)',
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: z.object({ status: z.string() }) },
      },
    },
    async (req) => {
      const [campaign] = await ctx.db
        .select({ id: campaigns.id, currency: campaigns.currency })
        .from(campaigns)
        .where(eq(campaigns.slug, req.params.slug));
      if (!campaign) throw notFound();
      await ctx.db.transaction(async (tx) => {
        if (campaign.currency === 'DEMO') await endDemoCampaignNow(tx, campaign.id);
        else await endFundingNow(tx, campaign.id, new Date());
        await endReflectionNow(tx, campaign.id);
      });
      await runDueWork(ctx, new Date());
      const [after] = await ctx.db
        .select({ status: campaigns.status })
        .from(campaigns)
        .where(eq(campaigns.id, campaign.id));
      return { status: after?.status ?? 'unknown' };
    },
  );

  // A live euro campaign of a new studio for one browser test, with the goal it asks for.
  r.post(
    '/dev/fixtures/live-campaign',
    {
      schema: {
        tags: ['development'],
        summary: 'Create a live euro campaign for a test (not in production)',
        body: z.object({
          title: z.string().trim().min(1).max(60).default('Fixture Game'),
          goal_cents: z.number().int().min(10_000).max(100_000_000),
        }),
        response: { 201: z.object({ id: z.string(), slug: z.string(), title: z.string() }) },
      },
    },
    async (req, reply) => {
      const campaign = await createLiveCampaignFixture(ctx, {
        title: req.body.title,
        goalCents: req.body.goal_cents,
      });
      return reply.code(201).send(campaign);
    },
  );

  // A real (euro) campaign in the revenue share, built from nothing for one browser test: a new
  // studio and two new investors, funded and settled, then (by `stage`) launched, reported, verified
  // and paid, each step through the code that takes it for real (revenue-fixture.ts). Answers the
  // ids, the address and the sign-in details the test needs.
  r.post(
    '/dev/fixtures/revenue-campaign',
    {
      schema: {
        tags: ['development'],
        summary: 'Create a funded campaign in the revenue share for a test (not in production)',
        body: z.object({
          stage: z.enum(FIXTURE_STAGES),
          title: z.string().trim().min(1).max(60).default('Fixture Game'),
        }),
        response: { 201: RevenueFixtureResponse },
      },
    },
    async (req, reply) => {
      const fixture = await createRevenueFixture(ctx, req.body);
      return reply.code(201).send(fixture);
    },
  );

  // The legal folder read again now, as an admin's reload does (ADR 0034), without the back office's
  // second factor: the browser tests publish a new terms version with it.
  r.post(
    '/dev/legal/reload',
    {
      schema: {
        tags: ['development'],
        summary: 'Record new legal document versions from the folder (not in production)',
        response: { 200: ReloadLegalResponse },
      },
    },
    async () => reloadLegalDocuments(ctx.db, legalDirFor(ctx.config)),
  );

  r.get(
    '/dev/mailbox/:id/html',
    { schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (req, reply) => {
      const [m] = await ctx.db.select().from(devMailbox).where(eq(devMailbox.id, req.params.id));
      if (!m) throw notFound();
      // Sandboxed: a message's HTML can show but never script against the platform's origin.
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'")
        .send(m.htmlBody);
    },
  );
}

export async function devPageRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/dev/mailbox', async (_req, reply) => {
    const rows = await ctx.db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(100);
    const items = rows
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p><strong>To:</strong> ${escapeHtml(m.toAddress)} · <time>${m.createdAt.toISOString()}</time> ·
<a href="/api/dev/mailbox/${m.id}/html">HTML</a></p><pre>${escapeHtml(m.textBody)}</pre></article>`,
      )
      .join('<hr>');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox · IndieSplit</title></head>
<body><h1>Development mailbox</h1><p>Mail the platform sent while no SMTP server is configured, newest first.</p>
${items || '<p>No messages yet.</p>'}</body></html>`;
  });
}
