import { ErrorResponse } from '@indiesplit/shared/auth';
import { isLanguage } from '@indiesplit/shared/languages';
import {
  BackofficeNewsDto,
  BackofficeNewsList,
  NewsDraftRequest,
  NewsItemDto,
  NewsListQuery,
  NewsListResponse,
  NewsletterDraftRequest,
  NewsletterDto,
  NewsletterList,
  NewsletterPreview,
} from '@indiesplit/shared/news';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asAdmin, callerOf, requireCaller } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { escapeHtml } from '../../platform/email/escape.ts';
import { notFound } from '../../platform/errors.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { readImageUpload } from '../../platform/image-upload.ts';
import { RULES } from '../../platform/rate-limit.ts';
import * as news from './news.ts';
import * as newsletter from './newsletter.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
};
const Id = z.object({ id: z.uuid() });
const Ok = z.object({ success: z.literal(true) });

/** News for members (the spec makes /news members-only) and its images (ADR 0038). */
export async function newsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['news'];
  app.addHook('onRequest', async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    await requireCaller(ctx, req);
  });

  r.get(
    '/news/',
    {
      schema: {
        tags,
        summary: 'Published news, newest first (members only)',
        querystring: NewsListQuery,
        response: { 200: NewsListResponse, ...errors },
      },
    },
    async (req) => news.listNews(ctx, req.query.page),
  );

  r.get(
    '/news/:id',
    {
      schema: {
        tags,
        summary: 'One published news item (members only)',
        params: Id,
        response: { 200: NewsItemDto, ...errors },
      },
    },
    async (req) => news.getPublishedNews(ctx, req.params.id),
  );

  r.get(
    '/news/media/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-f0-9]{32}\.webp$/) }) } },
    async (req, reply) => {
      const caller = await callerOf(ctx, req);
      const data = await news.readNewsImage(ctx, req.params.file, caller?.staffRole === 'admin');
      if (!data) throw notFound();
      return reply
        .type('image/webp')
        .header('content-disposition', 'inline; filename="news.webp"')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(data);
    },
  );
}

