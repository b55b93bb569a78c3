import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { baseURL, expectAccessible, signUpInPage, snapshot } from './helpers.ts';

// The platform's own legal documents (ADR 0034): a member who signed up under one version of the
// terms is asked, at their next login, to accept the version the operator published since, and then
// goes on to where they were going. The server runs as a process of its own: the operator's step is
// the real one, a new file in its legal folder (E2E_LEGAL_DIR) and a reload.

const legalDir = process.env.E2E_LEGAL_DIR ?? '';

async function currentTermsVersion(): Promise<number> {
  const res = await fetch(`${baseURL}/api/legal/terms?lang=en`);
  return ((await res.json()) as { version: number }).version;
}

/** Publishes the next version of the terms, in force today, with a sentence to recognise it by. */
async function publishTerms(page: Page, version: number, marker: string): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const file = (lang: string, title: string, text: string) =>
    writeFileSync(
      path.join(legalDir, 'terms', `${version}.${lang}.md`),
      `---\neffective: ${today}\n---\n# ${title}\n\n## What changed\n\n${text}\n`,
    );
  file('en', 'Terms of service', `${marker}: payouts now arrive on the fifth working day of each month.`);
  file(
    'it',
    'Termini di servizio',
    `${marker}: i pagamenti arrivano ora il quinto giorno lavorativo di ogni mese.`,
  );
  // Sent from a page of the app, with its CSRF token, like every unsafe request.
  const result = await page.evaluate(async () => {
    const token = document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '';
    const res = await fetch('/api/dev/legal/reload', {
      method: 'POST',
      headers: { 'X-CSRFToken': decodeURIComponent(token) },
    });
    return res.json();
  });
  expect(result).toMatchObject({ added: [`terms/${version}`] });
}

test('new terms ask the member to accept them at the next login, then go on to where they were going', async ({
  open,
  member,
}) => {
  expect(legalDir, 'global-setup names the legal folder').not.toBe('');
  // The member signs up under the terms in force, and is not asked anything.
  const before = await currentTermsVersion();
  const first = await open();
  await signUpInPage(first, member);
  await first.goto('/portfolio');
  await first.getByRole('heading', { level: 1 }).first().waitFor();
  expect(new URL(first.url()).pathname).toBe('/portfolio');

  // The footer links to the platform's own terms, which name their version.
  await first.goto('/');
  await first.getByRole('contentinfo').getByRole('link', { name: 'Terms of service' }).click();
  await first.waitForURL(`${baseURL}/legal/terms`);
  await expect(first.getByText(`Version ${before} · in force since`)).toBeVisible();

  // The operator publishes the next version.
  const version = before + 1;
  const marker = `Change ${Date.now().toString(36)}`;
  await publishTerms(first, version, marker);

  // Next login, from another browser, on the way to the portfolio: the new terms come first.
  const destination = '/portfolio';
  const page = await open();
  await page.goto(destination);
  await page.waitForURL(`${baseURL}/login?next=${encodeURIComponent(destination)}`);
  await page.getByRole('textbox', { name: 'Username or email' }).fill(member.username);
  await page.locator('input[autocomplete="current-password"]').fill(member.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
  await page.waitForURL(`${baseURL}/legal/accept?next=${encodeURIComponent(destination)}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Our terms of service have changed' }),
  ).toBeVisible();
  await expect(page.getByText(`${marker}: payouts now arrive`)).toBeVisible();
  await expect(page.getByText(`Version ${version} · in force since`)).toBeVisible();
  await expectAccessible(page, 'accept new terms');
  await snapshot(page, 'legal-accept-terms');

  await page.getByRole('button', { name: 'I accept the new terms' }).click();
  await page.waitForURL(`${baseURL}${destination}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Accepted once, not asked again.
  const me = await page.evaluate(async () => (await fetch('/api/auth/authenticated/')).json());
  expect(me.termsAcceptanceRequired).toBe(false);
});

test('the legal pages read in Italian, keep older versions readable and fit a phone', async ({ open }) => {
  const page = await open({ locale: 'it-IT', width: 320, height: 720 });
  await page.goto('/legal/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Termini di servizio' })).toBeVisible();
  await expect(page.locator('main')).toHaveCount(1);
  const version = await currentTermsVersion();
  await expect(page.getByText(`Versione ${version} · in vigore dal`)).toBeVisible();
  for (const url of ['/legal/terms', '/legal/privacy', '/legal/cookies']) {
    await page.goto(url);
    await page.locator('main h1').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, url).toBeLessThanOrEqual(0);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Informativa sui cookie' })).toBeVisible();
  await expectAccessible(page, 'cookie policy in Italian');

  // The first version stays readable by its number, and says it may have been replaced.
  await page.goto('/legal/terms/versions/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Termini di servizio' })).toBeVisible();
  await expect(page.getByText('Regolamento (UE) 2020/1503').first()).toBeVisible();
  if (version > 1)
    await expect(page.getByText('Stai leggendo la versione 1, che è stata sostituita.')).toBeVisible();
  await snapshot(page, 'legal-terms-v1-it-320');
});
