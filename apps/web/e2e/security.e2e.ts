import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  expectAccessible,
  signUpInPage,
  snapshot,
  uniqueUser,
  waitForAppOnLoad,
  watchErrors,
} from './helpers.ts';
import { type AppServer, startAppServer } from './server-process.ts';

// Step-up in a real browser (ADR 0015): once the login is older than the step-up window, an email
// change asks for the password in a dialog, goes through once it is given, and the old address
// receives the link that undoes it. This file runs its own server with a five-second window, so a
// "stale" session is five seconds old rather than ten minutes.

const WINDOW_SECONDS = 5;

let server: AppServer;
let origin: string;
let browser: Browser;
const contexts: BrowserContext[] = [];
type Member = ReturnType<typeof uniqueUser>;

test.beforeAll(async ({ browser: shared }) => {
  server = await startAppServer({
    DEMO_CAMPAIGNS: 'off',
    STEP_UP_WINDOW_SECONDS: String(WINDOW_SECONDS),
  });
  origin = server.baseURL;
  browser = shared;
});

test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

test.afterAll(async () => {
  await server?.stop();
});

interface Mail {
  id: number;
  subject: string;
  text: string;
}

async function waitForMail(to: string, subject: string): Promise<Mail> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${origin}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    const mail = ((await res.json()) as Mail[]).find((m) => m.subject === subject);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`No "${subject}" email to ${to} arrived`);
}

/** A browser of its own on this file's server (closed after the test). */
async function openPage(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    // axe-core is injected as a script; the app's strict CSP would (rightly) refuse it.
    bypassCSP: true,
    reducedMotion: 'reduce',
  });
  contexts.push(context);
  await context.addInitScript(() => {
    localStorage.setItem(
      'indiesplit.consent',
      JSON.stringify({ version: 1, decided: true, analytics: false, media: false, decidedAt: '2025-01-01' }),
    );
  });
  return waitForAppOnLoad(await context.newPage());
}

/** A new member of this test alone, registered (and so signed in) in `page`. */
async function register(page: Page): Promise<Member> {
  const member = uniqueUser('step');
  await signUpInPage(page, member, ['investor']);
  return member;
}

/** Changes the member's email in Settings once the login is stale, confirming with the password. */
async function changeEmail(page: Page, member: Member, newEmail: string, check = false): Promise<void> {
  // The login ages past the step-up window.
  await new Promise((r) => setTimeout(r, (WINDOW_SECONDS + 1) * 1000));

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(newEmail);
  await page.getByRole('button', { name: 'Save Changes' }).click();

  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await dialog.waitFor();
  if (check) {
    await expectAccessible(page, 'step-up dialog');
    await snapshot(page, 'step-up-dialog');
    await dialog.locator('input[autocomplete="current-password"]').fill('Not-My-Password-1');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('That password is not correct.').waitFor();
  }

  await dialog.locator('input[autocomplete="current-password"]').fill(member.password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden' });
  // The save was sent again by itself and went through.
  await page.getByRole('button', { name: 'Edit' }).waitFor();
  await expect.poll(() => page.getByText(newEmail).count()).toBeGreaterThan(0);
}

test.describe('an email change', () => {
  test('asks for the password when the login is no longer fresh, then saves', async () => {
    const page = await openPage();
    const errors = watchErrors(page);
    const member = await register(page);
    await changeEmail(page, member, `moved.${member.email}`, true);
    expect(errors).toEqual([]);
  });

  test('tells the old address, whose undo link restores it and signs out', async () => {
    const page = await openPage();
    const errors = watchErrors(page);
    const member = await register(page);
    const newEmail = `moved.${member.email}`;
    await changeEmail(page, member, newEmail);

    const notice = await waitForMail(member.email, 'Your email address was changed');
    expect(notice.text).toContain(newEmail);
    const link = notice.text.match(/https?:\/\/\S+\/account\/undo\/\S+/)?.[0];
    expect(link).toBeDefined();

    await page.goto(new URL(link!).pathname);
    await page.getByRole('button', { name: 'Undo the change and sign out everywhere' }).click();
    await page
      .getByText('The change has been undone and every session of the account has been signed out.')
      .waitFor();

    // The session is gone, and the old address is back.
    const me = await page.evaluate(async () => (await fetch('/api/auth/authenticated/')).json());
    expect(me.isAuthenticated).toBe(false);
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Username or email' }).fill(member.email);
    await page.locator('input[autocomplete="current-password"]').fill(member.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
    await page.waitForURL(`${origin}/`);
    expect(errors).toEqual([]);
  });
});

test.describe('Settings -> Security', () => {
  test('lists this browser as this device, and signs out the other sessions', async () => {
    const page = await openPage();
    const errors = watchErrors(page);
    const member = await register(page);
    // Another browser signed in to the same account.
    const otherPage = await openPage();
    await otherPage.goto('/');
    const status = await otherPage.evaluate(async (u) => {
      await fetch('/api/auth/csrf_cookie');
      const token = document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '';
      const res = await fetch('/api/auth/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': decodeURIComponent(token) },
        body: JSON.stringify({ username: u.email, password: u.password }),
      });
      return res.status;
    }, member);
    expect(status).toBe(200);

    await page.goto('/settings#security');
    await page.getByRole('heading', { name: 'Active sessions' }).waitFor();
    await page.getByText('This device').waitFor();
    await expectAccessible(page, 'settings security');
    await snapshot(page, 'settings-security');
    await expect.poll(() => page.getByRole('button', { name: /^Sign out (?!all)/ }).count()).toBe(2);
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page.getByText('Every other session has been signed out.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Sign out (?!all)/ }).count()).toBe(1);
    const otherMe = await otherPage.evaluate(async () => (await fetch('/api/auth/authenticated/')).json());
    expect(otherMe.isAuthenticated).toBe(false);
    expect(errors).toEqual([]);
  });
});
