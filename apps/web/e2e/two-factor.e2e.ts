import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  answerSecondStep,
  baseURL,
  linkFromMailbox,
  logIn,
  newContext,
  signUpInPage,
  totpCode,
  uniqueUser,
  waitForMail,
  watchErrors,
} from './helpers.ts';

// Two-factor authentication against the real server (ADR 0016): a member turns on an authenticator
// app in Settings → Security, logs in with it, and a withdrawal asks for it again.

type Member = ReturnType<typeof uniqueUser>;

interface Fixtures {
  /** This test's own browser context. */
  context: BrowserContext;
  /** A page in it, whose errors `errors` collects. */
  page: Page;
  errors: string[];
}

const it = test.extend<Fixtures>({
  context: async ({ browser }, use) => {
    const context = await newContext(browser);
    await use(context);
    await context.close();
  },
  page: async ({ context }, use) => {
    await use(await context.newPage());
  },
  errors: async ({ page }, use) => {
    await use(watchErrors(page));
  },
});

async function api(p: Page, method: string, path: string, body?: unknown) {
  return p.evaluate(
    async ({ method, path, body }) => {
      const token = decodeURIComponent(document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '');
      const res = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/** Signs a new member up in `page` and turns on an authenticator app in Settings → Security; returns its secret. */
async function turnOnAuthenticator(page: Page, member: Member): Promise<string> {
  await signUpInPage(page, member, ['investor']);
  await page.goto('/settings#security');
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await page.getByRole('img', { name: /QR code/ }).waitFor();
  const secret = (await page.locator('code').first().textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('textbox', { name: 'Code from the app' }).fill(totpCode(secret));
  await page.locator('input[autocomplete="current-password"]').fill(member.password);
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await page.getByText('Your recovery codes').first().waitFor();
  expect(await page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').count()).toBe(
    10,
  );
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.getByText('Login and withdrawals ask for a code from your authenticator app.').waitFor();
  const notice = await waitForMail(member.email, 'second factor changed');
  expect(notice.text).toContain('authenticator app was turned on');
  return secret;
}

test.describe('two-factor authentication', () => {
  it('turns on an authenticator app from Settings → Security, with a QR code and recovery codes', async ({
    page,
    errors,
  }) => {
    await turnOnAuthenticator(page, uniqueUser('totp'));
    expect(errors).toEqual([]);
  });

  it('then asks for a code at login, and signs in with it', async ({ page, errors }) => {
    const member = uniqueUser('totp');
    const secret = await turnOnAuthenticator(page, member);
    await api(page, 'POST', '/api/auth/logout/');
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Username or email' }).fill(member.username);
    await page.locator('input[autocomplete="current-password"]').fill(member.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
    await page.waitForURL(`${baseURL}/login/verify`);
    // Not signed in yet: the password alone opens nothing.
    expect((await api(page, 'GET', '/api/user/')).status).toBe(401);
    await page.getByRole('textbox', { name: /Code from your authenticator app/ }).fill('000000');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByRole('alert').waitFor();
    await answerSecondStep(page, secret);
    await page.waitForURL(`${baseURL}/`);
    expect((await api(page, 'GET', '/api/user/')).status).toBe(200);
    expect(errors).toEqual([]);
  });

  it('asks for the second factor again for a withdrawal', async ({ browser, page, errors }) => {
    const member = uniqueUser('totp');
    const secret = await turnOnAuthenticator(page, member);
    // Verify the address and put 50 euros in the wallet through the back office (demo admin,
    // who signs in with the seeded authenticator secret).
    await page.goto(await linkFromMailbox(member.email, '/auth/verify-email/'));
    await page
      .getByText(/verified/i)
      .first()
      .waitFor();
    const reference = (await api(page, 'GET', '/api/funds/deposit-instructions/')).body.reference;
    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await logIn(admin, 'demo_admin', 'Demo-Admin-2025');
    const deposit = await api(admin, 'POST', '/api/backoffice/funds/deposits', {
      reference,
      amount: '50.00',
      bank_transaction_id: `E2E-${Date.now()}`,
      value_date: new Date().toISOString().slice(0, 10),
      payer_name: 'Ada Byron',
    });
    expect(deposit.status).toBe(201);
    await adminContext.close();

    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/portfolio/wallet');
    await page.getByRole('heading', { name: 'New withdrawal request' }).waitFor();
    await page.getByRole('textbox', { name: /Amount in euros/ }).fill('20.00');
    await page.getByRole('textbox', { name: /Account holder/ }).fill('Ada Byron');
    await page
      .getByRole('textbox', { name: /IBAN of your account/ })
      .fill('IT60 X054 2811 1010 0000 0123 456');
    const code = page.getByRole('textbox', { name: /Code from your authenticator app, or a recovery code/ });
    await code.waitFor();
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await page
      .getByText(
        'Confirm with your second factor: a code from your authenticator app, a recovery code or a passkey.',
      )
      .waitFor();
    expect((await api(page, 'GET', '/api/funds/withdrawals/')).body.withdrawals).toEqual([]);

    // A code not used before (the login took this period's or the next one's; failing both, the
    // next period brings one that nothing used).
    for (const steps of [1, 0, 'wait'] as const) {
      if (steps === 'wait') await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
      await code.fill(totpCode(secret, steps === 'wait' ? 1 : steps));
      const answer = page.waitForResponse(
        (r) => r.url().endsWith('/api/funds/withdrawals/') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      if ((await answer).status() === 201) break;
    }
    await page.getByText(/Your request for .* is recorded/).waitFor();
    expect((await api(page, 'GET', '/api/funds/withdrawals/')).body.withdrawals).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('adds a passkey in Settings → Security and signs in with it, without a password', async ({
    context,
    page,
    errors,
  }) => {
    const member = uniqueUser('totp');
    await turnOnAuthenticator(page, member);
    // Chromium's virtual authenticator (platform, resident keys, user verification).
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto('/settings#security');
    await page.getByRole('textbox', { name: /Name of the new passkey/ }).fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('list', { name: 'Passkeys' }).getByText('Test laptop').waitFor();

    await api(page, 'POST', '/api/auth/logout/');
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${baseURL}/`);
    expect((await api(page, 'GET', '/api/user/')).body.user.username).toBe(member.username);
    expect((await api(page, 'GET', '/api/mfa/')).body.session_verified).toBe(true);
    expect(errors).toEqual([]);
  });
});
