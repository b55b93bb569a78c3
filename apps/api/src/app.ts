import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { TRAILER_FRAME_ORIGINS } from '@indiesplit/shared/trailer';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { DestinationStream } from 'pino';
import { accountErasureRoutes } from './app/account-routes.ts';
import { annualReportRoutes } from './app/annual-report-routes.ts';
import { figuresRoutes } from './app/figures-routes.ts';
import { invariantRoutes } from './app/invariants-routes.ts';
import { registerKeyInformationChange } from './app/key-information-change.ts';
import { createPageAssets } from './app/page-assets.ts';
import { createPageRenderer, serverBuildFor } from './app/page-render.ts';
import {
  compressPage,
  createPageShell,
  earlySubmitTarget,
  isEarlyFormSubmit,
  isRenderedPage,
  pageMetaFor,
  renderedAddress,
  wantsPage,
} from './app/page-shell.ts';
import { registerUndoChange } from './app/undo-change.ts';
import { registerJobs } from './app/workers.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accountRoutes } from './features/auth/account-routes.ts';
import { recoveryQueue } from './features/auth/recovery-queue.ts';
import { authRoutes } from './features/auth/routes.ts';
import { purgeDeadTokens } from './features/auth/tokens.ts';
import { campaignRoutes } from './features/campaigns/routes.ts';
import { newsBackofficeRoutes, newsRoutes, unsubscribeRoutes } from './features/community/news-routes.ts';
import { communityRoutes } from './features/community/routes.ts';
import { complaintRoutes } from './features/complaints/routes.ts';
import { devApiRoutes, devPageRoutes } from './features/dev/routes.ts';
import { feedRoutes } from './features/feed/routes.ts';
import { fundsRoutes } from './features/funds/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { investingRoutes } from './features/investing/routes.ts';
import { kybRoutes } from './features/kyb/routes.ts';
import { reloadLegalDocuments } from './features/legal/commands/reload-documents.ts';
import { legalDirFor } from './features/legal/folder.ts';
import { termsAcceptanceGate } from './features/legal/policies.ts';
import { legalRoutes } from './features/legal/routes.ts';
import { staffSecondFactorGate } from './features/mfa/policies.ts';
import { mfaRoutes } from './features/mfa/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { googleSignInSources } from './features/oauth/csp.ts';
import { oauthRoutes } from './features/oauth/routes.ts';
import { outcomeRoutes } from './features/outcomes/routes.ts';
import { registerSandboxHooks } from './features/payments/hooks.ts';
import { revenuePoolRoutes } from './features/payments/revenue-pool-routes.ts';
import { paymentRoutes } from './features/payments/routes.ts';
import { pitchRoutes } from './features/pitches/routes.ts';
import { revenueRoutes } from './features/revenue/routes.ts';
import { reviewRoutes } from './features/review/routes.ts';
import { securityRoutes } from './features/security/routes.ts';
import { captureStepUpPassword } from './features/security/step-up.ts';
import { updateRoutes } from './features/updates/routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { walletRoutes } from './features/wallet/routes.ts';
import type { AppContext } from './platform/context.ts';
import { Csrf } from './platform/csrf.ts';
import { registerDraining } from './platform/draining.ts';
import { AppError, registerErrorHandling, sendFrameworkError } from './platform/errors.ts';
import { startHousekeeping } from './platform/housekeeping.ts';
import { requestLanguage } from './platform/i18n.ts';
import { registerInputGuard } from './platform/input-guard.ts';
import { JobRunner } from './platform/jobs.ts';
import { loggerOptions } from './platform/logging.ts';
import { DevMailboxTransport, type MailTransport, MailWorker, SmtpTransport } from './platform/mailer.ts';
import { Metrics, registerMetrics, startMetricsServer, type WorkerName } from './platform/metrics.ts';
import { type Payments, startPayments } from './platform/payments/create-provider.ts';
import { PdfChecker } from './platform/pdf-check.ts';
import {
  MemoryRateLimitStore,
  RateLimiter,
  type RateLimitStore,
  RedisRateLimitStore,
} from './platform/rate-limit.ts';
import { SessionStore } from './platform/sessions.ts';
import { createFileStorage, type FileStorage } from './platform/storage.ts';
import './platform/http.ts';
import { CONSENT_COOKIE, SESSION_COOKIE } from '@indiesplit/shared/constants';

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (stdout when unset); tests read the log through it. */
  logStream?: DestinationStream;
  mailTransport?: MailTransport;
  rateLimitStore?: RateLimitStore;
  storage?: FileStorage;
  /** Whether the mail worker polls on its own (tests drain it explicitly). */
  startWorkers?: boolean;
  /** The payment provider (tests hand in one whose webhooks they deliver); else from PAYMENTS. */
  payments?: Payments;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

