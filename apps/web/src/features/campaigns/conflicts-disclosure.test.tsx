// @vitest-environment jsdom
import type { CampaignDetailDto } from '@indiesplit/shared/campaigns';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths.ts';
import i18n from '../../i18n/index.ts';
import { campaignPageCommunity } from '../../test/community-stubs.ts';
import { jsonResponse, renderScreen, stubApi } from '../../test/render.tsx';
import CampaignPage from './campaign-page.tsx';
import { campaignDto } from './test-data.ts';

// The campaign page discloses the investments of IndieSplit's staff and of the studio's own people
// (ECSP Art 8, ADR 0031), with a link to the conflicts-of-interest policy.

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

function renderCampaign(dto: CampaignDetailDto) {
  stubApi({
    ...campaignPageCommunity('neon-drift'),
    'GET /api/campaigns/neon-drift': () => jsonResponse(200, dto),
  });
  renderScreen(<CampaignPage />, { path: '/campaigns/:slug', route: '/campaigns/neon-drift' });
}

const panel = async () => {
  await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
  return screen.getByRole('complementary', { name: 'Funding' });
};

describe('the conflicts-of-interest disclosure', () => {
  it('shows how many investments come from staff or the studio and their total, with the policy', async () => {
    renderCampaign(campaignDto({ conflicted_investments: { count: 3, total_cents: 57_500 } }));
    const aside = await panel();
    expect(
      within(aside).getByText(
        /3 investments, €575 in all, come from IndieSplit staff or the studio’s own people\./,
      ),
    ).toBeInTheDocument();
    expect(within(aside).getByRole('link', { name: 'Conflicts of interest policy' })).toHaveAttribute(
      'href',
      paths.conflictsOfInterest,
    );
  });

  it('says so when there is none', async () => {
    renderCampaign(campaignDto());
    const aside = await panel();
    expect(
      within(aside).getByText(/No investment comes from IndieSplit staff or the studio’s own people\./),
    ).toBeInTheDocument();
  });

  it('speaks Italian, in the singular too', async () => {
    await act(() => i18n.changeLanguage('it'));
    renderCampaign(campaignDto({ conflicted_investments: { count: 1, total_cents: 20_000 } }));
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    expect(
      screen.getByText(/^1 investimento, per 200\s€ in tutto, viene dallo staff di IndieSplit/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Politica sui conflitti di interesse' })).toBeInTheDocument();
  });
});
