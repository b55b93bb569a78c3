import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidIban } from '@indiesplit/shared/funds';
import { type ApiHost, HttpFail, routeApi } from './api.ts';
import { defaultDeliver, errorBody, euroCents, header, readJson, readText, send } from './http.ts';
import { kybBodyLimit, serveKybPage } from './kyb.ts';
import { bankPage, donePage, idvPage, scaPage } from './pages.ts';
import { adjust, escapeIban, eur, type Json, newState, nextId, now, type SandboxState } from './state.ts';

// The sandbox payment provider (PAYMENTS=sandbox, ADR 0039): a small HTTP server on loopback that
// answers the subset of Mangopay's REST API we use — same paths, JSON shapes, OAuth client-
// credentials token and Idempotency-Key — so the real adapter and the official SDK talk HTTP to it.
// It keeps its state in memory, sends webhooks (GET ?EventType&RessourceId&Date) to the hooks
// registered with it, and serves pages where a newcomer "completes" an identity check, "sends" a
// bank transfer to their personal IBAN and confirms a bank account to be paid out to (SCA). Tests use the same server, and its fault
// switches (a 5xx or a hang, before or after the work is done) to prove retries are idempotent.

/** Mangopay keeps the answer given to an Idempotency-Key for 24 hours; after that the key is new. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface SandboxOptions {
  clientId: string;
  apiKey: string;
  host?: string;
  port?: number;
  /** How a webhook is delivered; by default an HTTP GET to the hook's URL. */
  deliver?: (url: string) => Promise<void>;
  /** Milliseconds before a payout settles on its own (SUCCEEDED, or FAILED for a failing IBAN). */
  payoutDelayMs?: number;
  log?: (msg: string, extra?: Json) => void;
}

/**
 * What the sandbox does to one API request: answer 500 or hang, before or after doing the work, or
 * 'pass' (answer it normally, to reach the request after it). With a method, only a request of that
 * method takes it, so the reads the provider's own webhooks cause pass it by.
 */
export type Fault = { kind: 'status500' | 'hang' | 'pass'; afterWork: boolean; method?: 'POST' | 'GET' };

const API = '/v2.01';

export class SandboxProvider implements ApiHost {
  readonly state: SandboxState = newState();
  /** Faults served, in order, to the next API requests (the token request aside). */
  readonly faults: Fault[] = [];
  /** Every API request, for tests: method, path and Idempotency-Key. */
  readonly requests: Array<{ method: string; path: string; idempotencyKey: string | null }> = [];
  /** IBANs whose payouts the sandbox bank refuses. */
  readonly failingIbans = new Set<string>();
  /** How far the sandbox's clock for Idempotency-Keys is ahead of the real one (passTime). */
  private keyClockOffsetMs = 0;
  private readonly tokens = new Map<string, number>();
  private server: Server | null = null;
  private timers = new Set<NodeJS.Timeout>();
  private deliveries = new Set<Promise<void>>();
  baseUrl = '';
  private readonly options: SandboxOptions;

  constructor(options: SandboxOptions) {
    this.options = options;
  }

  /** For tests: time passes at the provider, as far as its Idempotency-Keys are concerned. */
  passTime(ms: number): void {
    this.keyClockOffsetMs += ms;
  }

  get payoutDelayMs(): number | undefined {
    return this.options.payoutDelayMs;
  }

