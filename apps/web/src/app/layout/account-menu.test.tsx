// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { AccountMenu } from './account-menu.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('account menu', () => {
  it('offers every member their pitches, campaigns, portfolio and investor profile without asking the server', async () => {
    const fetchMock = stubApi({ 'GET /api/user/': () => jsonResponse(200, { success: true }) });
    const user = userEvent.setup({ delay: null });
    renderScreen(<AccountMenu />, { path: '/', auth: member() });
    await user.click(await screen.findByRole('button', { name: /alice/ }));
    expect(screen.getByRole('link', { name: 'My pitches' })).toHaveAttribute('href', '/my-pitches');
    expect(screen.getByRole('link', { name: 'My campaigns' })).toHaveAttribute('href', '/my-campaigns');
    expect(screen.getByRole('link', { name: 'My portfolio' })).toHaveAttribute('href', '/portfolio');
    expect(screen.getByRole('link', { name: 'Investor profile' })).toHaveAttribute(
      'href',
      '/investor-profile',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
