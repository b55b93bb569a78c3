// @vitest-environment jsdom
import type { DistributionDto } from '@indiesplit/shared/revenue';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { distributionDto } from '../revenue/test-data.ts';
import DistributionsPage from './distributions-page.tsx';

afterEach(() => vi.unstubAllGlobals());
// Typing into many fields is slow on a busy machine: these screens get more time than the default.
vi.setConfig({ testTimeout: 20_000 });

const admin = member({ staff_role: 'admin' });
const LIST = 'GET /api/backoffice/distributions/';
const route = { path: '/backoffice/distributions', auth: admin };

describe('back office: distributions', () => {
  it('lists distributions and records the developer’s payment of a pool', async () => {
    let rows: DistributionDto[] = [
      distributionDto({ pool_cents: 100_005, platform_cents: 10_000, investors_cents: 90_005 }),
      distributionDto({
        id: 'd2',
        sequence: 2,
        campaign: { id: 'c2', slug: null, title: 'Moss Knight' },
        currency: 'DEMO',
        status: 'paid',
        suspense_cents: 1_234,
        bank_transaction_id: null,
      }),
    ];
    const fetchMock = stubApi({
      [LIST]: () => jsonResponse(200, { distributions: rows }),
      'POST /api/backoffice/distributions/d1/funding': () => {
        const paid = distributionDto({
          pool_cents: 100_005,
          status: 'paid',
          bank_transaction_id: 'BANK-77',
          paid_at: '2027-05-03T10:00:00Z',
        });
        rows = [paid, rows[1] as DistributionDto];
        return jsonResponse(200, paid);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<DistributionsPage />, route);
    const table = await screen.findByRole('table', { name: 'Distributions' });
    const moss = within(table).getByRole('row', { name: /Moss Knight/ });
    expect(moss).toHaveTextContent('€12.34');
    expect(within(moss).getAllByText('demo').length).toBeGreaterThan(0);
    expect(within(moss).getByText('Paid')).toBeInTheDocument();
    const neon = within(table).getByRole('row', { name: /Neon Drift/ });
    expect(neon).toHaveTextContent('€1,000.05');
    expect(within(neon).getByText('Awaiting funds')).toBeInTheDocument();

    await user.click(
      within(neon).getByRole('button', { name: 'Record payment for Neon Drift, distribution 1' }),
    );
    const form = screen.getByRole('region', { name: 'Record the payment: Neon Drift, distribution 1' });
    expect(within(form).getByLabelText(/^Amount received in euros/)).toHaveValue('1000.05');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(within(form).getByLabelText(/^Bank transaction id/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(form).getByLabelText(/^Bank transaction id/), ' BANK-77 ');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    // Nothing is sent before the admin confirms the campaign, the amount and the bank's id.
    const ask = within(form).getByRole('group', {
      name: 'Record €1,000.05 received for Neon Drift, distribution 1 (bank transaction BANK-77)? The investors are paid at once; this cannot be undone.',
    });
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/funding'))).toBe(false);
    await user.click(within(ask).getByRole('button', { name: 'Yes, record the payment' }));

    expect(
      await screen.findByText(/Payment recorded: Neon Drift, distribution 1 is paid/),
    ).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([u]) => u === '/api/backoffice/distributions/d1/funding')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({
      bank_transaction_id: 'BANK-77',
      amount_cents: 100_005,
    });
    const after = within(screen.getByRole('table', { name: 'Distributions' })).getByRole('row', {
      name: /Neon Drift/,
    });
    await vi.waitFor(() => expect(within(after).getByText('Paid')).toBeInTheDocument());
    expect(after).toHaveTextContent('BANK-77');
  });

  it('reads the amount received in either locale’s format and explains an ambiguous one', async () => {
    const fetchMock = stubApi({
      [LIST]: () => jsonResponse(200, { distributions: [distributionDto()] }),
      'POST /api/backoffice/distributions/d1/funding': () =>
        jsonResponse(409, { success: false, code: 'serverError', message: 'x' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<DistributionsPage />, route);
    await user.click(await screen.findByRole('button', { name: /^Record payment for Neon Drift/ }));
    const amount = screen.getByLabelText(/^Amount received in euros/);
    await user.clear(amount);
    await user.type(amount, '1.000');
    await user.type(screen.getByLabelText(/^Bank transaction id/), 'B-1');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(
      await screen.findByText(/This amount reads as thousands in some countries and as decimals in others/),
    ).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.clear(amount);
    await user.type(amount, '1.000,05');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, record the payment' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => u === '/api/backoffice/distributions/d1/funding')).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([u]) => u === '/api/backoffice/distributions/d1/funding')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({
      bank_transaction_id: 'B-1',
      amount_cents: 100_005,
    });
  });

  it('shows an amount that is not the pool next to the amount field', async () => {
    stubApi({
      [LIST]: () => jsonResponse(200, { distributions: [distributionDto()] }),
      'POST /api/backoffice/distributions/d1/funding': () =>
        jsonResponse(422, {
          success: false,
          code: 'fundingAmountMismatch',
          message: 'x',
          error_codes: { amount_cents: 'fundingAmountMismatch' },
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<DistributionsPage />, route);
    await user.click(await screen.findByRole('button', { name: /^Record payment for Neon Drift/ }));
    const amount = screen.getByLabelText(/^Amount received in euros/);
    await user.clear(amount);
    await user.type(amount, '999.99');
    await user.type(screen.getByLabelText(/^Bank transaction id/), 'B-1');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await user.click(screen.getByRole('button', { name: 'Yes, record the payment' }));
    await vi.waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    await vi.waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveValue('999.99');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The amount received must be exactly the pool to distribute.',
    );
  });

  it('hides demo rounds until the admin asks for them, and the server does the filtering', async () => {
    const moss = distributionDto({
      id: 'd2',
      campaign: { id: 'c2', slug: null, title: 'Moss Knight' },
      currency: 'DEMO',
      status: 'paid',
    });
    const fetchMock = stubApi({
      [LIST]: () => jsonResponse(200, { distributions: [distributionDto()] }),
      [`${LIST}?include_demo=true`]: () => jsonResponse(200, { distributions: [distributionDto(), moss] }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<DistributionsPage />, route);
    const table = await screen.findByRole('table', { name: 'Distributions' });
    expect(within(table).getByRole('row', { name: /Neon Drift/ })).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: /Moss Knight/ })).not.toBeInTheDocument();
    const toggle = screen.getByRole('checkbox', { name: 'Show demo rounds' });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    expect(await within(table).findByRole('row', { name: /Moss Knight/ })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      '/api/backoffice/distributions/?include_demo=true',
    );
  });

  it('filters by status', async () => {
    stubApi({
      [LIST]: () => jsonResponse(200, { distributions: [] }),
      'GET /api/backoffice/distributions/?status=funded': () =>
        jsonResponse(200, {
          distributions: [distributionDto({ status: 'funded', bank_transaction_id: 'B-9' })],
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<DistributionsPage />, route);
    expect(await screen.findByText('No distribution in this list.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'Funded');
    const row = await screen.findByRole('row', { name: /Neon Drift/ });
    expect(row).toHaveTextContent('B-9');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });
});
