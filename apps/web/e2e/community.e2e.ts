import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures.ts';
import {
  baseURL,
  expectAccessible,
  linkFromMailbox,
  logIn,
  mailsTo,
  signUpInPage,
  uniqueUser,
  waitForMail,
  watchErrors,
} from './helpers.ts';

// The community against the real server (ADR 0038): a question answered by the studio and the
// asker's email; staff hiding a post, with the reason its author alone sees; news published in the
// back office and read by members only; the newsletter's one-click unsubscribe without login.
// Each test makes its own members, posts, news and newsletter; the campaign is the seed's live
// showcase of demo_developer.

// Every step waits for the real server, which may share a busy machine: a roomier timeout.
const expect = baseExpect.configure({ timeout: 20_000 });

const ADMIN = { login: 'demo_admin', password: 'Demo-Admin-2025' };
const STUDIO = { login: 'demo_developer', password: 'Demo-Developer-2025' };
const CAMPAIGN = '/campaigns/lanterns-of-vesper';

/** A new member with a verified email, logged in on `page`. */
async function verifiedMember(page: Page, prefix: string) {
  const user = uniqueUser(prefix);
  await signUpInPage(page, user, ['investor']);
  await page.goto(await linkFromMailbox(user.email, '/auth/verify-email/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Email verified' })).toBeVisible();
  return user;
}

