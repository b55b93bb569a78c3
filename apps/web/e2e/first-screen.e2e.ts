import { expect, test } from './fixtures.ts';
import { baseURL, newContext, waitForAppOnLoad, watchErrors } from './helpers.ts';

// The server renders the first screen of the public pages (ADR 0041): a phone shows the page before
// the app's code has arrived, and the app then takes over that very HTML.

/** The first live real-money campaign of the demo data. */
async function liveCampaign(): Promise<{ slug: string; title: string }> {
  const res = await fetch(`${baseURL}/api/campaigns/?group=live&currency=EUR`);
  const campaign = ((await res.json()) as { campaigns: { slug: string; title: string }[] }).campaigns[0];
  if (!campaign) throw new Error('the demo data has no live EUR campaign');
  return campaign;
}

test('a plain HTTP client gets the campaign page itself, not an empty shell', async () => {
  const campaign = await liveCampaign();
  const res = await fetch(`${baseURL}/campaigns/${campaign.slug}`, { headers: { 'accept-language': 'it' } });
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain('<html lang="it">');
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(root).toContain(`<h1`);
  expect(root).toContain(campaign.title.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
  // The screen is in the reader's language: the Italian frame around it.
  expect(root).toContain('Vai al contenuto');
});

test('without JavaScript the home page, the campaign list and the login form are there', async ({
  browser,
}) => {
  const campaign = await liveCampaign();
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Back the indie games you believe in' }),
  ).toBeVisible();
  await page.goto('/campaigns');
  await expect(page.getByRole('link', { name: campaign.title }).first()).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: 'Username or email' })).toBeVisible();
  await context.close();
});

test('the app takes over every rendered page without an error, at 390 px and in both languages', async ({
  browser,
}) => {
  const campaign = await liveCampaign();
  for (const locale of ['en-US', 'it-IT']) {
    // No stored cookie choice: the banner is part of the rendered page.
    // Another time zone than the server's: a date or time must not differ between the two renders.
    const context = await newContext(browser, {
      locale,
      width: 390,
      height: 844,
      consented: false,
      timezoneId: 'America/New_York',
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    for (const path of [
      '/',
      '/login',
      '/register',
      '/about-us',
      '/campaigns',
      `/campaigns/${campaign.slug}`,
    ]) {
      const response = await page.goto(path);
      // The server rendered it (the app then hydrated that HTML, not a page of its own).
      expect(await response?.text(), path).toContain('<div id="root"><');
      expect(await page.locator('html').getAttribute('data-app-ready'), path).toBe('true');
    }
    // Interactive: the consent banner's choice works and is kept for the next rendered page.
    await page.getByRole('button', { name: locale === 'en-US' ? 'Reject all' : 'Rifiuta tutti' }).click();
    await expect(page.locator('#consent-text')).toHaveCount(0);
    const next = await page.request.get('/', { headers: { accept: 'text/html' } });
    expect(await next.text()).not.toContain('id="consent-text"');
    expect(errors, locale).toEqual([]);
    expect(logged, locale).toEqual([]);
    await context.close();
  }
});

test('the rendered pages and the app keep to the site CSP: nothing refused', async ({ browser }) => {
  const campaign = await liveCampaign();
  // The page's real policy applies here (the other tests lift it for the accessibility checker).
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    bypassCSP: false,
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem('csp-violations') ?? '[]') as string[];
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
      sessionStorage.setItem('csp-violations', JSON.stringify(seen));
    });
  });
  const page = waitForAppOnLoad(await context.newPage());
  for (const path of ['/', '/login', '/register', '/campaigns', `/campaigns/${campaign.slug}`]) {
    await page.goto(path);
    // The screen's own code and what it loads on demand included.
    await page.waitForLoadState('networkidle');
    const violations = await page.evaluate(() => sessionStorage.getItem('csp-violations'));
    expect(violations, path).toBeNull();
  }
  await context.close();
});
