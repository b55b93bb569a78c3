import { expect, test } from './fixtures.ts';
import { baseURL } from './helpers.ts';

// First impressions: the home page shows the campaigns and the platform's figures from the ledger,
// and no countdown frozen at zero.

test('the home page shows the live campaigns and the figures read from the ledger', async ({ open }) => {
  const live = (await (await fetch(`${baseURL}/api/campaigns/?group=live&currency=EUR`)).json()) as {
    campaigns: Array<{ slug: string; title: string }>;
  };
  const figures = (await (await fetch(`${baseURL}/api/figures`)).json()) as {
    raised_cents: number;
    investors: number;
  };
  const page = await open();
  await page.goto('/');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Live campaigns' }) });
  for (const campaign of live.campaigns.slice(0, 6))
    await expect(section.getByRole('link', { name: campaign.title })).toHaveAttribute(
      'href',
      `/campaigns/${campaign.slug}`,
    );
  const numbers = page.locator('section', {
    has: page.getByRole('heading', { name: 'IndieSplit in figures' }),
  });
  const raised = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(
    figures.raised_cents / 100,
  );
  await expect(numbers).toContainText(raised);
  await expect(numbers).toContainText(`${figures.investors}`);
  await expect(page.getByRole('timer')).toHaveCount(0);
});