function defaultWebDist(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, '../../web/dist'), path.resolve(here, '../web/dist')]) {
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  // Cross-feature flows the app layer owns (ADR 0023).
  registerUndoChange();
  registerKeyInformationChange();
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel, deps.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // While closing, requests are refused by our own hook, translated (platform/draining.ts).
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // Errors Fastify raises before routing (bad URL encoding, over-long parameters) in our shape too.
    frameworkErrors: (err, req, reply) => sendFrameworkError(err, req, reply),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const draining = registerDraining(app);
  registerInputGuard(app);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  // An empty JSON body (the spec's "empty" POSTs) reads as {} instead of failing.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('invalidRequest', 400), undefined);
    }
  });

  const db = database.db;
  const metrics = new Metrics(database);
  const mailTransport =
    deps.mailTransport ??
    (config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.mailFrom) : new DevMailboxTransport(db));
  const ctx: AppContext = {
    config,
    db,
    sessions: new SessionStore(db, config),
    csrf: new Csrf(config),
    limiter: new RateLimiter(
      deps.rateLimitStore ??
        (config.redisUrl ? new RedisRateLimitStore(config.redisUrl, app.log) : new MemoryRateLimitStore()),
    ),
    mail: new MailWorker(db, mailTransport, app.log, undefined, () => metrics.workerError('mail')),
    storage: deps.storage ?? (await createFileStorage(config.storage)),
    pdfChecks: new PdfChecker(config.pdfCheck, app.log),
    log: app.log,
    metrics,
    payments: deps.payments ?? (await startPayments(config.payments, app.log)),
  };
  app.decorate('ctx', ctx);
  // The operator's legal texts (ADR 0034): new versions in the folder are recorded at every start;
  // a file that would change a recorded version is refused and logged, never taken. A database
  // that cannot take them yet (not migrated, unreachable) does not stop the process: readiness
  // says what is wrong, and an admin's reload records them later.
  try {
    const legal = await reloadLegalDocuments(db, legalDirFor(config));
    for (const problem of legal.refused) app.log.error({ legal: problem }, 'legal document not recorded');
  } catch (err) {
    app.log.error({ err }, 'legal documents not recorded');
  }
  // Metrics (ADR 0021): times every answer, so it comes before the routes.
  registerMetrics(app, metrics, config.metrics);
  if (config.metrics.port !== null) {
    let metricsServer: import('node:http').Server | undefined;
    app.addHook('onReady', async () => {
      metricsServer = await startMetricsServer(metrics, config.metrics);
    });
    app.addHook('onClose', async () => {
      metricsServer?.closeAllConnections();
      await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
    });
  }

  await app.register(fastifyCookie);
  // Security headers: helmet is configured once here (the headers are the same for every answer)
  // and runs as a plain hook; the Fastify wrapper would rebuild it, policy included, per request.
  const gsi = googleSignInSources(config);
  // Trailers play in YouTube's or Vimeo's player (after the visitor's consent) on campaign pages;
  // the shared list is the one the page builds its player addresses from, so only those two hosts.
  const frameSrc = [...config.cspFrameSrc, ...gsi, ...TRAILER_FRAME_ORIGINS];
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...gsi],
        styleSrc: ["'self'", ...gsi],
        // Style attributes, not style elements or sheets: the first screen the server renders
        // (ADR 0041) carries the app's computed styles (a progress bar's width, pixel-art colours)
        // as attributes, which the browser's render sets through the DOM instead. Style sheets and
        // <style> elements stay limited to our own files.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...gsi],
        frameSrc: frameSrc.length > 0 ? frameSrc : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.isProduction ? { maxAge: 63072000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    // Google's sign-in button talks to its popup and checks the page's origin from the referrer.
    ...(gsi.length > 0
      ? {
          crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
          referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
        }
      : {}),
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  if (config.apiDocs)
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'IndieSplit API',
          version: '1.0.0',
          description: `Accounts and platform API. Unsafe methods need the csrftoken cookie echoed in X-CSRFToken.`,
        },
        servers: [{ url: '/api' }],
      },
      transform: jsonSchemaTransform,
    });

  await app.register(
    async (api) => {
      api.decorateRequest('session', null);
      // Session, then CSRF, before the body is even read: a forged request is refused as such
      // (403), never validated or answered with field errors.
      api.addHook('onRequest', async (req) => {
        req.session = await ctx.sessions.find(req.cookies[SESSION_COOKIE]);
        ctx.csrf.verify(req, req.session?.idHash ?? 'anonymous');
      });
      // Step-up (ADR 0015): a password sent with a sensitive request, out of the body.
      api.addHook('preValidation', captureStepUpPassword);
      // Second factors (ADR 0016): the back office needs one proven in the session.
      api.addHook('onRequest', staffSecondFactorGate(ctx));
      api.addHook('onRequest', termsAcceptanceGate(ctx));
      await api.register(mfaRoutes, ctx);
      await api.register(healthRoutes, ctx);
      await api.register(authRoutes, ctx);
      await api.register(userRoutes, ctx);
      await api.register(accountRoutes, ctx);
      await api.register(accountErasureRoutes, ctx);
      await api.register(pitchRoutes, ctx);
      await api.register(reviewRoutes, ctx);
      await api.register(oauthRoutes, ctx);
      await api.register(walletRoutes, ctx);
      await api.register(investingRoutes, ctx);
      await api.register(kybRoutes, ctx);
      await api.register(campaignRoutes, ctx);
      await api.register(fundsRoutes, ctx);
      await api.register(invariantRoutes, ctx);
      await api.register(annualReportRoutes, ctx);
      await api.register(figuresRoutes, ctx);
      await api.register(revenueRoutes, ctx);
      await api.register(outcomeRoutes, ctx);
      await api.register(securityRoutes, ctx);
      await api.register(complaintRoutes, ctx);
      await api.register(communityRoutes, ctx);
      await api.register(newsRoutes, ctx);
      await api.register(newsBackofficeRoutes, ctx);
      await api.register(legalRoutes, ctx);
      await api.register(notificationRoutes, ctx);
      await api.register(updateRoutes, ctx);
      await api.register(feedRoutes, ctx);
      await api.register(paymentRoutes, ctx);
      await api.register(revenuePoolRoutes, ctx);
      if (!config.isProduction) await api.register(devApiRoutes, ctx);
      api.setNotFoundHandler(() => {
        throw new AppError('notFound', 404);
      });
    },
    { prefix: '/api' },
  );
  // The newsletter's one-click unsubscribe (RFC 8058), outside the session and CSRF hooks above.
  await app.register(unsubscribeRoutes, ctx);
  // The docs viewer sets its own, looser CSP on its pages only (Swagger UI uses inline styles).
  // Off in production unless API_DOCS=true: /api/docs then answers 404 like any unknown path.
  if (config.apiDocs)
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      staticCSP:
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'",
    });

  if (!config.isProduction) await app.register(devPageRoutes, ctx);

  const webDist = config.webDistDir ?? defaultWebDist();
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset; browsers get the smallest they accept.
      preCompressed: true,
      // Source maps (and their compressed copies) only where SOURCE_MAPS allows: off in production.
      allowedPath: (pathName) => config.sourceMaps || !/\.map(\.(br|gz))?$/.test(pathName),
      setHeaders: (res, filePath) => {
        // File names under assets/ carry a content hash: they never change, so cache them for good.
        if (/[\\/]assets[\\/]/.test(filePath))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        // The rest (the app loader, the icon) keeps its name from one release to the next.
        else res.header('cache-control', 'no-cache');
      },
    });
    // Client-side routes: any other request for a page gets the app shell, with the page's own
    // title and link-preview tags (app/page-shell.ts), whatever the client's Accept header.
    // The build's manifest names each screen's files, for the page's preload hints (page-assets.ts).
    const manifestFile = path.join(webDist, '.vite', 'manifest.json');
    const shell = createPageShell(
      readFileSync(path.join(webDist, 'index.html'), 'utf8'),
      existsSync(manifestFile) ? createPageAssets(JSON.parse(readFileSync(manifestFile, 'utf8'))) : undefined,
    );
    // The first screen of the public pages, rendered off the main thread (page-render.ts), when the
    // web app's server build is there (npm run build makes it).
    const serverBuild = serverBuildFor(webDist);
    const renderer = serverBuild ? createPageRenderer({ moduleFile: serverBuild, log: app.log }) : undefined;
    if (renderer) app.addHook('onClose', () => renderer.close());
    app.setNotFoundHandler(async (req, reply) => {
      // A form of a rendered page, submitted before the app took over (ADR 0041): the page again.
      if (isEarlyFormSubmit(req)) return reply.redirect(earlySubmitTarget(req), 303);
      if (!wantsPage(req)) throw new AppError('notFound', 404);
      const lang = requestLanguage(req);
      const meta = await pageMetaFor(ctx, req.url, lang);
      // Visitors only: a member's pages show who is signed in from the first frame, which the
      // server's render (a visitor's) would not; the app draws them, as before.
      const rendered =
        renderer && isRenderedPage(meta, req.url) && !req.cookies?.[SESSION_COOKIE]
          ? await renderer.render({
              url: renderedAddress(req.url),
              lang,
              ...(meta.answers ? { answers: meta.answers } : {}),
              consentChosen: req.cookies?.[CONSENT_COOKIE] === '1',
            })
          : null;
      const page = compressPage(shell(meta, lang, rendered), req.headers['accept-encoding']);
      if (page.encoding) reply.header('content-encoding', page.encoding);
      return reply
        .code(meta.status)
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Language, Cookie, Accept-Encoding')
        .type('text/html; charset=utf-8')
        .send(page.body);
    });
  }

  // A starting instance gives Redis a moment to connect, so its first requests already share limits.
  const limitStore = ctx.limiter.store;
  if (limitStore instanceof RedisRateLimitStore) app.addHook('onReady', () => limitStore.waitReady(2_000));

  let stopHousekeeping = () => {};
  // Lease-holding jobs (platform/jobs.ts): the revenue share and settlement rounds.
  const jobs = new JobRunner(app.log, (job) => metrics.workerError(job as WorkerName));
  registerJobs(jobs, ctx, config.settlementIntervalSeconds);
  if (deps.startWorkers !== false) {
    app.addHook('onReady', async () => {
      ctx.mail.start();
      stopHousekeeping = startHousekeeping(db, app.log, () => metrics.workerError('housekeeping'), [
        purgeDeadTokens,
      ]);
      jobs.start();
    });
  }
  // Workers stop as soon as close() begins, while answers still being written finish (ADR 0020).
  draining.onDrain(async () => {
    stopHousekeeping();
    await Promise.all([jobs.stop(), ctx.mail.stop()]);
  });
  app.addHook('onClose', async () => {
    await draining.drained();
    await recoveryQueue(ctx).drain();
    await ctx.limiter.close();
    ctx.storage.close?.();
    if (!deps.payments) await ctx.payments.close();
  });
  // The sandbox provider sends its webhooks to this instance (an operator sets Mangopay's in its
  // dashboard, ADR 0039).
  if (ctx.payments.sandbox && !deps.payments) app.addHook('onReady', async () => registerSandboxHooks(ctx));
  return app;
}
