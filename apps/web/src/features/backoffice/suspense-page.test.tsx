// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import SuspensePage from './suspense-page.tsx';

afterEach(() => vi.unstubAllGlobals());
// No transfer to a revenue IBAN is parked, unless a test says otherwise.
beforeEach(() => {
  stubApi({ 'GET /api/backoffice/payments/revenue-suspense/': () => jsonResponse(200, { items: [] }) });
});

const admin = member({ staff_role: 'admin' });
const parked = {
  payin_id: 'wt_42',
  amount_cents: 25_000,
  payer_name: 'Charles Babbage',
  user_id: 'u1',
  username: 'ada',
  member_name: 'Ada Lovelace',
  received_at: '2026-11-20T10:00:00Z',
};

const posts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('back office: the suspense account', () => {
  it('credits a parked transfer only after the admin confirms who and how much', async () => {
    let items = [parked];
    const fetchMock = stubApi({
      'GET /api/backoffice/payments/suspense/': () => jsonResponse(200, { items }),
      'POST /api/backoffice/payments/suspense/wt_42/assign': () => {
        items = [];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<SuspensePage />, { path: '/backoffice/suspense', auth: admin });
    const row = (await screen.findByRole('rowheader', { name: 'Charles Babbage' })).closest('tr')!;
    expect(within(row).getByText('€250.00')).toBeInTheDocument();
    expect(within(row).getByText('Ada Lovelace (ada)')).toBeInTheDocument();

    await user.click(
      within(row).getByRole('button', { name: 'Credit €250.00 from Charles Babbage to Ada Lovelace (ada)' }),
    );
    const ask = screen.getByRole('group', {
      name: /^Credit €250.00 paid by Charles Babbage to the wallet of Ada Lovelace \(ada\)\?/,
    });
    expect(posts(fetchMock)).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(posts(fetchMock)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Credit €250.00 from Charles Babbage/ }));
    await user.click(screen.getByRole('button', { name: 'Yes, credit the member' }));
    expect(await screen.findByText('€250.00 credited to Ada Lovelace (ada).')).toBeInTheDocument();
    const [post] = posts(fetchMock);
    expect(String(post?.[0])).toContain('/api/backoffice/payments/suspense/wt_42/assign');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ confirm: 'wt_42' });
    expect(await screen.findByText('No transfer is parked.')).toBeInTheDocument();
    // Many steps on a shared, busy machine: more than the default 5 s.
  }, 20_000);

  it('says so when a return is refused, and keeps the transfer listed', async () => {
    stubApi({
      'GET /api/backoffice/payments/suspense/': () => jsonResponse(200, { items: [parked] }),
      'POST /api/backoffice/payments/suspense/wt_42/return': () =>
        jsonResponse(503, {
          success: false,
          code: 'paymentProviderUnavailable',
          message: 'Il fornitore dei pagamenti non risponde.',
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<SuspensePage />, { path: '/backoffice/suspense', auth: admin });
    await screen.findByRole('rowheader', { name: 'Charles Babbage' });
    await user.click(screen.getByRole('button', { name: 'Send €250.00 back to Charles Babbage' }));
    screen.getByRole('group', { name: /^Send €250.00 back to Charles Babbage, the account it came from\?/ });
    await user.click(screen.getByRole('button', { name: 'Yes, send it back' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/payment provider/i);
    expect(screen.getByRole('rowheader', { name: 'Charles Babbage' })).toBeInTheDocument();
  });

  it('a reviewer is told the screen is for administrators', async () => {
    stubApi({
      'GET /api/backoffice/payments/suspense/': () =>
        jsonResponse(403, { success: false, code: 'forbidden', message: 'Forbidden' }),
    });
    renderScreen(<SuspensePage />, {
      path: '/backoffice/suspense',
      auth: member({ staff_role: 'reviewer' }),
    });
    expect(await screen.findByRole('heading', { name: 'For administrators only' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Suspense account' })).not.toBeInTheDocument();
  });

  it('sends a transfer to a revenue IBAN back after the admin confirms', async () => {
    let items = [
      {
        payin_id: 'wt_77',
        campaign_id: 'c1',
        campaign_title: 'Lanterns of Vesper',
        amount_cents: 15_000,
        payer_name: 'Vesper Games Srl',
        received_at: '2026-11-20T10:00:00Z',
      },
    ];
    const fetchMock = stubApi({
      'GET /api/backoffice/payments/suspense/': () => jsonResponse(200, { items: [] }),
      'GET /api/backoffice/payments/revenue-suspense/': () => jsonResponse(200, { items }),
      'POST /api/backoffice/payments/revenue-suspense/wt_77/return': () => {
        items = [];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<SuspensePage />, { path: '/backoffice/suspense', auth: admin });
    const row = (await screen.findByRole('rowheader', { name: 'Vesper Games Srl' })).closest('tr')!;
    expect(within(row).getByText('Lanterns of Vesper')).toBeInTheDocument();
    await user.click(
      within(row).getByRole('button', { name: 'Send €150.00 back to Vesper Games Srl (Lanterns of Vesper)' }),
    );
    expect(posts(fetchMock)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, send it back' }));
    expect(await screen.findByText('€150.00 is on its way back to Vesper Games Srl.')).toBeInTheDocument();
    const [post] = posts(fetchMock);
    expect(String(post?.[0])).toContain('/api/backoffice/payments/revenue-suspense/wt_77/return');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ confirm: 'wt_77' });
    expect(await screen.findByText('No transfer to a revenue IBAN is parked.')).toBeInTheDocument();
  }, 20_000);
});