/** Calls the API from the page, as the app does (session cookie and CSRF header). */
async function apiFromPage(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      await fetch('/api/auth/csrf_cookie');
      const token = document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '';
      const res = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': decodeURIComponent(token) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

test('a member’s question is answered by the studio and the member is notified and emailed', async ({
  open,
}) => {
  const asker = await open();
  const errors = watchErrors(asker);
  const user = await verifiedMember(asker, 'asker');
  const question = `Will there be a playable demo before the launch? (${user.username})`;

  await asker.goto(CAMPAIGN);
  const discussion = asker.getByRole('region', { name: 'Questions and comments' });
  await discussion.getByRole('textbox', { name: 'Your question' }).fill(question);
  await discussion.getByRole('button', { name: 'Ask' }).click();
  const thread = discussion.getByRole('article').filter({ hasText: question });
  await expect(thread.getByText('Not answered yet')).toBeVisible();
  await expectAccessible(asker, 'campaign discussion');

  const studio = await open();
  await logIn(studio, STUDIO.login, STUDIO.password);
  await studio.goto(CAMPAIGN);
  const studioThread = studio.getByRole('article').filter({ hasText: question });
  await studioThread.getByRole('button', { name: 'Reply' }).click();
  await studioThread.getByRole('textbox', { name: 'Your reply' }).fill('Yes: in March, for every investor.');
  await studioThread.getByRole('button', { name: 'Send reply' }).click();
  await expect(studioThread.getByText('Yes: in March, for every investor.')).toBeVisible();
  await expect(studioThread.getByText('Studio', { exact: true })).toBeVisible();

  const mail = await waitForMail(user.email, 'The studio answered your question');
  expect(mail.text).toContain('Yes: in March, for every investor.');
  await asker.reload();
  await expect(thread.getByText('Answered', { exact: true })).toBeVisible();
  // The bell says it too, and its notification leads back to the answered thread.
  await expect(asker.getByTestId('notification-count')).toHaveText(/^[1-9]\d*$/);
  await asker.getByTestId('notification-bell').click();
  await expect(
    asker.getByTestId('notification').filter({ hasText: 'the studio answered your question' }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test('staff hide a post with a reason: others no longer see it, its author sees why', async ({ open }) => {
  const author = await open();
  const user = await verifiedMember(author, 'spammer');
  const comment = `Cheap followers at spam.example (${user.username})`;
  await author.goto(CAMPAIGN);
  const discussion = author.getByRole('region', { name: 'Questions and comments' });
  await discussion.getByRole('combobox', { name: 'Type' }).selectOption('comment');
  await discussion.getByRole('textbox', { name: 'Your comment' }).fill(comment);
  await discussion.getByRole('button', { name: 'Comment' }).click();
  await expect(discussion.getByText(comment)).toBeVisible();

  // Another member reports it.
  const reader = await open();
  await verifiedMember(reader, 'reader');
  await reader.goto(CAMPAIGN);
  const seen = reader.getByRole('article').filter({ hasText: comment });
  await seen.getByRole('button', { name: 'Report' }).click();
  await expect(seen.getByRole('button', { name: 'Reported' })).toBeDisabled();

  const admin = await open();
  await logIn(admin, ADMIN.login, ADMIN.password);
  await admin.goto(CAMPAIGN);
  const post = admin.getByRole('article').filter({ hasText: comment });
  await post.getByRole('button', { name: 'Hide' }).click();
  await post.getByRole('textbox', { name: /Why is it hidden/ }).fill('Advertising is not allowed.');
  await post.getByRole('button', { name: 'Hide post' }).click();
  await expect(post.getByText(/Hidden by the moderators/)).toBeVisible();

  await reader.reload();
  await expect(reader.getByRole('region', { name: 'Questions and comments' })).toBeVisible();
  await expect(reader.getByText(comment)).toHaveCount(0);
  await author.reload();
  await expect(
    author.getByText(
      'Hidden by the moderators, visible only to you and to them. Reason: Advertising is not allowed.',
    ),
  ).toBeVisible();
});

test('news published in the back office appears to members only', async ({ open }) => {
  const title = `Two games funded this month ${Date.now().toString(36)}`;
  const admin = await open();
  await logIn(admin, ADMIN.login, ADMIN.password);
  await admin.goto('/backoffice/news');
  await admin.getByRole('button', { name: 'Write news' }).click();
  await admin.getByRole('textbox', { name: 'Title (English)' }).fill(title);
  await admin.getByRole('textbox', { name: 'Title (Italian)' }).fill(`Due giochi finanziati ${title}`);
  await admin
    .getByRole('textbox', { name: 'Text (English)' })
    .fill('Both reached **their goal**. <script>alert(1)</script>');
  await admin
    .getByRole('textbox', { name: 'Text (Italian)' })
    .fill('Entrambi hanno raggiunto **l’obiettivo**.');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Saved.')).toBeVisible();
  await admin.getByRole('button', { name: 'Close' }).click();
  const row = admin.getByRole('listitem').filter({ hasText: title });
  await expect(row.getByText('Draft')).toBeVisible();

  // A draft is nobody's news yet.
  const member = await open();
  const errors = watchErrors(member);
  await signUpInPage(member, uniqueUser('reader'), ['investor']);
  await member.goto('/news');
  await expect(member.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await expect(member.getByText(title)).toHaveCount(0);

  await row.getByRole('button', { name: 'Publish' }).click();
  await expect(row.getByText('Published')).toBeVisible();
  await member.reload();
  await expect(member.getByRole('link', { name: title })).toBeVisible();
  await expect(member.getByText('their goal')).toBeVisible();
  // The script typed in the text is shown as text.
  await expect(member.getByText('<script>alert(1)</script>', { exact: false })).toBeVisible();
  await expectAccessible(member, 'news');

  // A visitor is sent to log in; the API answers 401.
  const visitor = await open();
  await visitor.goto('/news');
  await expect(visitor).toHaveURL(/\/login/);
  expect((await fetch(`${baseURL}/api/news/`)).status).toBe(401);
  expect(errors).toEqual([]);
});

test('the newsletter’s List-Unsubscribe address unsubscribes with one POST, without login', async ({
  open,
}) => {
  const subscriber = await open();
  const user = await verifiedMember(subscriber, 'reader');
  const on = await apiFromPage(subscriber, 'POST', '/api/user/subscriptions/', {
    newsletter: true,
    indie_project_updates: false,
  });
  expect(on.status).toBe(200);

  const subject = `IndieSplit news ${Date.now().toString(36)}`;
  const admin = await open();
  await logIn(admin, ADMIN.login, ADMIN.password);
  await admin.goto('/backoffice/newsletters');
  await admin.getByRole('button', { name: 'Compose a newsletter' }).click();
  await admin.getByRole('textbox', { name: 'Subject (English)' }).fill(subject);
  await admin.getByRole('textbox', { name: 'Subject (Italian)' }).fill(`Novità ${subject}`);
  await admin.getByRole('textbox', { name: 'Text (English)' }).fill('Three new games this month.');
  await admin.getByRole('textbox', { name: 'Text (Italian)' }).fill('Tre nuovi giochi questo mese.');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByRole('region', { name: 'Preview' })).toBeVisible();
  admin.once('dialog', (d) => void d.accept());
  await admin.getByRole('button', { name: 'Send to subscribers' }).click();
  await expect(admin.getByText('Sending: the emails are queued in batches.')).toBeVisible();

  const mail = (await waitForMail(user.email, subject)) as unknown as {
    text: string;
    headers: Record<string, string>;
  };
  expect(mail.text).toContain('Marketing communication');
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const url = mail.headers['List-Unsubscribe']?.match(/^<(https?:[^>]+)>$/)?.[1];
  expect(url).toBeTruthy();
  expect(mail.text).toContain(url!);

  // What a mail provider does: one POST, no cookie, no CSRF token.
  const res = await fetch(new URL(new URL(url!).pathname, baseURL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(res.status).toBe(200);
  const after = await apiFromPage(subscriber, 'GET', '/api/user/subscriptions/');
  expect(after.body.newsletter).toBe(false);
  expect((await mailsTo(user.email)).filter((m) => m.subject === subject)).toHaveLength(1);
});
