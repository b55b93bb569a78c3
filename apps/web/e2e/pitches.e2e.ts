import type { Locator, Page } from '@playwright/test';
import { test as base, expect } from './fixtures.ts';
import {
  baseURL,
  expectAccessible,
  logIn,
  pitchDeckPdf,
  signUpInPage,
  snapshot,
  uniqueUser,
  waitForMail,
  watchErrors,
} from './helpers.ts';

// A pitch's whole life against the real server: a developer pitches a game with a PDF, an admin
// assigns a reviewer, the reviewer scores it, the admin asks for changes, the developer resubmits,
// the reviewer scores the new version, the admin approves; the developer reads each decision on
// "My pitches" and in the emails. The demo staff accounts come from the development seed.
// The story is one test of steps that makes its own developer and pitch, so it runs alone.

const ADMIN = { login: 'demo_admin', password: 'Demo-Admin-2025' };
const REVIEWER = { login: 'demo_reviewer', password: 'Demo-Reviewer-2025' };

type Developer = ReturnType<typeof uniqueUser>;

/** The people of one test and their pitch. */
interface Story {
  dev: Page;
  admin: Page;
  reviewer: Page;
  developer: Developer;
  project: string;
  /** The pitch's back office page, known once the admin has opened it. */
  pitchUrl: string;
}

const test = base.extend<{ person: () => Promise<Page>; story: Story }>({
  /** Opens a page for another person; after the test, no page it opened may have thrown an uncaught error. */
  person: async ({ open }, use) => {
    const errors: string[][] = [];
    await use(async () => {
      const page = await open();
      errors.push(watchErrors(page));
      return page;
    });
    expect(errors.flat(), 'no page threw an uncaught error').toEqual([]);
  },
  /** A new developer with a project name of their own, and a page each for them, the admin and the reviewer. */
  story: async ({ person }, use) => {
    const developer = uniqueUser('dev');
    await use({
      dev: await person(),
      admin: await person(),
      reviewer: await person(),
      developer,
      project: `Neon Drift ${developer.username.slice(-6)}`,
      pitchUrl: '',
    });
  },
});

/** Rubric radios are drawn over by their labels (44 px targets); check them like a click would. */
async function score(form: Locator, criterion: string, value: number) {
  await form
    .getByRole('group', { name: criterion })
    .getByRole('radio', { name: String(value) })
    .check({ force: true });
}

