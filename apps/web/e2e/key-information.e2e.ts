import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import {
  expectAccessible,
  linkFromMailbox,
  passInvestorProfile,
  signUpInPage,
  snapshot,
  uniqueUser,
} from './helpers.ts';

// The key investment information sheet (ADR 0028) of the seeded live showcase, read by a visitor:
// the regulation's warnings and the fees in English and in Italian, and the same sheet downloaded
// as a PDF in each language. The showcase (8% revenue share, the platform's 10% frozen when it went
// live) is only read here, never changed.

const SHOWCASE = { slug: 'lanterns-of-vesper', title: 'Lanterns of Vesper' };

test.describe('the key information sheet', () => {
  test('shows the warnings and every fee in English, and downloads the PDF', async ({ open }) => {
    const page = await open({ locale: 'en-US' });
    await page.goto(`/campaigns/${SHOWCASE.slug}`);
    await page.getByRole('heading', { level: 1, name: SHOWCASE.title }).waitFor();
    const sheet = page.locator('section[aria-labelledby="key-information"]');
    await sheet.getByRole('heading', { name: 'Key investment information' }).waitFor();

    const warnings = sheet.getByRole('region', { name: 'Warnings required by law' });
    await expect(
      warnings.getByText(
        /^This crowdfunding offer has been neither verified nor approved by competent authorities or ESMA\./,
      ),
    ).toBeVisible();
    await expect(warnings.getByText(/not covered by the deposit guarantee schemes/)).toBeVisible();
    await expect(warnings.getByText(/shall expire after four calendar days/)).toBeVisible();

    const fees = sheet.getByRole('region', { name: 'F. Fees, information and legal redress' });
    await expect(
      fees.getByText('The platform’s share: 10% of every revenue pool', { exact: false }),
    ).toBeVisible();
    await expect(
      fees.getByText(
        'Investors share 8% of net revenue; the platform keeps 10% of each pool; investors receive 7.2% of net revenue.',
      ),
    ).toBeVisible();
    await expect(
      fees.getByRole('link', { name: 'How to file a complaint and how it is handled' }),
    ).toHaveAttribute('href', '/complaints');
    await expect(sheet.getByText('Lampionai Studio S.r.l.').first()).toBeVisible();
    await expect(sheet.getByText(/^None$/)).toHaveCount(0);
    await expectAccessible(page, 'key information sheet');
    await snapshot(page, 'key-information-en');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      sheet.getByRole('link', { name: 'English (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`key-information-${SHOWCASE.slug}-en.pdf`);
    const pdf = await readFile((await download.path()) ?? '');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(3000);
  });

  test('shows the same sheet in Italian, and downloads the Italian PDF', async ({ open }) => {
    const page = await open({ locale: 'it-IT' });
    await page.goto(`/campaigns/${SHOWCASE.slug}`);
    await page.getByRole('heading', { level: 1, name: SHOWCASE.title }).waitFor();
    const sheet = page.locator('section[aria-labelledby="key-information"]');
    const warnings = sheet.getByRole('region', { name: 'Avvertenze previste dalla legge' });
    await expect(
      warnings.getByText(
        /^La presente offerta di crowdfunding non è stata verificata né approvata dalle autorità competenti o dall’ESMA\./,
      ),
    ).toBeVisible();
    await expect(warnings.getByText(/non è coperto dai sistemi di garanzia dei depositi/)).toBeVisible();
    const fees = sheet.getByRole('region', { name: 'F. Commissioni, informazioni e mezzi di ricorso' });
    await expect(
      fees.getByText(
        'Agli investitori spetta l’8% dei ricavi netti; la piattaforma trattiene il 10% di ogni monte; gli investitori ricevono il 7,2% dei ricavi netti.',
      ),
    ).toBeVisible();
    await snapshot(page, 'key-information-it');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      sheet.getByRole('link', { name: 'Italiano (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`scheda-informazioni-chiave-${SHOWCASE.slug}-it.pdf`);
    const pdf = await readFile((await download.path()) ?? '');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('is on the invest page too, before the investor acknowledges it', async ({ open }) => {
    const page = await open({ locale: 'en-US' });
    const investor = uniqueUser('kiis');
    await signUpInPage(page, investor, ['investor']);
    await page.goto(await linkFromMailbox(investor.email, '/auth/verify-email/'));
    await page.getByRole('heading', { level: 1, name: 'Email verified' }).waitFor();
    // The investor profile comes first: the knowledge test and the loss simulation.
    await page.goto(`/campaigns/${SHOWCASE.slug}/invest`);
    await page.waitForURL(/\/investor-profile\?next=/);
    await passInvestorProfile(page, SHOWCASE.title);

    await page.getByText('Key investment information sheet', { exact: true }).first().click();
    await expect(
      page.getByText(/^This crowdfunding offer has been neither verified nor approved/),
    ).toBeVisible();
    await expect(
      page.getByText(
        'Investors share 8% of net revenue; the platform keeps 10% of each pool; investors receive 7.2% of net revenue.',
      ),
    ).toHaveCount(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'English (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`key-information-${SHOWCASE.slug}-en.pdf`);
    await expectAccessible(page, 'invest page with the key information sheet');
  });
});
