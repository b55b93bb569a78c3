// @vitest-environment jsdom
import type { StudioPage as StudioPageDto } from '@indiesplit/shared/community';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../i18n/index.ts';
import { jsonResponse, renderScreen, stubApi } from '../../test/render.tsx';
import StudioPage from './studio-page.tsx';

beforeAll(async () => {
  await loadNamespaces(['community']);
});

const studio: StudioPageDto = {
  username: 'faro_games',
  name: 'Faro Games S.r.l.',
  bio: '<script>alert(1)</script> We make cozy games.',
  links: [{ label: 'Website', url: 'https://farogames.example' }],
  logo_url: null,
  campaigns: [
    {
      slug: 'lanterns',
      title: 'Lanterns of Vesper',
      status: 'funded',
      currency: 'EUR',
      goal_cents: 500_000,
      committed_cents: 600_000,
      investor_count: 42,
      launched_on: null,
    },
  ],
};

describe('a studio’s public page', () => {
  it('shows the name, the bio as text, the links and the campaigns with their outcome', async () => {
    stubApi({ 'GET /api/studios/faro_games': () => jsonResponse(200, studio) });
    renderScreen(<StudioPage />, { path: '/studios/:username', route: '/studios/faro_games' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Faro Games S.r.l.' })).toBeInTheDocument();
    expect(screen.getByText('<script>alert(1)</script> We make cozy games.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Website' })).toHaveAttribute(
      'href',
      'https://farogames.example',
    );
    const campaign = screen.getByRole('link', { name: 'Lanterns of Vesper' }).closest('li')!;
    expect(within(campaign).getByText('Funded')).toBeInTheDocument();
    expect(campaign).toHaveTextContent('42 investors:');
  });

  it('says so when there is no such studio', async () => {
    stubApi({
      'GET /api/studios/nobody': () =>
        jsonResponse(404, { success: false, code: 'notFound', message: 'Not found.', error: 'Not found.' }),
    });
    renderScreen(<StudioPage />, { path: '/studios/:username', route: '/studios/nobody' });
    expect(await screen.findByText('We know no studio at this address.')).toBeInTheDocument();
  });
});
