import { expect, test } from './fixtures.ts';
import { baseURL } from './helpers.ts';

// A campaign's trailer on a phone: the placeholder names YouTube and loads nothing from it until the
// visitor agrees; then the privacy-enhanced player appears, which the server's policy allows framing.
// The demo data has no trailer, so the campaign's answer gets one; YouTube itself is never reached.

test('a YouTube trailer waits behind its consent placeholder, then plays, at 320 px', async ({ open }) => {
  const live = (await (await fetch(`${baseURL}/api/campaigns/?group=live&currency=EUR`)).json()) as {
    campaigns: Array<{ slug: string; title: string }>;
  };
  const campaign = live.campaigns[0];
  expect(campaign, 'a live real-money campaign in the demo data').toBeTruthy();

  // The real server's header, as a browser gets it with the page.
  const shell = await fetch(`${baseURL}/campaigns/${campaign!.slug}`, { headers: { accept: 'text/html' } });
  const frameSrc = String(shell.headers.get('content-security-policy'))
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'frame-src')
    ?.slice(1);
  expect(frameSrc).toEqual(
    expect.arrayContaining(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']),
  );
  // Besides them, only the test server's sign-in provider (its folder, not a whole site).
  expect(frameSrc?.filter((s) => !s.includes('youtube-nocookie') && !s.includes('vimeo'))).toEqual(
    frameSrc?.filter((s) => s.endsWith('/gsi/')),
  );

  const page = await open({ width: 320, height: 640 });
  const youtube: string[] = [];
  await page.route('https://www.youtube-nocookie.com/**', (route) => {
    youtube.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<p>player</p>' });
  });
  // The campaign with a trailer, both where the page reads it first (the answer its HTML comes with)
  // and from the API (should it ask again).
  const trailer = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
  await page.route(`**/api/campaigns/${campaign!.slug}`, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), trailer_url: trailer } });
  });
  await page.route(`**/campaigns/${campaign!.slug}`, async (route) => {
    if (new URL(route.request().url()).pathname.startsWith('/api/')) return route.fallback();
    const res = await route.fetch();
    const html = (await res.text()).replace(
      /(<script type="application\/json" id="page-data">)([^<]*)(<\/script>)/,
      (_, open: string, json: string, close: string) => {
        const data = JSON.parse(json);
        data.answers[`/campaigns/${campaign!.slug}`].trailer_url = trailer;
        return `${open}${JSON.stringify(data).replace(/</g, '\\u003c')}${close}`;
      },
    );
    expect(html).toContain(trailer);
    // The page's own headers (its security policy included), less those of the compressed original.
    const headers = Object.fromEntries(
      Object.entries(res.headers()).filter(
        ([name]) => !['content-encoding', 'content-length'].includes(name),
      ),
    );
    await route.fulfill({ status: res.status(), headers, body: html });
  });
  await page.goto(`/campaigns/${campaign!.slug}`);

  const placeholder = page.getByTestId('trailer-consent');
  await expect(placeholder).toContainText('This trailer is hosted on YouTube');
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Watch the trailer on YouTube/ })).toHaveAttribute(
    'href',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  );
  await page.waitForLoadState('networkidle');
  expect(youtube).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Load the video from YouTube' }).click();
  const frame = page.locator(`iframe[title="Trailer of ${campaign!.title} (YouTube)"]`);
  await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  await expect(frame).toBeVisible();
  await expect(page.getByTestId('trailer-consent')).toHaveCount(0);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});
