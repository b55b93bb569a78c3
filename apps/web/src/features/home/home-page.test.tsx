// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteConfig } from '../../app/site-config.ts';
import i18n from '../../i18n/index.ts';
import { reloadConsentForTests, setConsent } from '../../lib/consent.ts';
import { type AuthApi, useAuth } from '../auth/auth-context.tsx';
import HomePage from './home-page.tsx';

vi.mock('../auth/auth-context.tsx', () => ({ useAuth: vi.fn() }));
vi.mock('../../app/site-config.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../app/site-config.ts')>();
  return {
    siteConfig: {
      ...original.siteConfig,
      homeReels: [
        'https://www.instagram.com/reel/one/',
        'https://www.instagram.com/reel/two',
        'https://www.instagram.com/reel/three/',
      ],
    },
  };
});

const loggedOut: AuthApi = {
  isAuthenticated: false,
  username: null,
  email: null,
  id: null,
  isEmailVerified: false,
  profilePictureUrl: null,
  lastChecked: null,
  isLoading: false,
  refresh: async () => loggedOut,
  clear: () => {},
};
const loggedIn: AuthApi = {
  ...loggedOut,
  isAuthenticated: true,
  username: 'pixelfan',
  email: 'pixelfan@example.com',
  id: '1',
  isEmailVerified: true,
};

let wide = true;

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  wide = true;
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: wide,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
  localStorage.clear();
  reloadConsentForTests();
  vi.mocked(useAuth).mockReturnValue(loggedOut);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Renders the page and waits for its lazily loaded lower sections. */
async function renderHome() {
  const result = render(
    <MemoryRouter initialEntries={['/']}>
      <HomePage />
    </MemoryRouter>,
  );
  await act(async () => {
    await import('./components/home-sections.tsx');
  });
  expect(
    screen.getByRole('heading', { name: /How IndieSplit works|Come funziona IndieSplit/ }),
  ).toBeInTheDocument();
  return result;
}

describe('Home page for visitors and members', () => {
  it('sends visitors to the welcome page and hides the pitch promo', async () => {
    await renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Back the indie games you believe in',
    );
    expect(screen.getByRole('link', { name: 'Join IndieSplit' })).toHaveAttribute(
      'href',
      '/register/welcome',
    );
    expect(screen.getByRole('heading', { name: 'Why join IndieSplit' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Make the most of your membership' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pitch your game' })).toBeNull();
    expect(document.querySelector('a[href="/split-project-form"]')).toBeNull();
  });

  it('sends members to the community chat and shows their texts and the pitch promo', async () => {
    vi.mocked(useAuth).mockReturnValue(loggedIn);
    await renderHome();
    const cta = screen.getByRole('link', { name: /Join the community chat/ });
    expect(cta).toHaveAttribute('href', siteConfig.communityChatUrl);
    expect(cta).toHaveAttribute('target', '_blank');
    expect(cta).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.queryByRole('link', { name: 'Join IndieSplit' })).toBeNull();
    expect(screen.getByText('Hi pixelfan!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Make the most of your membership' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Why join IndieSplit' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Pitch your game' })).toHaveAttribute(
      'href',
      '/split-project-form',
    );
  });

  it('shows the business model with its risk reminder, the why-choose-us cards and the eight FAQ questions', async () => {
    await renderHome();
    const how = screen.getByRole('heading', { name: 'How IndieSplit works' }).closest('section')!;
    expect(within(how).getAllByRole('listitem')).toHaveLength(4);
    expect(within(how).getByRole('note')).toHaveTextContent('you could lose all the money you invest');
    const cards = screen.getByRole('heading', { name: 'Why choose IndieSplit' }).closest('section')!;
    expect(within(cards).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    const faq = screen.getByRole('heading', { name: 'Frequently asked questions' }).closest('section')!;
    expect(within(faq).getAllByRole('button', { expanded: false })).toHaveLength(8);
  });

  it('switches its content to Italian', async () => {
    await act(() => i18n.changeLanguage('it'));
    try {
      await renderHome();
      expect(screen.getByRole('link', { name: 'Unisciti a IndieSplit' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Domande frequenti' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Perché unirti a IndieSplit' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('Social block reels', () => {
  it('asks for consent before loading any embed', async () => {
    vi.useFakeTimers();
    await renderHome();
    act(() => vi.advanceTimersByTime(1_000));
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText('Content from an external service')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Allow external media and show the reels' }));
    expect(screen.queryByText('Content from an external service')).toBeNull();
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(3);
    expect(frames[0]).toHaveAttribute('src', 'https://www.instagram.com/reel/one/embed/');
    expect(frames[1]).toHaveAttribute('src', 'https://www.instagram.com/reel/two/embed/');
  });

  it('loads the embeds 100 ms after mount once consent was given', async () => {
    setConsent({ analytics: false, media: true });
    vi.useFakeTimers();
    await renderHome();
    expect(document.querySelector('iframe')).toBeNull();
    act(() => vi.advanceTimersByTime(99));
    expect(document.querySelector('iframe')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(document.querySelectorAll('iframe')).toHaveLength(3);
    expect(screen.getByTitle('IndieSplit reel 1')).toBeInTheDocument();
  });

  it('keeps embeds off when media consent was refused', async () => {
    setConsent({ analytics: true, media: false });
    vi.useFakeTimers();
    await renderHome();
    act(() => vi.advanceTimersByTime(1_000));
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText('Content from an external service')).toBeInTheDocument();
  });

  it('shows no reels below the md breakpoint, only the links', async () => {
    wide = false;
    setConsent({ analytics: false, media: true });
    vi.useFakeTimers();
    await renderHome();
    act(() => vi.advanceTimersByTime(1_000));
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.queryByText('Content from an external service')).toBeNull();
    const links = screen.getByRole('list', { name: 'IndieSplit elsewhere' });
    const hrefs = within(links)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      siteConfig.communityChatUrl,
      siteConfig.social.instagram,
      siteConfig.social.linkedin,
    ]);
  });
});
