// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountMenu } from '../../app/layout/account-menu.tsx';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';

afterEach(() => vi.unstubAllGlobals());

const userWith = (types: string[]) => () =>
  jsonResponse(200, { success: true, user: { user_types: types, userType: types[0] } });

describe('account menu: My campaigns', () => {
  it('links developers to their campaigns', async () => {
    stubApi({ 'GET /api/user/': userWith(['investor', 'developer']) });
    const user = userEvent.setup();
    renderScreen(<AccountMenu />, {
      path: '/',
      auth: member({ id: '00000000-0000-4000-8000-00000000000d' }),
    });
    await user.click(await screen.findByRole('button', { name: /alice/ }));
    expect(await screen.findByRole('link', { name: 'My campaigns' })).toHaveAttribute(
      'href',
      '/my-campaigns',
    );
  });

  it('does not show the link to members who are not developers', async () => {
    const fetchMock = stubApi({ 'GET /api/user/': userWith(['investor']) });
    const user = userEvent.setup();
    renderScreen(<AccountMenu />, {
      path: '/',
      auth: member({ id: '00000000-0000-4000-8000-00000000000e' }),
    });
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([u]) => u === '/api/user/')).toBe(true));
    await user.click(await screen.findByRole('button', { name: /alice/ }));
    expect(screen.getByRole('link', { name: 'My pitches' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My campaigns' })).not.toBeInTheDocument();
  });
});