  later(work: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work();
    }, ms);
    this.timers.add(timer);
  }

  private keyClock(): number {
    return Date.now() + this.keyClockOffsetMs;
  }

  async start(): Promise<string> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((err) => {
        this.options.log?.('sandbox provider failed', { err: String(err) });
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) =>
      server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve),
    );
    this.server = server;
    const { port } = server.address() as AddressInfo;
    this.baseUrl = `http://${this.options.host ?? '127.0.0.1'}:${port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.deliveries]);
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  /** Waits for the webhooks sent so far to be delivered (tests). */
  async flushHooks(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.allSettled([...this.deliveries]);
  }

  /**
   * The legal user that stands for the platform itself (Mangopay's user category PLATFORM, made
   * with the client's onboarding); it owns the campaigns' escrow wallets.
   */
  readonly platformUserId: string = this.makePlatformUser();

  private makePlatformUser(): string {
    const id = nextId(this.state, 'user_');
    this.state.users.set(id, {
      Id: id,
      PersonType: 'LEGAL',
      LegalPersonType: 'BUSINESS',
      UserCategory: 'PLATFORM',
      KYCLevel: 'REGULAR',
      Name: 'IndieSplit (sandbox)',
      Email: 'payments@indiesplit.example',
      Tag: 'platform',
      CreationDate: now(),
    });
    return id;
  }

  // ---- what a person does on the sandbox's pages (and tests do directly) ---------------------

  /**
   * A bank transfer arriving on a virtual IBAN: a succeeded BANK_WIRE pay-in and its webhook.
   * `payerIban` is the account it came from (a fixed German test IBAN unless given).
   */
  receiveWire(input: {
    iban: string;
    amount: number;
    payerName: string;
    payerIban?: string;
    reference?: string;
  }): Json {
    const vaId = this.state.ibans.get(escapeIban(input.iban));
    const va = vaId ? this.state.virtualAccounts.get(vaId) : undefined;
    if (va?.Active !== true) throw new HttpFail(404, 'ressource_not_found', 'Unknown IBAN');
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
      throw new HttpFail(400, 'param_error', 'Invalid amount');
    const id = nextId(this.state, 'wt_');
    const payin: Json = {
      Id: id,
      Tag: null,
      CreationDate: now(),
      ExecutionDate: now(),
      AuthorId: va.CreditedUserId,
      CreditedUserId: va.CreditedUserId,
      CreditedWalletId: va.WalletId,
      DebitedFunds: eur(input.amount),
      CreditedFunds: eur(input.amount),
      Fees: eur(0),
      Status: 'SUCCEEDED',
      ResultCode: '000000',
      ResultMessage: 'Success',
      Type: 'PAYIN',
      Nature: 'REGULAR',
      PaymentType: 'BANK_WIRE',
      ExecutionType: 'EXTERNAL_INSTRUCTION',
      WireReference: input.reference ?? null,
      DebitedBankAccount: {
        OwnerName: input.payerName,
        IBAN: escapeIban(input.payerIban ?? 'DE89370400440532013000'),
        Type: 'IBAN',
      },
    };
    this.state.payins.set(id, payin);
    adjust(this.state, String(va.WalletId), input.amount);
    this.emit('PAYIN_NORMAL_SUCCEEDED', id);
    return payin;
  }

  /** The outcome of a hosted identity check, as the person chose it on the page. */
  completeIdentityVerification(id: string, outcome: 'VALIDATED' | 'REFUSED', reason?: string): Json {
    const session = this.state.idv.get(id);
    if (!session) throw new HttpFail(404, 'ressource_not_found', 'Unknown session');
    if (session.Status !== 'PENDING') return session;
    session.Status = outcome;
    session.LastUpdate = now();
    session.Checks = [
      {
        CheckId: `${id}-doc`,
        Type: 'IDENTITY_DOCUMENT_VERIFICATION',
        CheckStatus: outcome,
        CreationDate: now(),
        LastUpdate: now(),
        Data: [],
        Reasons: outcome === 'REFUSED' ? [{ Type: 'DOCUMENT_UNREADABLE', Value: reason ?? null }] : [],
      },
    ];
    const user = this.state.users.get(String(session.UserId));
    if (user && outcome === 'VALIDATED') user.KYCLevel = 'REGULAR';
    this.emit(
      outcome === 'VALIDATED' ? 'IDENTITY_VERIFICATION_VALIDATED' : 'IDENTITY_VERIFICATION_FAILED',
      id,
    );
    return session;
  }

  /**
   * The user's answer on a PENDING recipient's SCA page: ACTIVE when they confirmed it, CANCELED
   * when they did not, with its webhook. A recipient no longer PENDING is left as it is (and
   * returned), so an answer given twice changes nothing.
   */
  completeRecipient(id: string, outcome: 'ACTIVE' | 'CANCELED'): Json {
    const recipient = this.state.recipients.get(id);
    if (!recipient) throw new HttpFail(404, 'ressource_not_found', 'Unknown recipient');
    if (recipient.Status !== 'PENDING') return recipient;
    recipient.Status = outcome;
    recipient.PendingUserAction = null;
    this.emit(outcome === 'ACTIVE' ? 'RECIPIENT_ACTIVE' : 'RECIPIENT_CANCELED', id);
    return recipient;
  }

  /** For tests: the user confirmed the recipient with SCA (as the page's "Confirm" does). */
  confirmRecipient(id: string): Json {
    return this.completeRecipient(id, 'ACTIVE');
  }

  /** For tests: the user abandoned or failed SCA on the recipient (the page's "Cancel"). */
  cancelRecipient(id: string): Json {
    return this.completeRecipient(id, 'CANCELED');
  }

  /** For tests: the provider deactivates an ACTIVE recipient (it is never paid to again). */
  deactivateRecipient(id: string): Json {
    const recipient = this.state.recipients.get(id);
    if (!recipient) throw new HttpFail(404, 'ressource_not_found', 'Unknown recipient');
    if (recipient.Status !== 'ACTIVE') return recipient;
    recipient.Status = 'DEACTIVATED';
    this.emit('RECIPIENT_DEACTIVATED', id);
    return recipient;
  }

  /** For tests: the recipients of a provider user, oldest first. */
  recipientsOf(userId: string): Json[] {
    return [...this.state.recipients.values()].filter((r) => r.UserId === userId);
  }

  /** Settles a payout now (the sandbox bank's answer). */
  settlePayout(id: string, outcome: 'SUCCEEDED' | 'FAILED'): void {
    const payout = this.state.payouts.get(id);
    if (payout?.Status !== 'CREATED') return;
    payout.Status = outcome;
    payout.ExecutionDate = now();
    if (outcome === 'FAILED') {
      payout.ResultCode = '121999';
      payout.ResultMessage = 'Bank account refused the transfer';
      // A refused payout's money is back in the wallet.
      adjust(this.state, String(payout.DebitedWalletId), Number((payout.DebitedFunds as Json).Amount));
    } else {
      payout.ResultCode = '000000';
      payout.ResultMessage = 'Success';
    }
    this.emit(outcome === 'SUCCEEDED' ? 'PAYOUT_NORMAL_SUCCEEDED' : 'PAYOUT_NORMAL_FAILED', id);
  }

  /** Points the hooks of these event types at `url` (what an operator does in the dashboard). */
  registerHooksFor(eventTypes: readonly string[], url: string): void {
    for (const eventType of eventTypes) {
      const existing = [...this.state.hooks.values()].find((h) => h.EventType === eventType);
      if (existing) {
        existing.Url = url;
        existing.Status = 'ENABLED';
        continue;
      }
      const id = nextId(this.state, 'hk_');
      this.state.hooks.set(id, {
        Id: id,
        EventType: eventType,
        Url: url,
        Status: 'ENABLED',
        Validity: 'VALID',
        CreationDate: now(),
      });
    }
  }

  /** Sends a webhook for the registered hooks of `eventType` (also for tests: late or repeated events). */
  emit(eventType: string, resourceId: string, date = now()): void {
    for (const hook of this.state.hooks.values()) {
      if (hook.EventType !== eventType || hook.Status !== 'ENABLED') continue;
      const url = new URL(String(hook.Url));
      url.searchParams.set('EventType', eventType);
      url.searchParams.set('RessourceId', resourceId);
      url.searchParams.set('Date', String(date));
      const delivery = (this.options.deliver ?? defaultDeliver)(url.toString())
        .catch((err) =>
          this.options.log?.('sandbox webhook not delivered', { url: url.pathname, err: String(err) }),
        )
        .finally(() => this.deliveries.delete(delivery));
      this.deliveries.add(delivery);
    }
  }

  // ---- HTTP ------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = req.method ?? 'GET';
    try {
      if (url.pathname.startsWith('/sandbox/')) return await this.page(req, res, url, method);
      if (url.pathname === `${API}/oauth/token` && method === 'POST') return await this.token(req, res);
      if (!url.pathname.startsWith(`${API}/${this.options.clientId}/`))
        throw new HttpFail(404, 'ressource_not_found', 'Not found');
      this.authorize(req);
      const key = header(req, 'idempotency-key');
      const path = url.pathname.slice(`${API}/${this.options.clientId}`.length).replace(/\/+$/, '');
      this.requests.push({ method, path, idempotencyKey: key });
      const next = this.faults[0];
      const taken = next && (!next.method || next.method === method) ? this.faults.shift() : undefined;
      const fault = taken?.kind === 'pass' ? undefined : taken;
      if (fault && !fault.afterWork) return this.serveFault(fault, res);
      if (key && method !== 'GET') {
        if (!/^[A-Za-z0-9_-]{16,36}$/.test(key))
          throw new HttpFail(400, 'param_error', 'Idempotency-Key must be 16 to 36 characters');
        const seen = this.state.idempotency.get(key);
        if (seen && this.keyClock() - seen.at >= IDEMPOTENCY_TTL_MS) this.state.idempotency.delete(key);
        else if (seen) {
          if (fault) return this.serveFault(fault, res);
          return send(res, seen.status, seen.body);
        }
      }
      const body = method === 'GET' ? {} : await readJson(req, kybBodyLimit(method, path));
      let answer: { status: number; body: unknown };
      try {
        answer = { status: 200, body: routeApi(this, method, path, body, url.searchParams) };
      } catch (err) {
        if (!(err instanceof HttpFail)) throw err;
        answer = { status: err.status, body: errorBody(err) };
      }
      if (key && method !== 'GET' && answer.status < 500)
        this.state.idempotency.set(key, { ...answer, at: this.keyClock() });
      if (fault) return this.serveFault(fault, res);
      return send(res, answer.status, answer.body);
    } catch (err) {
      if (err instanceof HttpFail) return send(res, err.status, errorBody(err));
      throw err;
    }
  }

  private serveFault(fault: Fault, res: ServerResponse): void {
    if (fault.kind === 'status500') {
      send(res, 500, { Message: 'Internal server error', Type: 'internal_error' });
      return;
    }
    // A hang: the client's own timeout gives up; the socket is closed a while later.
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      res.destroy();
    }, 30_000);
    this.timers.add(timer);
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const auth = header(req, 'authorization') ?? '';
    const expected = `Basic ${Buffer.from(`${this.options.clientId}:${this.options.apiKey}`).toString('base64')}`;
    const a = Buffer.from(auth);
    const b = Buffer.from(expected);
    if (a.length !== b.length || !timingSafeEqual(a, b))
      throw new HttpFail(401, 'invalid_client', 'Authentication failed');
    const form = new URLSearchParams(await readText(req));
    if (form.get('grant_type') !== 'client_credentials')
      throw new HttpFail(400, 'unsupported_grant_type', 'grant_type must be client_credentials');
    const token = nextId(this.state, 'tok') + Math.random().toString(36).slice(2);
    this.tokens.set(token, Date.now() + 3600_000);
    send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
  }

  private authorize(req: IncomingMessage): void {
    const auth = header(req, 'authorization') ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const expires = this.tokens.get(token);
    if (!expires || expires < Date.now()) throw new HttpFail(401, 'invalid_token', 'Invalid access token');
  }

  private async page(req: IncomingMessage, res: ServerResponse, url: URL, method: string): Promise<void> {
    const html = (status: number, body: string): void => {
      res
        .writeHead(status, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy':
            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
          'x-frame-options': 'DENY',
        })
        .end(body);
    };
    const idv = /^\/sandbox\/idv\/([A-Za-z0-9_]{1,64})$/.exec(url.pathname);
    if (idv?.[1]) {
      const session = this.state.idv.get(idv[1]);
      if (!session) return html(404, donePage('Unknown identity check', 'This link is not valid.'));
      if (method === 'POST') {
        const form = new URLSearchParams(await readText(req));
        const outcome = form.get('outcome') === 'refuse' ? 'REFUSED' : 'VALIDATED';
        this.completeIdentityVerification(
          idv[1],
          outcome,
          form.get('reason')?.slice(0, 200) || 'Document unreadable',
        );
        res.writeHead(303, { location: String(session.ReturnUrl) }).end();
        return;
      }
      const user = this.state.users.get(String(session.UserId));
      return html(200, idvPage(session, user));
    }
    const sca = /^\/sandbox\/sca\/([A-Za-z0-9_]{1,64})$/.exec(url.pathname);
    if (sca?.[1]) {
      const recipient = this.state.recipients.get(sca[1]);
      if (!recipient) return html(404, donePage('Unknown confirmation', 'This link is not valid.'));
      // Where the platform asked the user to be sent back: only an absolute http(s) URL is followed.
      const back = url.searchParams.get('returnUrl') ?? '';
      const returnUrl = /^https?:\/\/[^\s]+$/i.test(back) && URL.canParse(back) ? back : null;
      if (method === 'POST') {
        if (recipient.Status !== 'PENDING') return html(409, scaPage(recipient, returnUrl));
        const form = new URLSearchParams(await readText(req));
        const confirmed = form.get('outcome') === 'confirm';
        this.completeRecipient(sca[1], confirmed ? 'ACTIVE' : 'CANCELED');
        if (returnUrl) {
          res.writeHead(303, { location: returnUrl }).end();
          return;
        }
        return html(
          200,
          donePage(
            confirmed ? 'Bank account confirmed' : 'Confirmation canceled',
            confirmed
              ? 'The bank account can now be paid out to. You can close this page.'
              : 'The bank account was not confirmed and cannot be paid out to. You can close this page.',
          ),
        );
      }
      return html(200, scaPage(recipient, returnUrl));
    }
    if (url.pathname === '/sandbox/kyb')
      return serveKybPage(this, req, method, html, (location) => res.writeHead(303, { location }).end());
    if (url.pathname === '/sandbox/bank') {
      if (method === 'POST') {
        const form = new URLSearchParams(await readText(req));
        const iban = escapeIban(form.get('iban') ?? '');
        const payerName = (form.get('payer') ?? '').trim().slice(0, 140);
        const amount = euroCents(form.get('amount') ?? '');
        // The payer's own account, where a pay-in sent back goes (a test IBAN when left empty).
        const payerIban = escapeIban(form.get('payerIban') ?? '');
        if (!iban || !payerName || amount === null || (payerIban !== '' && !isValidIban(payerIban)))
          return html(
            400,
            bankPage({
              iban,
              payer: payerName,
              payerIban,
              error:
                'Fill in the IBAN, your name and an amount such as 250.00 (and your IBAN, if you give one, must be valid).',
            }),
          );
        try {
          const payin = this.receiveWire({
            iban,
            amount,
            payerName,
            ...(payerIban ? { payerIban } : {}),
            reference: form.get('reference')?.slice(0, 140),
          });
          return html(
            200,
            donePage(
              'Transfer sent',
              `Pay-in ${String(payin.Id)} of €${(amount / 100).toFixed(2)} arrived on ${iban}.`,
            ),
          );
        } catch (err) {
          if (err instanceof HttpFail)
            return html(400, bankPage({ iban, payer: payerName, error: 'No active account has this IBAN.' }));
          throw err;
        }
      }
      return html(
        200,
        bankPage({
          iban: url.searchParams.get('iban') ?? '',
          payer: url.searchParams.get('payer') ?? '',
          amount: url.searchParams.get('amount') ?? '',
        }),
      );
    }
    return html(404, donePage('Not found', 'No such sandbox page.'));
  }
}
