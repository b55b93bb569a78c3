import { expect, test } from './fixtures.ts';
import { baseURL, signUpInPage } from './helpers.ts';

// Keep what the visitor was doing: a redirect to the login says why and comes back afterwards; a
// shared campaign link previews as that campaign for a client that runs no JavaScript.

interface CampaignSummary {
  slug: string;
  title: string;
  summary: string;
}

async function liveCampaign(): Promise<CampaignSummary> {
  const res = await fetch(`${baseURL}/api/campaigns/?group=live&currency=EUR`);
  const { campaigns } = (await res.json()) as { campaigns: CampaignSummary[] };
  const first = campaigns[0];
  if (!first) throw new Error('the demo data has no live real-money campaign');
  return first;
}

test('a visitor sent to log in from the invest page is told why and comes back to it', async ({
  open,
  member,
}) => {
  await signUpInPage(await open(), member);
  const campaign = await liveCampaign();
  const invest = `/campaigns/${campaign.slug}/invest`;

  const page = await open();
  await page.goto(invest);
  await page.waitForURL(`${baseURL}/login?next=${encodeURIComponent(invest)}`);
  await page.getByText(`Log in to invest in ${campaign.title}.`).waitFor();
  await page.getByRole('textbox', { name: 'Username or email' }).fill(member.username);
  await page.locator('input[autocomplete="current-password"]').fill(member.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
  await page.waitForURL(`${baseURL}${invest}`);
});

test('the demo explains itself to a visitor in Italian before asking to log in', async ({ open }) => {
  const page = await open({ locale: 'it-IT' });
  await page.goto('/demo');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect(page.getByText(/usa solo denaro virtuale/)).toBeVisible();
  await page.getByRole('link', { name: 'Accedi per provare la demo' }).click();
  await page.waitForURL(`${baseURL}/login?next=%2Fdemo`);
  await expect(page.getByText(/Accedi per provare la demo con denaro virtuale/)).toBeVisible();
});

test('a plain HTTP client gets the campaign page with its own preview tags', async () => {
  const campaign = await liveCampaign();
  const res = await fetch(`${baseURL}/campaigns/${campaign.slug}`, { headers: { accept: '*/*' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await res.text();
  const tag = (property: string) =>
    new RegExp(`<meta property="${property}" content="([^"]*)"`)
      .exec(html)?.[1]
      ?.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
  expect(tag('og:title')).toBe(campaign.title);
  expect(tag('og:url')).toMatch(new RegExp(`^https?://[^/]+/campaigns/${campaign.slug}$`));
  expect(html).toContain(`<title>${campaign.title}`);
});
