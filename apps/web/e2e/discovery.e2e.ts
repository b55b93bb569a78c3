import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { baseURL, expectAccessible } from './helpers.ts';

// Discovery on /campaigns in a real browser against the demo data: the search, the order and the
// page live in the address, so the back button and a shared link keep them. Other tests of the
// run add campaigns of their own, so the expected figures are read from the API, not written here.

interface ListAnswer {
  campaigns: Array<{ slug: string; title: string }>;
  total: number;
}

async function list(query: string): Promise<ListAnswer> {
  const res = await fetch(`${baseURL}/api/campaigns/?${query}`);
  expect(res.ok).toBe(true);
  return (await res.json()) as ListAnswer;
}

const found = (n: number) => (n === 1 ? '1 campaign found' : `${n} campaigns found`);

/** The count the page announces equals the API's, read again while the server may still be
 * adding its showcase campaigns right after it started. */
async function expectCount(status: Locator, query: string) {
  await expect(async () => {
    const { total } = await list(query);
    await expect(status).toHaveText(found(total), { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test('a visitor searches by game, sorts, pages, and the back button keeps each step', async ({ open }) => {
  const all = await list('currency=EUR');
  const target = all.campaigns[0];
  expect(target, 'a real-money campaign in the demo data').toBeTruthy();
  const word = target!.title.split(/\s+/).find((w) => w.length >= 4) ?? target!.title;

  const page = await open();
  await page.goto('/campaigns');
  const results = page.getByRole('region', { name: 'Real money' });
  await expectCount(results.getByRole('status'), 'currency=EUR');

  await page.getByRole('searchbox', { name: 'Search by game or studio' }).fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expectCount(results.getByRole('status'), `currency=EUR&q=${encodeURIComponent(word)}`);
  await expect(results.getByRole('link', { name: new RegExp(target!.title) })).toBeVisible();

  const mostFunded = await list(`currency=EUR&q=${encodeURIComponent(word)}&sort=most_funded`);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('most_funded');
  await expect(page).toHaveURL(/sort=most_funded/);
  await expect(results.getByRole('listitem').first()).toContainText(mostFunded.campaigns[0]!.title);

  // Back: the previous order, then the whole list, each with the box and the select to match.
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('');
  await page.goBack();
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByRole('searchbox', { name: 'Search by game or studio' })).toHaveValue('');
  await expectCount(results.getByRole('status'), 'currency=EUR');
  await expectAccessible(page, 'campaigns discovery');
});

test('pages of one card each: next, previous and back, with the total', async ({ open }) => {
  const { total } = await list('currency=EUR');
  expect(total, 'more than one real-money campaign in the demo data').toBeGreaterThan(1);
  const second = (await list('currency=EUR&page=2&page_size=1')).campaigns[0]!;

  const page = await open();
  await page.goto('/campaigns?page_size=1');
  const pages = page.getByRole('navigation', { name: 'Pages of campaigns' });
  await expect(pages).toContainText(`Page 1 of ${total}`);
  await pages.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pages).toContainText(`Page 2 of ${total}`);
  await expect(page.getByRole('region', { name: 'Real money' }).getByRole('listitem')).toContainText(
    second.title,
  );
  await page.goBack();
  await expect(pages).toContainText(`Page 1 of ${total}`);
  await expect(pages.getByRole('link', { name: 'Previous page' })).toHaveCount(0);
});

test('a search with no match offers to clear it, and demo rounds come after the real ones', async ({
  open,
}) => {
  const page = await open({ width: 320, height: 640 });
  await page.goto('/campaigns?q=no-such-game-anywhere');
  await expect(page.getByText('No campaign matches your search or filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the filters' }).click();
  await expect(page).not.toHaveURL(/q=/);
  const real = page.getByRole('region', { name: 'Real money' });
  await expect(real.getByRole('listitem').first()).toBeVisible();

  // The seed keeps demo rounds running: their section follows the real campaigns'.
  const section = page.getByRole('region', { name: 'Demo campaigns (virtual money)' });
  await expect(section.getByRole('listitem').first()).toBeVisible();
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.indexOf('Demo campaigns (virtual money)')).toBeGreaterThan(headings.indexOf('Real money'));
  await page.waitForLoadState('networkidle');
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);
});
