// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import MyCampaignsPage from './my-campaigns-page.tsx';
import { campaignDto } from './test-data.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});
// Typing into many fields is slow on a busy machine: these screens get more time than the default.
vi.setConfig({ testTimeout: 20_000 });

/** No campaign's money has been paid to the studio yet (the page's payments panel stays away). */
const noPayouts = { 'GET /api/payments/studio/releases/': () => jsonResponse(200, { items: [] }) };

describe('My campaigns', () => {
  it('shows each campaign with its term, share, the report due and a link to its reports', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-04-15T12:00:00Z'));
    stubApi({
      ...noPayouts,
      'GET /api/my-campaigns/': () =>
        jsonResponse(200, {
          campaigns: [
            campaignDto(),
            campaignDto({
              id: 'c2',
              title: 'Moss Knight',
              status: 'funded',
              currency: 'DEMO',
              launched_on: null,
              term_ends_on: null,
              report_due: null,
              can_report: false,
            }),
          ],
        }),
    });
    renderScreen(<MyCampaignsPage />, { path: '/my-campaigns', auth: member() });
    const first = await screen.findByRole('article', { name: 'Neon Drift' });
    expect(within(first).getByText('Launched')).toBeInTheDocument();
    expect(within(first).getByText('Jan 15, 2027')).toBeInTheDocument();
    expect(within(first).getByText('Jan 14, 2030')).toBeInTheDocument();
    expect(within(first).getByText('12.5%')).toBeInTheDocument();
    expect(
      within(first).getByText('A report is due for March 2027: please file it by April 15, 2027.'),
    ).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Revenue reports for Neon Drift' })).toHaveAttribute(
      'href',
      '/my-campaigns/c1/reports',
    );
    expect(
      within(first).getByRole('link', { name: 'Post or edit the updates of Neon Drift' }),
    ).toHaveAttribute('href', '/my-campaigns/updates/neon-drift');
    const second = screen.getByRole('article', { name: 'Moss Knight' });
    expect(within(second).getByText('Not launched yet')).toBeInTheDocument();
    expect(within(second).getByText('Demo (virtual euros)')).toBeInTheDocument();
    expect(within(second).queryByText(/A report is due/)).not.toBeInTheDocument();
  });

  it('says a report is overdue once its due day has passed, in both languages', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-04-16T08:00:00Z'));
    stubApi({
      ...noPayouts,
      'GET /api/my-campaigns/': () => jsonResponse(200, { campaigns: [campaignDto()] }),
    });
    const { unmount } = renderScreen(<MyCampaignsPage />, { path: '/my-campaigns', auth: member() });
    const card = await screen.findByRole('article', { name: 'Neon Drift' });
    expect(
      within(card).getByText(
        'The report for March 2027 is overdue: it was due on April 15, 2027. Please file it now.',
      ),
    ).toBeInTheDocument();
    expect(within(card).queryByText(/A report is due/)).not.toBeInTheDocument();
    unmount();

    await i18n.changeLanguage('it');
    renderScreen(<MyCampaignsPage />, { path: '/my-campaigns', auth: member() });
    const scheda = await screen.findByRole('article', { name: 'Neon Drift' });
    expect(within(scheda).getByText(/Il rendiconto di marzo 2027 è in ritardo/)).toBeInTheDocument();
  });

  it('shows a live round with what it has raised, its investors and the days left, linking to its page', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z'), toFake: ['Date'] });
    try {
      stubApi({
        ...noPayouts,
        'GET /api/my-campaigns/': () =>
          jsonResponse(200, {
            campaigns: [
              campaignDto({
                id: 'c3',
                slug: 'star-courier',
                title: 'Star Courier',
                status: 'live',
                goal_cents: 2_000_000,
                committed_cents: 1_250_000,
                investor_count: 37,
                deadline_at: '2026-12-03T18:00:00Z',
                launched_on: null,
                term_ends_on: null,
                report_due: null,
                can_report: false,
              }),
            ],
          }),
      });
      renderScreen(<MyCampaignsPage />, { path: '/my-campaigns', auth: member() });
      const card = await screen.findByRole('article', { name: 'Star Courier' });
      expect(within(card).getByText('Open for investment')).toBeInTheDocument();
      expect(within(card).getByText('€12,500.00 of €20,000.00')).toBeInTheDocument();
      expect(within(card).getByText('37')).toBeInTheDocument();
      expect(within(card).getByText('6 days')).toBeInTheDocument();
      // Nothing to report while raising: the card leads to the public page instead.
      expect(within(card).queryByRole('link', { name: /Revenue reports/ })).not.toBeInTheDocument();
      expect(
        within(card).getByRole('link', { name: 'See the campaign page of Star Courier' }),
      ).toHaveAttribute('href', '/campaigns/star-courier');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when the member has no campaign', async () => {
    stubApi({ ...noPayouts, 'GET /api/my-campaigns/': () => jsonResponse(200, { campaigns: [] }) });
    renderScreen(<MyCampaignsPage />, { path: '/my-campaigns', auth: member() });
    expect(await screen.findByText(/You have no campaign yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my pitches' })).toHaveAttribute('href', '/my-pitches');
  });
});
