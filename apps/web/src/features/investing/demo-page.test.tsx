// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderScreen, stubApi } from '../../test/render.tsx';
import DemoPage from './demo-page.tsx';

describe('the demo for a visitor', () => {
  it('explains the demo before asking to log in, and the login returns to it', async () => {
    stubApi({
      'GET /api/wallet/': () =>
        jsonResponse(401, { success: false, code: 'authenticationRequired', message: 'x' }),
      'GET /api/campaigns/?group=live&currency=DEMO': () => jsonResponse(200, { campaigns: [] }),
    });
    renderScreen(<DemoPage />, { path: '/demo' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Try it with virtual money' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/uses only virtual money/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to try the demo' })).toHaveAttribute(
      'href',
      '/login?next=%2Fdemo',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register/welcome',
    );
    // A visitor has no wallet to open or reset.
    expect(screen.queryByRole('button', { name: 'Open my demo wallet' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('landed')).not.toBeInTheDocument();
  });
});
