// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { member, renderScreen } from '../../test/render.tsx';
import { MobileMenu } from './mobile-menu.tsx';

afterEach(() => vi.unstubAllGlobals());

function stubMatchMedia() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('mobile menu', () => {
  it('takes a member to the same account places as the wide-screen account menu, investor profile included', async () => {
    stubMatchMedia();
    renderScreen(<MobileMenu open onClose={() => {}} />, { path: '/', auth: member() });
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await within(menu).findByText('alice');
    const link = (name: string) => within(menu).getByRole('link', { name });
    expect(link('Investor profile')).toHaveAttribute('href', '/investor-profile');
    expect(link('My portfolio')).toHaveAttribute('href', '/portfolio');
    expect(link('My pitches')).toHaveAttribute('href', '/my-pitches');
    expect(link('My campaigns')).toHaveAttribute('href', '/my-campaigns');
    expect(link('Demo with virtual money')).toHaveAttribute('href', '/demo');
    // Only staff see the way into the back office.
    expect(within(menu).queryByRole('link', { name: 'Back office' })).toBeNull();
  });

  it('shows staff the way into the back office', async () => {
    stubMatchMedia();
    renderScreen(<MobileMenu open onClose={() => {}} />, {
      path: '/',
      auth: member({ staff_role: 'admin' }),
    });
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(await within(menu).findByRole('link', { name: 'Back office' })).toHaveAttribute(
      'href',
      '/backoffice',
    );
  });

  it('offers a visitor logging in or signing up, and no account places', async () => {
    stubMatchMedia();
    renderScreen(<MobileMenu open onClose={() => {}} />, { path: '/' });
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(await within(menu).findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(menu).queryByRole('link', { name: 'Investor profile' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'My portfolio' })).toBeNull();
  });
});
