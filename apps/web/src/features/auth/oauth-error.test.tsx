// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { switchLanguage } from '../../i18n/index.ts';
import { jsonResponse, renderScreen, stubApi } from '../../test/render.tsx';
import LoginPage from './login-page.tsx';
import { forgetProviders } from './social/providers.ts';

// A link to the real login page must not be able to make it say anything: only known error codes
// are shown, as the platform's own translated texts.

beforeEach(() => {
  forgetProviders();
  stubApi({
    'GET /api/auth/providers/': () =>
      jsonResponse(200, { google_client_id: null, google_script_url: null, discord: true }),
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const PHISHING = 'Your account is locked. Call +1 800 555 0100 or visit evil.example to restore it';

function openLogin(query: string) {
  return renderScreen(<LoginPage />, { path: '/login', route: `/login?${query}` });
}

describe('OAuth errors on the login page', () => {
  it('shows a known provider code as its translated reason, never the description', async () => {
    openLogin(`error=access_denied&error_description=${encodeURIComponent(PHISHING)}`);
    expect(
      await screen.findByText('Discord authorization failed: access was not granted.'),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('locked');
    expect(document.body.textContent).not.toContain('evil.example');
  });

  it('shows an unknown provider code as the generic message, never the code or the description', async () => {
    openLogin(
      `error=${encodeURIComponent('Call +1 800 555 0100')}&error_description=${encodeURIComponent(PHISHING)}`,
    );
    expect(await screen.findByText('Discord authorization failed. Please try again.')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('555');
    expect(document.body.textContent).not.toContain('locked');
  });

  it('shows an unknown server code as the generic OAuth message', async () => {
    openLogin(`oauth_error=${encodeURIComponent(PHISHING)}`);
    expect(await screen.findByText('OAuth authentication failed. Please try again.')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('locked');
  });

  it('shows nothing for a description alone', async () => {
    openLogin(`error_description=${encodeURIComponent(PHISHING)}`);
    expect(await screen.findByRole('button', { name: /log in/i })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('locked');
  });

  it('speaks Italian to an Italian reader', async () => {
    await switchLanguage('it');
    openLogin('error=temporarily_unavailable&error_description=whatever');
    expect(
      await screen.findByText(
        'Autorizzazione Discord non riuscita: Discord non è disponibile in questo momento. Riprova più tardi.',
      ),
    ).toBeInTheDocument();
  });
});
