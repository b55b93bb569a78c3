// @vitest-environment jsdom
import type { BackofficeInvestorDto } from '@indiesplit/shared/investing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import InvestorsPage from './investors-page.tsx';

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 20_000 });

const admin = member({ staff_role: 'admin' });
const route = { path: '/backoffice/investors', auth: admin };

const waiting: BackofficeInvestorDto = {
  user_id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  investor_class: 'non_sophisticated',
  knowledge_test: 'passed',
  net_worth_cents: 5_000_000,
  sophisticated_request: 'requested',
  reason: 'Ten years at a bank',
  person_type: 'natural',
  criteria: ['income_or_portfolio', 'financial_experience'],
  evidence: [
    {
      id: 'e1',
      file_name: 'payslips.pdf',
      content_type: 'application/pdf',
      size_bytes: 1234,
      uploaded_at: '2026-11-27T10:00:00Z',
    },
  ],
  requested_at: '2026-11-27T10:00:00Z',
  decided_at: null,
  decision_reason: null,
  valid_until: null,
};

describe('back office: investors', () => {
  it('shows the criteria and the documents, and refuses only with a reason', async () => {
    const fetchMock = stubApi({
      'GET /api/backoffice/investors/?status=requested': () => jsonResponse(200, { investors: [waiting] }),
      'POST /api/backoffice/investors/u1/decision': () =>
        jsonResponse(200, {
          ...waiting,
          sophisticated_request: 'rejected',
          decision_reason: 'Old payslips.',
        }),
    });
    renderScreen(<InvestorsPage />, route);
    const row = (await screen.findByText('ada')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Natural person')).toBeInTheDocument();
    expect(within(row).getByText(/Personal gross income of at least 60,000 euros/)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'payslips.pdf' })).toHaveAttribute(
      'href',
      '/api/investor-profile/evidence/e1',
    );

    await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    await userEvent.click(within(row).getByRole('button', { name: 'Refuse' }));
    const reason = within(row).getByRole('textbox', { name: /Reason for the refusal/ });
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/decision'))).toBe(false);

    await userEvent.type(reason, 'Old payslips.');
    await userEvent.click(within(row).getByRole('button', { name: 'Refuse' }));
    expect(
      await screen.findByText('The request of ada was refused; they have been emailed.'),
    ).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/decision'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ decision: 'reject', reason: 'Old payslips.' });
  });
});
