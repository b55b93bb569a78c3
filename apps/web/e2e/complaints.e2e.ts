import { expect, test } from './fixtures.ts';
import { expectAccessible, logIn, uniqueUser, waitForMail, watchErrors } from './helpers.ts';

// A complaint's whole life against the real server, in English and in Italian: a visitor files it
// from the page the footer links to, gets the acknowledgement with the reference and the private
// status link, the demo admin acknowledges, answers and closes it in the back office, and the
// visitor sees each state through the link and receives the answer by email.

const ADMIN = { login: 'demo_admin', password: 'Demo-Admin-2025' };

const texts = {
  en: {
    footer: 'Complaints',
    heading: 'Complaints',
    name: 'Full name',
    email: 'Email',
    service: 'Service concerned',
    factsFrom: /^Date of the facts/,
    description: /^Your complaint/,
    remedy: 'What you ask us to do',
    submit: 'Send the complaint',
    sent: /we received your complaint (C-\d{4}-[0-9A-Z]{8})/,
    ackSubject: 'We received your complaint',
    answerSubject: 'Our answer to your complaint',
    registerNav: 'Complaints',
    acknowledge: 'Mark as Acknowledged',
    answerField: /^Final answer/,
    sendAnswer: 'Send the answer',
    close: 'Mark as Closed',
    statuses: { received: 'Received', acknowledged: 'Acknowledged', answered: 'Answered', closed: 'Closed' },
  },
  it: {
    footer: 'Reclami',
    heading: 'Reclami',
    name: 'Nome e cognome',
    email: 'Email',
    service: 'Servizio interessato',
    factsFrom: /^Data dei fatti/,
    description: /^Il tuo reclamo/,
    remedy: 'Cosa ci chiedi di fare',
    submit: 'Invia il reclamo',
    sent: /abbiamo ricevuto il tuo reclamo (C-\d{4}-[0-9A-Z]{8})/,
    ackSubject: 'Abbiamo ricevuto il tuo reclamo',
    answerSubject: 'La nostra risposta al tuo reclamo',
    registerNav: 'Reclami',
    acknowledge: 'Segna come «Preso in carico»',
    answerField: /^Risposta finale/,
    sendAnswer: 'Invia la risposta',
    close: 'Segna come «Chiuso»',
    statuses: {
      received: 'Ricevuto',
      acknowledged: 'Preso in carico',
      answered: 'Risposto',
      closed: 'Chiuso',
    },
  },
} as const;

for (const lang of ['en', 'it'] as const) {
  test(`a complaint is filed, acknowledged, answered and closed (${lang})`, async ({ open }) => {
    const words = texts[lang];
    const visitor = await open({ locale: lang === 'en' ? 'en-US' : 'it-IT' });
    const errors = watchErrors(visitor);
    const email = uniqueUser(`complaint-${lang}`).email;

    // Filing, as a visitor, from the footer.
    await visitor.goto('/');
    await visitor.getByRole('contentinfo').getByRole('link', { name: words.footer, exact: true }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: words.heading })).toBeVisible();
    await visitor.getByRole('textbox', { name: words.name }).fill('Grace Hopper');
    await visitor.getByRole('textbox', { name: words.email }).fill(email);
    await visitor.getByRole('combobox', { name: words.service }).selectOption('investing');
    await visitor.getByLabel(words.factsFrom).fill('2026-01-10');
    await visitor.getByRole('textbox', { name: words.description }).fill('My investment was recorded twice.');
    await visitor.getByRole('textbox', { name: words.remedy }).fill('Refund the second investment.');
    await expectAccessible(visitor, `complaint form (${lang})`);
    await visitor.getByRole('button', { name: words.submit }).click();
    const sent = await visitor.getByText(words.sent).textContent();
    const reference = sent?.match(words.sent)?.[1];
    expect(reference).toBeTruthy();

    // The acknowledgement: the reference and the private link, in the visitor's language.
    const ack = await waitForMail(email, `${words.ackSubject} ${reference}`);
    const link = ack.text.match(/https?:\/\/\S+\/complaints\/status\/\S+#\S+/)?.[0];
    expect(link).toBeTruthy();
    const statusPath = new URL(link!).pathname + new URL(link!).hash;
    await visitor.goto(statusPath);
    await expect(visitor.getByTestId('complaint-status')).toHaveText(words.statuses.received);

    // The admin handles it in the back office, in the same language.
    const admin = await open();
    await logIn(admin, ADMIN.login, ADMIN.password);
    await admin.evaluate((l) => localStorage.setItem('i18nextLng', l), lang);
    await admin.goto('/backoffice');
    await admin.getByRole('navigation').getByRole('link', { name: words.registerNav }).click();
    await admin.getByRole('link', { name: reference! }).click();
    await expect(admin.getByRole('heading', { level: 1, name: reference! })).toBeVisible();
    await admin.getByRole('button', { name: words.acknowledge }).click();
    await expect(admin.getByTestId('complaint-status')).toHaveText(words.statuses.acknowledged);
    await visitor.reload();
    await expect(visitor.getByTestId('complaint-status')).toHaveText(words.statuses.acknowledged);

    const answer = `We refunded the second investment (${lang}).`;
    await admin.getByRole('textbox', { name: words.answerField }).fill(answer);
    await admin.getByRole('button', { name: words.sendAnswer }).click();
    await expect(admin.getByTestId('complaint-status')).toHaveText(words.statuses.answered);
    const answerMail = await waitForMail(email, `${words.answerSubject} ${reference}`);
    expect(answerMail.text).toContain(answer);
    await visitor.reload();
    await expect(visitor.getByTestId('complaint-status')).toHaveText(words.statuses.answered);
    await expect(visitor.getByText(answer)).toBeVisible();

    await admin.getByRole('button', { name: words.close }).click();
    await expect(admin.getByTestId('complaint-status')).toHaveText(words.statuses.closed);
    await expectAccessible(admin, `complaint in the back office (${lang})`);
    await visitor.reload();
    await expect(visitor.getByTestId('complaint-status')).toHaveText(words.statuses.closed);
    await expectAccessible(visitor, `complaint status (${lang})`);

    // Neither page scrolls sideways on the narrowest phone.
    await visitor.setViewportSize({ width: 320, height: 640 });
    for (const path of [statusPath, '/complaints']) {
      await visitor.goto(path);
      await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await visitor.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
  });
}
