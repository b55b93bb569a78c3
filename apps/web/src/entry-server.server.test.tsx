import { campaignListPath, campaignPath } from '@indiesplit/shared/campaigns';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server.tsx';
import { campaignDto } from './features/campaigns/test-data.ts';

// The first screen as the API server gets it (a worker of its app/page-render.ts), rendered here in
// Node as there: no document, no storage. The browser tests check that the app then hydrates it.

describe('server render of the first screen', () => {
  it('renders the home page in the reader language, with the consent banner for a first visit', async () => {
    const en = await render({ url: '/', lang: 'en', consentChosen: false });
    expect(en).toContain('Back the indie games you believe in');
    expect(en).toContain('Your privacy, your choice');
    expect(en).toContain('<main id="main"');

    const it = await render({ url: '/', lang: 'it', consentChosen: true });
    expect(it).toContain('Sostieni i giochi indie in cui credi');
    expect(it).not.toContain('id="consent-text"');
  });

  it('writes every boundary in place: no inline script, nothing left pending', async () => {
    for (const url of ['/', '/login', '/about-us', '/campaigns']) {
      const html = await render({ url, lang: 'en', consentChosen: false });
      expect(html, url).not.toBeNull();
      expect(html, url).not.toContain('<script');
      expect(html, url).not.toContain('<!--$?-->');
      expect(html, url).not.toContain('<!--$!-->');
    }
  });

  it('renders a campaign from the answers the page carries, and the login form never as a GET form', async () => {
    const campaign = campaignDto({ slug: 'lanterns', title: 'Lanterns of Vesper' });
    const html = await render({
      url: '/campaigns/lanterns',
      lang: 'en',
      answers: { [campaignPath('lanterns')]: campaign },
      consentChosen: true,
    });
    expect(html).toContain('<h1');
    expect(html).toContain('Lanterns of Vesper');
    // The next render of the page has the page's new answers, not what an earlier render held.
    const renamed = await render({
      url: '/campaigns/lanterns',
      lang: 'en',
      answers: { [campaignPath('lanterns')]: { ...campaign, title: 'Lanterns of Vesper Deluxe' } },
      consentChosen: true,
    });
    expect(renamed).toContain('Lanterns of Vesper Deluxe');

    // A time on the page is given in the platform's zone, named: the server does not know the
    // reader's, and the browser's first render must say the same.
    const versioned = await render({
      url: '/campaigns/lanterns',
      lang: 'en',
      answers: {
        [campaignPath('lanterns')]: {
          ...campaign,
          key_information_version: { number: 2, created_at: '2026-01-15T09:30:00.000Z' },
        },
      },
      consentChosen: true,
    });
    expect(versioned).toMatch(/10:30:00\s?AM GMT\+1/);

    const list = await render({
      url: '/campaigns',
      lang: 'en',
      answers: {
        [campaignListPath({ currency: 'EUR' })]: { campaigns: [campaign], total: 1, page: 1, page_size: 12 },
      },
      consentChosen: true,
    });
    expect(list).toContain('Lanterns of Vesper');

    const login = await render({ url: '/login', lang: 'en', consentChosen: true });
    expect(login).toMatch(/<form[^>]* method="post"/);
  });
});
