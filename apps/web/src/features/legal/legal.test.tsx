// @vitest-environment jsdom
import type { LegalDocumentDto } from '@indiesplit/shared/legal';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteNotices } from '../../app/layout/route-notices.tsx';
import { paths } from '../../app/paths.ts';
import i18n from '../../i18n/index.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import AcceptTermsPage from './accept-terms-page.tsx';
import LegalPage from './legal-page.tsx';
import { TermsGate } from './terms-gate.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const HASH = 'a'.repeat(64);

function terms(over: Partial<LegalDocumentDto> = {}): LegalDocumentDto {
  return {
    document: 'terms',
    version: 2,
    language: 'en',
    title: 'Terms of service',
    body: '# Terms of service\n\n## 1. Investing\n\n- Campaigns are **all-or-nothing**.\n- You may revoke.\n\nPlain <script>alert(1)</script> text.',
    effective_at: '2026-12-01T00:00:00.000Z',
    content_hash: HASH,
    current: true,
    versions: [
      { version: 2, effective_at: '2026-12-01T00:00:00.000Z' },
      { version: 1, effective_at: '2026-11-01T00:00:00.000Z' },
    ],
    ...over,
  };
}

describe('a legal document page', () => {
  it('shows the version in force with its sections, lists and older versions, and no HTML from the text', async () => {
    stubApi({ 'GET /api/legal/terms?lang=en': () => jsonResponse(200, terms()) });
    const { container } = renderScreen(<LegalPage />, {
      path: '/legal/:document',
      route: paths.legal('terms'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '1. Investing' })).toBeInTheDocument();
    expect(screen.getByText('all-or-nothing').tagName).toBe('STRONG');
    expect(screen.getByText('Version 2 · in force since December 1, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Version 1, from November 1, 2026' })).toHaveAttribute(
      'href',
      paths.legalVersion('terms', 1),
    );
    // The text's markup is shown as text, never run or parsed.
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText(/Plain <script>alert\(1\)<\/script> text\./)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(HASH))).toBeInTheDocument();
    expect(container.querySelectorAll('main')).toHaveLength(1);
  });

  it('reads an older version by number, says it was replaced, and asks in Italian when the reader reads Italian', async () => {
    await act(() => i18n.changeLanguage('it'));
    stubApi({
      'GET /api/legal/terms/versions/1?lang=it': () =>
        jsonResponse(
          200,
          terms({
            version: 1,
            current: false,
            language: 'it',
            title: 'Termini di servizio',
            body: '# Termini di servizio\n\nTesto.',
          }),
        ),
    });
    renderScreen(<LegalPage />, {
      path: '/legal/:document/versions/:version',
      route: paths.legalVersion('terms', 1),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Termini di servizio' })).toBeInTheDocument();
    expect(screen.getByText(/Stai leggendo la versione 1, che è stata sostituita\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leggi la versione in vigore' })).toHaveAttribute(
      'href',
      paths.legal('terms'),
    );
  });

  it('says so when the document does not exist', async () => {
    stubApi({
      'GET /api/legal/pricing?lang=en': () =>
        jsonResponse(404, { success: false, code: 'notFound', message: 'Not found.' }),
    });
    renderScreen(<LegalPage />, { path: '/legal/:document', route: paths.legal('pricing') });
    expect(await screen.findByText('There is no such document or version.')).toBeInTheDocument();
  });
});

describe('accepting new terms', () => {
  it('sends the version read, then goes on to where the member was going', async () => {
    let required = true;
    const fetchSpy = stubApi({
      'GET /api/legal/terms?lang=en': () => jsonResponse(200, terms()),
      'POST /api/legal/acceptances': () => {
        required = false;
        return jsonResponse(200, {
          success: true,
          message: 'ok',
          terms_version: 2,
          accepted_at: '2026-12-02T10:00:00.000Z',
        });
      },
    });
    renderScreen(<AcceptTermsPage />, {
      path: paths.legalAccept,
      route: `${paths.legalAccept}?next=${encodeURIComponent('/campaigns/neon/invest')}`,
      auth: async () => member({ termsAcceptanceRequired: required }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Our terms of service have changed' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Terms of service' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I accept the new terms' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/campaigns/neon/invest');
    const post = fetchSpy.mock.calls.find(
      ([input, init]) => String(input).endsWith('/api/legal/acceptances') && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ terms_version: 2 });
  });

  it('shows the newer text and the reason when the terms changed again while reading', async () => {
    let version = 2;
    stubApi({
      'GET /api/legal/terms?lang=en': () => jsonResponse(200, terms({ version, title: `Terms v${version}` })),
      'POST /api/legal/acceptances': () => {
        version = 3;
        return jsonResponse(409, {
          success: false,
          code: 'legalVersionOutdated',
          message: 'A newer version of the terms has been published. Please read it and accept again.',
          error_codes: { terms_version: 'legalVersionOutdated' },
        });
      },
    });
    renderScreen(<AcceptTermsPage />, {
      path: paths.legalAccept,
      route: paths.legalAccept,
      auth: member({ termsAcceptanceRequired: true }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'I accept the new terms' }));
    expect(
      await screen.findByText(
        'A newer version of the terms has been published. Please read it and accept again.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Terms v3' })).toBeInTheDocument();
  });
});

describe('the terms gate', () => {
  function Gated() {
    return (
      <>
        <TermsGate />
        <p>Portfolio</p>
      </>
    );
  }

  it('sends a member with new terms to accept them, keeping the destination', async () => {
    stubApi({});
    renderScreen(
      <Routes>
        <Route path="*" element={<Gated />} />
      </Routes>,
      {
        path: '/portfolio/*',
        route: '/portfolio?tab=wallet',
        auth: member({ termsAcceptanceRequired: true }),
      },
    );
    expect(await screen.findByTestId('landed')).toHaveTextContent(
      `${paths.legalAccept}?next=${encodeURIComponent('/portfolio?tab=wallet')}`,
    );
  });

  it('still ends on the acceptance page when the login hands a notice to the destination', async () => {
    // The route notices replace the address to clear their state; the member still ends on the
    // acceptance page (the browser test covers the same after a real login).
    stubApi({});
    renderScreen(
      <Routes>
        <Route
          path="*"
          element={
            <>
              <TermsGate />
              <RouteNotices />
              <p>Portfolio</p>
            </>
          }
        />
      </Routes>,
      {
        path: '/portfolio/*',
        route: '/portfolio',
        state: { showVerificationNotice: true },
        auth: member({ termsAcceptanceRequired: true }),
      },
    );
    expect(await screen.findByTestId('landed')).toHaveTextContent(
      `${paths.legalAccept}?next=${encodeURIComponent('/portfolio')}`,
    );
  });

  it('leaves members who accepted, and visitors, where they are', async () => {
    stubApi({});
    renderScreen(<Gated />, { path: '/portfolio', auth: member() });
    await act(async () => {});
    expect(screen.getByText('Portfolio')).toBeInTheDocument();
    expect(screen.queryByTestId('landed')).toBeNull();
  });
});
