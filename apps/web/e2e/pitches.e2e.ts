import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  baseURL,
  expectAccessible,
  logIn,
  newContext,
  pitchDeckPdf,
  signUpInPage,
  snapshot,
  uniqueUser,
  waitForMail,
  watchErrors,
} from './helpers.ts';

// The tests of this file continue one another's story (the same member, step by step), so they run
// in order, and a failure skips the rest instead of failing them for its sake.
test.describe.configure({ mode: 'serial' });

// A pitch's whole life against the real server: a developer pitches a game with a PDF, an admin
// assigns a reviewer, the reviewer scores it, the admin asks for changes, the developer resubmits,
// the reviewer scores the new version, the admin approves; the developer reads each decision on
// "My pitches" and in the emails. The demo staff accounts come from the development seed.

const ADMIN = { login: 'demo_admin', password: 'Demo-Admin-2025' };
const REVIEWER = { login: 'demo_reviewer', password: 'Demo-Reviewer-2025' };

let browser: Browser;
const contexts: BrowserContext[] = [];
let dev: Page;
let admin: Page;
let reviewer: Page;
const errors: string[][] = [];
const developer = uniqueUser('dev');
const project = `Neon Drift ${developer.username.slice(-6)}`;
let pitchUrl = '';

async function open(): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  errors.push(watchErrors(page));
  return page;
}

/** Rubric radios are drawn over by their labels (44 px targets); check them like a click would. */
async function score(form: Locator, criterion: string, value: number) {
  await form
    .getByRole('group', { name: criterion })
    .getByRole('radio', { name: String(value) })
    .check({ force: true });
}

async function scorePitch(page: Page, scores: [number, number, number, number], comment: string) {
  await page.goto(pitchUrl);
  const form = page.getByRole('region', { name: /^Your review/ });
  await form.waitFor();
  const [team, game, market, budget] = scores;
  await score(form, 'Team', team);
  await score(form, 'Game', game);
  await score(form, 'Market', market);
  await score(form, 'Budget realism', budget);
  await form.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await form.getByRole('button', { name: /review$/ }).click();
  await form.getByText('Your review has been saved.').waitFor();
}

async function decide(page: Page, option: RegExp, confirm: string, message = '') {
  await page.goto(pitchUrl);
  const panel = page.getByRole('region', { name: 'Decision' });
  await panel.getByRole('radio', { name: option }).check();
  if (message) await panel.getByRole('textbox', { name: /Message for the developer/ }).fill(message);
  await panel.getByRole('button', { name: 'Continue' }).click();
  await panel.getByRole('button', { name: confirm }).click();
}

test.beforeAll(async ({ browser: shared }) => {
  browser = shared;
  dev = await open();
  admin = await open();
  reviewer = await open();
});
test.afterAll(async () => {
  for (const c of contexts) await c.close();
});

