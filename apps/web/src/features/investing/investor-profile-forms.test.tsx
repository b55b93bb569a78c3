import type { InvestorProfileDto } from '@indiesplit/shared/investing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen, stubApi } from '../../test/render.tsx';
import { KnowledgeTestForm } from './knowledge-test-form.tsx';
import { LossSimulationForm } from './loss-simulation-form.tsx';
import { SophisticatedRequestForm } from './sophisticated-request-form.tsx';

const profile = (over: Partial<InvestorProfileDto> = {}): InvestorProfileDto => ({
  email_verified: true,
  knowledge_test: { status: 'missing', taken_at: null, valid_until: null, answers: null, wrong: [] },
  loss_simulation: null,
  investor_class: 'non_sophisticated',
  sophisticated_request: { status: 'none', reason: null, requested_at: null, decided_at: null },
  high_amount_threshold_cents: 100_000,
  ready: false,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('the investor profile forms', () => {
  it('the knowledge test asks for every answer before sending', async () => {
    const fetchMock = stubApi({});
    renderScreen(<KnowledgeTestForm profile={profile()} />, { path: '/profile' });
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByText(/answer every question/i)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('knowledge-test'))).toBe(false);
  });

  it('the loss simulation names each bad amount, focuses the first and sends the amounts as typed', async () => {
    const fetchMock = stubApi({
      'PUT /api/investor-profile/loss-simulation': () => jsonResponse(200, profile()),
    });
    renderScreen(<LossSimulationForm profile={profile()} />, { path: '/profile' });
    const income = screen.getByRole('textbox', { name: /Yearly net income/ });
    await userEvent.type(screen.getByRole('textbox', { name: /Liquid assets/ }), '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Save the simulation' }));
    expect(income).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /Liquid assets/ })).toHaveAttribute('aria-invalid', 'true');
    // "12.345" is twelve thousand in Italy and twelve euros in English: it is asked again, saying why.
    expect(
      screen.getByText(/This amount reads as thousands in some countries and as decimals in others/),
    ).toBeInTheDocument();
    await waitFor(() => expect(income).toHaveFocus());

    // Both locales' formats are taken.
    await userEvent.type(income, '30,000.00');
    await userEvent.clear(screen.getByRole('textbox', { name: /Liquid assets/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Liquid assets/ }), '5.000,50');
    await userEvent.type(screen.getByRole('textbox', { name: /Yearly financial commitments/ }), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save the simulation' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('loss-simulation'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('loss-simulation'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      annual_income: '30,000.00',
      liquid_assets: '5.000,50',
      annual_commitments: '0',
    });
  });

  it('the sophisticated request needs a reason', async () => {
    stubApi({});
    renderScreen(<SophisticatedRequestForm profile={profile()} />, { path: '/profile' });
    await userEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Why should you/ })).toHaveFocus());
    expect(screen.getByRole('textbox', { name: /Why should you/ })).toHaveAttribute('aria-invalid', 'true');
  });
});