async function scorePitch(
  page: Page,
  pitchUrl: string,
  scores: [number, number, number, number],
  comment: string,
) {
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

async function decide(page: Page, pitchUrl: string, option: RegExp, confirm: string, message = '') {
  await page.goto(pitchUrl);
  const panel = page.getByRole('region', { name: 'Decision' });
  await panel.getByRole('radio', { name: option }).check();
  if (message) await panel.getByRole('textbox', { name: /Message for the developer/ }).fill(message);
  await panel.getByRole('button', { name: 'Continue' }).click();
  await panel.getByRole('button', { name: confirm }).click();
}

/**
 * The developer signs up, asks for a call and submits a pitch with its PDF, and the pages on the way
 * are checked for accessibility.
 */
async function submitPitch({ dev, developer, project }: Story) {
  await signUpInPage(dev, developer, ['developer']);
  await dev.goto('/split-project-form');
  // Signed in, the address is already there; the name is still theirs to change.
  await expect(dev.getByRole('textbox', { name: 'Email' })).toHaveValue(developer.email);
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
}

/**
 * The admin finds the pitch in the queue, opens it (filling `story.pitchUrl`) and assigns the demo
 * reviewer, downloads the PDF and marks the call request as called.
 */
async function assignReviewer(story: Story) {
  const { admin, developer, project } = story;
  await logIn(admin, ADMIN.login, ADMIN.password);
  await admin.goto(`/backoffice?q=${encodeURIComponent(project)}`);
  const row = admin.getByRole('row', { name: new RegExp(project) });
  await row.waitFor();
  expect(await row.textContent()).toContain('€48,000');
  await expectAccessible(admin, 'back office queue');
  await snapshot(admin, 'backoffice-queue');
  await row.getByRole('link', { name: project }).click();
  await admin.getByRole('heading', { level: 1, name: project }).waitFor();
  story.pitchUrl = new URL(admin.url()).pathname;
  expect(story.pitchUrl).toMatch(/^\/backoffice\/pitches\/.+/);
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
}

/** The reviewer logs in, finds the pitch in the queue and scores it. */
async function firstReview(story: Story) {
  const { reviewer, project } = story;
  await logIn(reviewer, REVIEWER.login, REVIEWER.password);
  await reviewer.goto('/backoffice');
  await reviewer.getByRole('link', { name: project }).waitFor();
  // Reviewers have no audit log.
  expect(await reviewer.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
  await scorePitch(reviewer, story.pitchUrl, [4, 5, 3, 2], 'Strong team, the budget looks thin.');
  expect(await reviewer.getByRole('region', { name: 'Decision' }).count()).toBe(0);
  await expectAccessible(reviewer, 'back office pitch (reviewer)');
  await snapshot(reviewer, 'backoffice-pitch-reviewer');
}

async function requestChanges({ admin, pitchUrl }: Story) {
  await decide(
    admin,
    pitchUrl,
    /Request changes/,
    'Yes, request changes',
    'Please detail the marketing budget.',
  );
  await admin.getByText('Changes requested: the developer has been notified.').waitFor();
  await admin.locator('header [data-status="changes_requested"]').first().waitFor();
}

async function resubmit({ dev, developer, project }: Story) {
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
}

async function approve(story: Story) {
  const { admin, reviewer, project, pitchUrl } = story;
  await scorePitch(reviewer, pitchUrl, [4, 5, 4, 4], 'The budget now holds together.');
  await admin.goto(pitchUrl);
  await admin.getByText('€52,000').waitFor();
  await decide(admin, pitchUrl, /Approve/, 'Yes, approve');
  await admin
    .getByText(/The pitch has been approved/)
    .first()
    .waitFor();
  // The notice leads to the campaign draft the approval created.
  await admin.getByRole('link', { name: 'Open the campaign draft' }).first().waitFor();
  const history = admin.getByRole('region', { name: 'Status history' });
  await history.getByText('In review → Approved').waitFor();

  await admin.goto('/backoffice/audit');
  await admin
    .getByRole('row', { name: new RegExp(`${project}.*Please detail the marketing budget`) })
    .waitFor();
  await expectAccessible(admin, 'back office audit log');
}

test.describe('a pitch from submission to approval', () => {
  // One story, one test: each step builds on the one before, and the test makes its own developer
  // and pitch, so it depends on no other test. A failure names its step in the report and the trace.
  test('a developer pitches, an admin assigns a reviewer, changes are asked and made, and the pitch is approved', async ({
    story,
  }) => {
    await test.step('a developer asks for a call and submits a pitch with its PDF', () => submitPitch(story));
    await test.step('an admin finds it in the queue, sees the call request and assigns a reviewer', () =>
      assignReviewer(story));
    await test.step('the reviewer scores it with the rubric', () => firstReview(story));
    await test.step('the admin asks for changes, with a message, after confirming', () =>
      requestChanges(story));
    await test.step('the developer reads the message, edits the pitch and resubmits it', () =>
      resubmit(story));
    await test.step('the reviewer scores the new version and the admin approves it', () => approve(story));
    await test.step('the developer sees the approval and has every email', async () => {
      const { dev, developer, project } = story;
      await dev.goto('/my-pitches');
      const card = dev.getByRole('article', { name: project });
      await card.getByText('Approved', { exact: true }).first().waitFor();
      await card.getByText(/your pitch was approved/).waitFor();
      // Its campaign is still a draft: the card says it is being prepared and where it will appear.
      await card.getByText(/Our team is preparing its campaign/).waitFor();
      await card.getByRole('link', { name: 'Go to My campaigns' }).waitFor();
      expect(await card.getByRole('button', { name: 'Edit and resubmit' }).count()).toBe(0);
      await waitForMail(developer.email, `“${project}” is approved!`);
      await snapshot(dev, 'my-pitches-approved');
    });
  });

  test('a member without a staff role gets the 403 screen; a visitor goes to login', async ({ person }) => {
    const dev = await person();
    await signUpInPage(dev, uniqueUser('dev'), ['developer']);
    await dev.goto('/backoffice');
    await dev.getByRole('heading', { level: 1, name: 'Reserved for the review team' }).waitFor();
    await expectAccessible(dev, 'back office 403');
    const visitor = await person();
    await visitor.goto('/backoffice/audit');
    await visitor.waitForURL(`${baseURL}/login`);
  });
});
