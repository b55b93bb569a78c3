import { earliestReleaseDate } from '@indiesplit/shared/pitches';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectAccessible, logIn, pitchDeckPdf } from './helpers.ts';

// A studio's verification (KYB, ECSP Art 5; ADR 0036) before its campaign opens. The developer's
// pitch is approved and its campaign published through the API (pitches.e2e.ts walks those screens);
// then, in the browser, the admin's "Open now" is refused naming the missing verification, the
// developer sends the verification form, the admin approves it after a confirmation, and the
// campaign opens.

const ADMIN = { login: 'demo_admin', password: 'Demo-Admin-2025' };

async function api(p: Page, method: string, path: string, body?: unknown) {
  return p.evaluate(
    async ({ method, path, body }) => {
      await fetch('/api/auth/csrf_cookie');
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

/** The developer pitches a game; an admin reviews and approves it, completes its campaign and publishes it. */
async function publishedCampaignOf(dev: Page, admin: Page, email: string, project: string): Promise<string> {
  const deck = (await pitchDeckPdf(project, 1)).toString('base64');
  const release = new Date(`${earliestReleaseDate()}T00:00:00Z`);
  release.setUTCMonth(release.getUTCMonth() + 2);
  const sent = await dev.evaluate(
    async ({ deck, email, project, release }) => {
      await fetch('/api/auth/csrf_cookie');
      const token = decodeURIComponent(document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '');
      const form = new FormData();
      const fields: Record<string, string> = {
        name: 'Faro Games',
        email,
        project_name: project,
        expected_production_budget: '48000',
        required_funding_size: '30000',
        distribution_platforms: 'PC',
        is_debut_title: 'true',
        expected_release_date: release,
        i_am_looking_for: 'funding',
        plan_to_choose_publisher: 'false',
        notes: '',
        trailer_link: '',
        demo_link: '',
        pitch_password: '',
      };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const bytes = Uint8Array.from(atob(deck), (c) => c.charCodeAt(0));
      form.append('pitch_file', new Blob([bytes], { type: 'application/pdf' }), 'deck.pdf');
      const res = await fetch('/api/projects/submit-project/', {
        method: 'POST',
        headers: { 'X-CSRFToken': token },
        body: form,
      });
      return { status: res.status, text: await res.text() };
    },
    { deck, email, project, release: release.toISOString().slice(0, 10) },
  );
  expect(sent.status, sent.text).toBe(201);
  const mine = await api(dev, 'GET', '/api/projects/mine/');
  const pitchId = mine.body.pitches.find((p: { project_name: string }) => p.project_name === project).id;

  const me = await api(admin, 'GET', '/api/auth/authenticated/');
  const steps = [
    await api(admin, 'POST', `/api/backoffice/pitches/${pitchId}/assignments`, { reviewer_id: me.body.id }),
    await api(admin, 'PUT', `/api/backoffice/pitches/${pitchId}/review`, {
      team: 4,
      game: 4,
      market: 4,
      budget_realism: 4,
      comment: '',
    }),
    await api(admin, 'POST', `/api/backoffice/pitches/${pitchId}/decision`, {
      decision: 'approve',
      message: '',
    }),
  ];
  for (const s of steps) expect(s.status, JSON.stringify(s.body)).toBe(200);
  const approved = await api(dev, 'GET', '/api/projects/mine/');
  const campaignId: string = approved.body.pitches.find((p: { id: string }) => p.id === pitchId).campaign.id;
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const edited = await api(admin, 'PATCH', `/api/backoffice/campaigns/${campaignId}`, {
    slug: `faro-${Date.now().toString(36)}`,
    genre: 'adventure',
    summary_en: 'A cosy lighthouse game.',
    summary_it: 'Un gioco accogliente in un faro.',
    story_en: 'We are three friends.',
    story_it: 'Siamo tre amici.',
    risks_en: 'You may lose all the money you invest.',
    risks_it: 'Puoi perdere tutto il denaro che investi.',
    use_of_funds_en: 'Art and music.',
    use_of_funds_it: 'Grafica e musica.',
    services: ['marketing'],
    goal: '20000',
    max: '30000',
    min_ticket: '50',
    revenue_share: '7.5',
    starts_at: inDays(3),
    deadline_at: inDays(30),
    studio_legal_name: 'Faro Games S.r.l.',
    studio_legal_form: 'Società a responsabilità limitata',
    studio_registration_number: 'REA MI-2034567',
    studio_country: 'IT',
    studio_address: 'Via Lanterna 3, 20121 Milano, Italy',
    studio_email: email,
    studio_people: [{ name: 'Chiara Galli', role: 'Managing director' }],
    studio_statement_signed: true,
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  const scheduled = await api(admin, 'POST', `/api/backoffice/campaigns/${campaignId}/status`, {
    to: 'scheduled',
    reason: '',
  });
  expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
  return campaignId;
}

/** The admin presses "Open now" on the campaign's page and confirms. */
async function openNow(admin: Page, campaignId: string) {
  await admin.goto(`/backoffice/campaigns/${campaignId}`);
  const status = admin.getByRole('region', { name: 'Status', exact: true });
  await status.getByRole('button', { name: 'Open now' }).click();
  await status.getByRole('button', { name: 'Open now' }).click();
  return status;
}

test('a studio is verified before its campaign can open', async ({ memberPage: dev, member, open }) => {
  // The longest walk of the suite: a pitch to a published campaign, two people, three refusals.
  test.slow();
  const project = `Faro ${Date.now().toString(36)}`;
  const admin = await open();
  await logIn(admin, ADMIN.login, ADMIN.password);
  const campaignId = await publishedCampaignOf(dev, admin, member.email, project);

  // Before any verification the admin's "Open now" is refused, naming the missing verification.
  let status = await openNow(admin, campaignId);
  await status.getByText(/The studio has no approved verification \(KYB\) in force/).waitFor();
  await status.getByText(/Missing: the studio's verification/).waitFor();
  await status.getByText('Coming soon', { exact: true }).waitFor();

  // The developer finds the verification from My campaigns and sends it.
  await dev.goto('/my-campaigns');
  await dev.getByRole('link', { name: 'Studio verification' }).click();
  await dev.getByRole('heading', { level: 1, name: 'Studio verification' }).waitFor();
  await dev.getByText('Not sent yet').waitFor();
  await dev.getByLabel(/^Legal name/).fill('Faro Games S.r.l.');
  await dev.getByLabel(/^Registration number/).fill('REA MI-2034567');
  await dev.getByLabel(/^Country of registration/).selectOption('IT');
  await dev.getByLabel(/^Registered office address/).fill('Via Lanterna 3, 20121 Milano, Italy');
  const representative = dev.getByRole('group', { name: 'Legal representative' });
  await representative.getByLabel(/^First name/).fill('Chiara');
  await representative.getByLabel(/^Last name/).fill('Galli');
  await representative.getByLabel(/^Date of birth/).fill('1987-03-14');
  await representative.getByLabel(/^Nationality/).selectOption('IT');
  await representative.getByLabel(/^Email/).fill('chiara@farogames.example');
  const owner = dev.getByRole('group', { name: 'Beneficial owner 1' });
  await owner.getByLabel(/^First name/).fill('Chiara');
  await owner.getByLabel(/^Last name/).fill('Galli');
  await owner.getByLabel(/^Date of birth/).fill('1987-03-14');
  await owner.getByLabel(/^Nationality/).selectOption('IT');
  await owner.getByLabel(/^Address of residence/).fill('Via Lanterna 3, 20121 Milano, Italy');
  await owner.getByLabel(/^Ownership/).fill('101');
  await dev.getByRole('button', { name: 'Send for review' }).click();
  await owner.getByText('Please enter a share between 0.01 and 100, with at most two decimals.').waitFor();
  await dev
    .getByText('Please confirm this declaration: the verification cannot go ahead without it.')
    .first()
    .waitFor();
  await owner.getByLabel(/^Ownership/).fill('100');
  for (const box of await dev.getByRole('checkbox').all()) await box.check({ force: true });
  await dev.getByLabel('Registration proof').setInputFiles({
    name: 'visura camerale.pdf',
    mimeType: 'application/pdf',
    buffer: await pitchDeckPdf('Visura camerale', 1),
  });
  await dev.getByRole('button', { name: 'Send for review' }).click();
  await dev.getByText(/your verification was sent/).waitFor();
  await dev.getByText("Waiting for our staff's review").waitFor();
  await expectAccessible(dev, 'studio verification, waiting');

  // Waiting is not approved: still refused.
  status = await openNow(admin, campaignId);
  await status.getByText(/The studio has no approved verification/).waitFor();

  // The admin reviews it and approves after the confirmation.
  await admin.goto('/backoffice/studio-verifications');
  await admin.getByRole('link', { name: 'Review the verification of Faro Games S.r.l.' }).first().waitFor();
  const row = admin.getByRole('row').filter({ hasText: member.username });
  await row.getByRole('link', { name: 'Review' }).click();
  await admin.getByRole('heading', { level: 1, name: 'Faro Games S.r.l.' }).waitFor();
  await admin.getByRole('link', { name: 'visura_camerale.pdf' }).waitFor();
  await expectAccessible(admin, 'back office studio verification');
  await admin.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('button', { name: 'Yes, approve' }).click();
  await admin.getByText('The verification of Faro Games S.r.l. is approved.').waitFor();

  // The studio sees it approved, and the campaign now opens.
  await dev.reload();
  await dev.getByText('Approved', { exact: true }).waitFor();
  await dev.getByText(/Your campaigns may open until/).waitFor();
  status = await openNow(admin, campaignId);
  await status.getByText('The campaign is now: Open.').waitFor();
});