/** The back office of news and newsletters: admins only. */
export async function newsBackofficeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];
  const adminOf = async (req: FastifyRequest) => asAdmin(await requireCaller(ctx, req));
  app.addHook('onRequest', async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    await adminOf(req);
  });

  r.get(
    '/backoffice/news/',
    {
      schema: {
        tags,
        summary: 'All news, drafts included',
        response: { 200: BackofficeNewsList, ...errors },
      },
    },
    async () => ({ items: await news.listBackofficeNews(ctx) }),
  );
  r.post(
    '/backoffice/news/',
    {
      schema: {
        tags,
        summary: 'Write news as a draft (titles and Markdown bodies in English and Italian)',
        body: NewsDraftRequest,
        response: { 201: BackofficeNewsDto, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await news.createNews(ctx, await adminOf(req), req.body)),
  );
  r.get(
    '/backoffice/news/:id',
    {
      schema: {
        tags,
        summary: 'One news item with its rendered preview',
        params: Id,
        response: { 200: BackofficeNewsDto, ...errors },
      },
    },
    async (req) => news.getBackofficeNews(ctx, req.params.id),
  );
  r.put(
    '/backoffice/news/:id',
    {
      schema: {
        tags,
        summary: 'Edit news',
        params: Id,
        body: NewsDraftRequest,
        response: { 200: BackofficeNewsDto, ...errors },
      },
    },
    async (req) => news.updateNews(ctx, req.params.id, req.body),
  );
  r.post(
    '/backoffice/news/:id/publish',
    {
      schema: {
        tags,
        summary: 'Publish news (members see it at once), or take it back to draft',
        params: Id,
        body: z.object({ published: z.boolean() }),
        response: { 200: BackofficeNewsDto, ...errors },
      },
    },
    async (req) => news.setNewsPublished(ctx, await adminOf(req), req.params.id, req.body.published),
  );
  r.post(
    '/backoffice/news/:id/image',
    {
      schema: {
        tags,
        summary: 'Upload the image (multipart field image: JPEG, PNG or WebP, at most 5 MB)',
        consumes: ['multipart/form-data'],
        params: Id,
        response: { 200: BackofficeNewsDto, 413: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      const data = await readImageUpload(req, 'image');
      return news.setNewsImage(ctx, req.params.id, data);
    },
  );
  r.delete(
    '/backoffice/news/:id/image',
    {
      schema: {
        tags,
        summary: 'Remove the image',
        params: Id,
        response: { 200: BackofficeNewsDto, ...errors },
      },
    },
    async (req) => news.setNewsImage(ctx, req.params.id, null),
  );

  r.get(
    '/backoffice/newsletters/',
    { schema: { tags, summary: 'Newsletters, newest first', response: { 200: NewsletterList, ...errors } } },
    async () => ({ items: await newsletter.listNewsletters(ctx) }),
  );
  r.post(
    '/backoffice/newsletters/',
    {
      schema: {
        tags,
        summary: 'Compose a newsletter (subjects and Markdown bodies in English and Italian)',
        body: NewsletterDraftRequest,
        response: { 201: NewsletterDto, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await newsletter.createNewsletter(ctx, await adminOf(req), req.body)),
  );
  r.get(
    '/backoffice/newsletters/:id',
    { schema: { tags, summary: 'One newsletter', params: Id, response: { 200: NewsletterDto, ...errors } } },
    async (req) => newsletter.getNewsletter(ctx, req.params.id),
  );
  r.put(
    '/backoffice/newsletters/:id',
    {
      schema: {
        tags,
        summary: 'Edit a newsletter not sent yet',
        params: Id,
        body: NewsletterDraftRequest,
        response: { 200: NewsletterDto, ...errors },
      },
    },
    async (req) => newsletter.updateNewsletter(ctx, req.params.id, req.body),
  );
  r.get(
    '/backoffice/newsletters/:id/preview',
    {
      schema: {
        tags,
        summary: 'The email as a member gets it, in one language',
        params: Id,
        querystring: z.object({ language: z.enum(['en', 'it']).optional() }),
        response: { 200: NewsletterPreview, ...errors },
      },
    },
    async (req) =>
      newsletter.previewNewsletter(
        ctx,
        await adminOf(req),
        req.params.id,
        req.query.language ?? requestLanguage(req),
      ),
  );
  r.post(
    '/backoffice/newsletters/:id/test',
    {
      schema: {
        tags,
        summary: 'Send a test copy to yourself',
        params: Id,
        response: { 200: Ok, ...errors },
      },
    },
    async (req) => {
      await newsletter.sendTestNewsletter(ctx, await adminOf(req), req.params.id);
      return { success: true as const };
    },
  );
  r.post(
    '/backoffice/newsletters/:id/send',
    {
      schema: {
        tags,
        summary: 'Send to every member who opted in (queued through the outbox in batches)',
        params: Id,
        response: { 200: NewsletterDto, ...errors },
      },
    },
    async (req) => newsletter.sendNewsletter(ctx, await adminOf(req), req.params.id),
  );
}

const PAGE_TEXT = {
  en: {
    title: 'Unsubscribe from the newsletter',
    ask: 'Do you want to stop receiving the IndieSplit newsletter? Your other emails do not change.',
    button: 'Unsubscribe',
    done: 'You are unsubscribed: you will not receive the newsletter any more. You can subscribe again in Settings.',
    invalid: 'This unsubscribe link is not valid. Change your choice in Settings instead.',
  },
  it: {
    title: 'Annulla l’iscrizione alla newsletter',
    ask: 'Vuoi smettere di ricevere la newsletter di IndieSplit? Le altre email non cambiano.',
    button: 'Annulla l’iscrizione',
    done: 'Iscrizione annullata: non riceverai più la newsletter. Puoi iscriverti di nuovo nelle Impostazioni.',
    invalid: 'Questo link per annullare l’iscrizione non è valido. Cambia la tua scelta nelle Impostazioni.',
  },
} as const;

function page(language: 'en' | 'it', body: string): string {
  const t = PAGE_TEXT[language];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(t.title)} · IndieSplit</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>${escapeHtml(t.title)}</h1>${body}</body></html>`;
}

/**
 * The newsletter's unsubscribe address, outside the session and CSRF hooks: a mail provider's
 * one-click POST (RFC 8058) carries no cookie and no Origin, and the token in the address is the
 * whole proof. GET shows a confirmation page (a link scanner's GET changes nothing); its form POSTs
 * to the same address.
 */
export async function unsubscribeRoutes(app: FastifyInstance, ctx: AppContext) {
  // RFC 8058's body is "List-Unsubscribe=One-Click", form-encoded: accepted and not needed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );
  const Params = z.object({ token: z.string().max(200) });
  const langOf = (req: FastifyRequest, found: 'en' | 'it' | null) => {
    if (found) return found;
    const asked = requestLanguage(req);
    return isLanguage(asked) ? asked : 'en';
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/newsletter/unsubscribe/:token',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Confirmation page of the unsubscribe link',
        params: Params,
      },
    },
    async (req, reply) => {
      await ctx.limiter.consume(RULES.newsletterUnsubscribePerIp, req.ip);
      const found = await newsletter.languageOfToken(ctx.db, ctx.config.sessionSecret, req.params.token);
      const lang = langOf(req, found);
      const t = PAGE_TEXT[lang];
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!newsletter.userOfToken(ctx.config.sessionSecret, req.params.token))
        return reply.status(404).send(page(lang, `<p>${escapeHtml(t.invalid)}</p>`));
      return page(
        lang,
        `<p>${escapeHtml(t.ask)}</p><form method="post"><button type="submit" style="font:inherit;padding:.6rem 1.2rem">${escapeHtml(t.button)}</button></form>`,
      );
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/newsletter/unsubscribe/:token',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribe from the newsletter: one click (RFC 8058), no login; the token is the proof',
        params: Params,
      },
    },
    async (req, reply) => {
      await ctx.limiter.consume(RULES.newsletterUnsubscribePerIp, req.ip);
      const found = await newsletter.languageOfToken(ctx.db, ctx.config.sessionSecret, req.params.token);
      const lang = langOf(req, found);
      await newsletter.unsubscribe(ctx.db, ctx.config.sessionSecret, req.params.token);
      reply.header('cache-control', 'no-store');
      if ((req.headers.accept ?? '').includes('text/html'))
        return reply
          .type('text/html; charset=utf-8')
          .send(page(lang, `<p>${escapeHtml(PAGE_TEXT[lang].done)}</p>`));
      return { success: true };
    },
  );
}