test.describe('a pitch from submission to approval', () => {
  test('a developer asks for a call and submits a pitch with its PDF', async () => {
    await signUpInPage(dev, developer, ['developer']);
    await dev.goto('/split-project-form');
    await dev.getByRole('textbox', { name: 'Name or studio name' }).fill('Pixel Forge');
    await dev.getByRole('textbox', { name: 'Email' }).fill(developer.email);
    await dev.getByRole('button', { name: 'Request a call' }).click();
    await expect.poll(() => dev.getByRole('button', { name: 'Requested' }).isDisabled()).toBe(true);
    await dev.getByRole('button', { name: 'Continue' }).click();
    await dev.waitForURL(`${baseURL}/project-details`);

    await dev.getByRole('textbox', { name: 'Project name' }).fill(project);
    await dev.getByRole('textbox', { name: 'Expected production budget' }).fill('48000');
    await dev.getByRole('textbox', { name: 'Funding you need' }).fill('25000,50');
    // Less than a month ahead: the spec's alert, and the date stays empty.
    const soon = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const date = dev.getByLabel(/^Expected release date/);
    await date.fill(soon);
    await dev
      .getByRole('alert')
      .filter({ hasText: 'Release date must be at least one month in the future' })
      .first()
      .waitFor();
    expect(await date.inputValue()).toBe('');
    await date.fill(`${new Date().getFullYear() + 1}-10-01`);
    await dev.getByRole('checkbox', { name: 'PC' }).check({ force: true });
    await dev.getByRole('checkbox', { name: 'Nintendo Switch' }).check({ force: true });
    await dev.getByRole('radio', { name: 'Funding + Services', exact: true }).check({ force: true });
    await dev.getByRole('checkbox', { name: 'This is our debut title' }).check();
    await dev.getByRole('textbox', { name: 'Trailer link' }).fill('https://video.example/neon-drift');
    await dev.getByLabel(/^Pitch deck/).setInputFiles({
      name: 'neon-drift.pdf',
      mimeType: 'application/pdf',
      buffer: await pitchDeckPdf(project),
    });
    await expectAccessible(dev, 'pitch step 2 filled');
    await dev.getByRole('button', { name: 'Submit pitch' }).click();

    await dev.waitForURL(`${baseURL}/projects/success`);
    await dev.getByRole('heading', { level: 1, name: 'Pitch received!' }).waitFor();
    await dev.getByRole('link', { name: 'My pitches' }).last().click();
    await dev.waitForURL(`${baseURL}/my-pitches`);
    const card = dev.getByRole('article', { name: project });
    await card.getByText('Submitted', { exact: true }).first().waitFor();
    await expectAccessible(dev, 'my pitches');
    // The developer has not confirmed this address yet, so the receipt carries none of the
    // sender's own words (an anonymous form must not mail free text to any address).
    await waitForMail(developer.email, 'We received a pitch sent with this address');
  });

  test('an admin finds it in the queue, sees the call request and assigns a reviewer', async () => {
    await logIn(admin, ADMIN.login, ADMIN.password);
    await admin.goto(`/backoffice?q=${encodeURIComponent(project)}`);
    const row = admin.getByRole('row', { name: new RegExp(project) });
    await row.waitFor();
    expect(await row.textContent()).toContain('€48,000');
    await expectAccessible(admin, 'back office queue');
    await snapshot(admin, 'backoffice-queue');
    await row.getByRole('link', { name: project }).click();
    await admin.getByRole('heading', { level: 1, name: project }).waitFor();
    pitchUrl = new URL(admin.url()).pathname;
    expect(pitchUrl).toMatch(/^\/backoffice\/pitches\/.+/);
    await admin.getByText('€25,000.50').waitFor();
    const pdf = admin.getByRole('link', { name: /Download PDF/ });
    expect(await pdf.getAttribute('download')).not.toBeNull();
    const download = await Promise.all([admin.waitForEvent('download'), pdf.click()]).then(([d]) => d);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    const reviewers = admin.getByRole('region', { name: 'Reviewers' });
    await reviewers.getByRole('option', { name: /demo_reviewer/ }).waitFor({ state: 'attached' });
    await reviewers
      .getByRole('combobox', { name: 'Add a reviewer' })
      .selectOption({ label: 'demo_reviewer (Reviewer)' });
    await reviewers.getByRole('button', { name: 'Assign' }).click();
    await reviewers.getByText('demo_reviewer now reviews this pitch.').waitFor();
    await admin.locator('header [data-status="in_review"]').first().waitFor();
    await expectAccessible(admin, 'back office pitch (admin)');
    await snapshot(admin, 'backoffice-pitch-admin');

    await admin.goto('/backoffice/calls');
    const call = admin.getByRole('row', { name: new RegExp(developer.email.replace(/\./g, '\\.')) });
    await call.getByRole('button', { name: 'Mark as called: Pixel Forge' }).click();
    await admin.getByText('Pixel Forge is marked as called.').waitFor();
    await expectAccessible(admin, 'back office call list');
  });

  test('the reviewer scores it with the rubric', async () => {
    await logIn(reviewer, REVIEWER.login, REVIEWER.password);
    await reviewer.goto('/backoffice');
    await reviewer.getByRole('link', { name: project }).waitFor();
    // Reviewers have no audit log.
    expect(await reviewer.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    await scorePitch(reviewer, [4, 5, 3, 2], 'Strong team, the budget looks thin.');
    expect(await reviewer.getByRole('region', { name: 'Decision' }).count()).toBe(0);
    await expectAccessible(reviewer, 'back office pitch (reviewer)');
    await snapshot(reviewer, 'backoffice-pitch-reviewer');
  });

  test('the admin asks for changes, with a message, after confirming', async () => {
    await decide(admin, /Request changes/, 'Yes, request changes', 'Please detail the marketing budget.');
    await admin.getByText('Changes requested: the developer has been notified.').waitFor();
    await admin.locator('header [data-status="changes_requested"]').first().waitFor();
  });

  test('the developer reads the message, edits the pitch and resubmits it', async () => {
    const mail = await waitForMail(developer.email, 'the reviewers ask for changes');
    expect(mail.text).toContain('Please detail the marketing budget.');
    await dev.goto('/my-pitches');
    const card = dev.getByRole('article', { name: project });
    await card.getByText('Please detail the marketing budget.').waitFor();
    await card.getByRole('button', { name: 'Edit and resubmit' }).click();
    const budget = card.getByRole('textbox', { name: 'Expected production budget' });
    expect(await budget.inputValue()).toBe('48000');
    await budget.fill('52000');
    await card.getByRole('textbox', { name: 'Notes' }).fill('Marketing: 8,000 euro, detailed on page 2.');
    await expectAccessible(dev, 'my pitches, editing');
    await card.getByRole('button', { name: 'Resubmit pitch' }).click();
    await card.getByText(/Your pitch has been sent again/).waitFor();
    await card.getByText('In review', { exact: true }).first().waitFor();
  });

  test('the reviewer scores the new version and the admin approves it', async () => {
    await scorePitch(reviewer, [4, 5, 4, 4], 'The budget now holds together.');
    await admin.goto(pitchUrl);
    await admin.getByText('€52,000').waitFor();
    await decide(admin, /Approve/, 'Yes, approve');
    await admin
      .getByText(/The pitch has been approved/)
      .first()
      .waitFor();
    await admin
      .getByText(/campaign draft .+ has been created/)
      .first()
      .waitFor();
    const history = admin.getByRole('region', { name: 'Status history' });
    await history.getByText('In review → Approved').waitFor();

    await admin.goto('/backoffice/audit');
    await admin
      .getByRole('row', { name: new RegExp(`${project}.*Please detail the marketing budget`) })
      .waitFor();
    await expectAccessible(admin, 'back office audit log');
  });

  test('the developer sees the approval and has every email', async () => {
    await dev.goto('/my-pitches');
    const card = dev.getByRole('article', { name: project });
    await card.getByText('Approved', { exact: true }).first().waitFor();
    await card.getByText(/your pitch was approved/).waitFor();
    expect(await card.getByRole('button', { name: 'Edit and resubmit' }).count()).toBe(0);
    await waitForMail(developer.email, `“${project}” is approved!`);
    await snapshot(dev, 'my-pitches-approved');
  });

  test('a member without a staff role gets the 403 screen; a visitor goes to login', async () => {
    await dev.goto('/backoffice');
    await dev.getByRole('heading', { level: 1, name: 'Reserved for the review team' }).waitFor();
    await expectAccessible(dev, 'back office 403');
    const visitor = await open();
    await visitor.goto('/backoffice/audit');
    await visitor.waitForURL(`${baseURL}/login`);
    for (const list of errors) expect(list).toEqual([]);
  });
});
