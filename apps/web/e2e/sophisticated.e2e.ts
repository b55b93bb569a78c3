import { expect, test } from './fixtures.ts';
import { expectAccessible, logIn, pitchDeckPdf, signUpInPage, uniqueUser, waitForMail } from './helpers.ts';

// A member asks to be treated as a sophisticated investor (Annex II, ADR 0033) with the criteria
// that apply and a document; an admin reads the request and the document in the back office and
// refuses it with a reason, which the member reads in the email and in the profile. Then the member
// records the tax residence in the profile.

const ADMIN = { login: 'demo_admin', password: 'Demo-Admin-2025' };

test('a sophisticated-investor request with its document is reviewed and refused with a reason', async ({
  memberPage: page,
  member,
  open,
}) => {
  await page.goto('/investor-profile');
  await page.getByRole('heading', { level: 1, name: 'Investor profile' }).waitFor();
  const request = page.getByRole('region', { name: '3. Investor class (optional)' });
  await request.getByRole('checkbox', { name: /Personal gross income/ }).check({ force: true });
  await request.getByRole('button', { name: 'Send the request' }).click();
  await expect(request.getByText(/at least two of the criteria/)).toBeVisible();

  await request.getByRole('checkbox', { name: /At least one year of work in the financial sector/ }).check({
    force: true,
  });
  await request.getByLabel('Documents that prove the criteria').setInputFiles({
    name: 'payslips 2025.pdf',
    mimeType: 'application/pdf',
    buffer: await pitchDeckPdf('Payslips', 1),
  });
  await request.getByRole('button', { name: 'Send the request' }).click();
  await request.getByText('Your request is waiting for a decision.').waitFor();
  await expect(request.getByRole('link', { name: 'payslips_2025.pdf' })).toBeVisible();
  await expectAccessible(page, 'investor profile with a sophisticated request');

  const admin = await open();
  await logIn(admin, ADMIN.login, ADMIN.password);
  await admin.goto('/backoffice/investors');
  const row = admin.getByRole('row').filter({ hasText: member.username });
  await expect(row.getByText('Natural person')).toBeVisible();
  await expect(row.getByText(/Personal gross income of at least 60,000 euros/)).toBeVisible();
  const link = row.getByRole('link', { name: 'payslips_2025.pdf' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/investor-profile\/evidence\//);
  const file = await admin.request.get(href as string);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['content-disposition']).toContain('attachment');
  await expectAccessible(admin, 'back office investors');

  await row.getByRole('button', { name: 'Reject' }).click();
  await row.getByRole('button', { name: 'Refuse' }).click();
  await expect(row.getByText('Please give the investor the reason for the refusal.')).toBeVisible();
  await row
    .getByRole('textbox', { name: 'Reason for the refusal (the investor reads it)' })
    .fill('The payslips show less than 60,000 euros a year.');
  await row.getByRole('button', { name: 'Refuse' }).click();
  await admin.getByText(`The request of ${member.username} was refused; they have been emailed.`).waitFor();

  const mail = await waitForMail(member.email, 'Your request to be treated as a sophisticated investor');
  expect(mail.text).toContain('The payslips show less than 60,000 euros a year.');
  await page.reload();
  await expect(
    page.getByText('The reason given: The payslips show less than 60,000 euros a year.'),
  ).toBeVisible();

  // The tax residence, editable in the profile.
  const tax = page.getByRole('region', { name: 'Tax residence' });
  await tax.getByRole('combobox', { name: /Country of tax residence/ }).selectOption('DE');
  await tax.getByRole('textbox', { name: /Tax identification number/ }).fill('12 345 678 901');
  await tax.getByRole('button', { name: 'Save my tax residence' }).click();
  await tax.getByText('Tax residence saved.').waitFor();
  await expect(tax.getByText('Recorded: Germany · 12 345 678 901.')).toBeVisible();
});

test('the investor profile’s new forms fit a 320 px screen in both languages', async ({ open }) => {
  for (const [locale, heading] of [
    ['en-US', 'Tax residence'],
    ['it-IT', 'Residenza fiscale'],
  ] as const) {
    const page = await open({ locale, width: 320, height: 700 });
    await signUpInPage(page, uniqueUser('narrow'), ['investor']);
    await page.goto('/investor-profile');
    await page.getByRole('heading', { name: heading }).waitFor();
    await page.locator('input[type="file"]').waitFor();
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways, locale).toBeLessThanOrEqual(0);
  }
});
