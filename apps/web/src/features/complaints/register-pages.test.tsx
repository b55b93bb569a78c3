// @vitest-environment jsdom
import type { ComplaintDetail, ComplaintRegisterRow } from '@indiesplit/shared/complaints';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths.ts';
import i18n from '../../i18n/index.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import ComplaintDetailPage from './complaint-detail-page.tsx';
import ComplaintRegisterPage from './register-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const admin = member({ staff_role: 'admin' });
const year = new Date().getUTCFullYear();
const figures = {
  year,
  received: 12,
  answered: 9,
  closed: 7,
  median_days_to_answer: 18.5,
  overdue: 2,
};

const row: ComplaintRegisterRow = {
  id: '00000000-0000-4000-8000-0000000000c1',
  reference: 'C-2026-7KQ4M2XP',
  status: 'received',
  service: 'investing',
  complainant: 'Grace Hopper',
  received_at: '2026-03-02T10:00:00.000Z',
  acknowledge_due_at: '2026-03-09T10:00:00.000Z',
  answer_due_at: '2026-05-01T10:00:00.000Z',
  overdue: 'acknowledge',
  assignee: null,
};

const detail: ComplaintDetail = {
  ...row,
  language: 'it',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  address: '',
  phone: '',
  via_representative: false,
  representative_name: '',
  representative_contact: '',
  campaign: null,
  facts_from: '2026-01-10',
  facts_to: null,
  description: 'My investment was recorded twice.',
  remedy: 'Refund the second investment.',
  acknowledged_at: null,
  investigating_at: null,
  answered_at: null,
  closed_at: null,
  answer: null,
  next: ['acknowledged', 'investigating'],
  notes: [],
};

async function sent(fetchMock: ReturnType<typeof stubApi>, path: string) {
  const bodies: unknown[] = [];
  for (const [input, init] of fetchMock.mock.calls) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith(path) && init?.method === 'POST') bodies.push(JSON.parse(String(init.body)));
  }
  return bodies;
}

describe('the complaints register', () => {
  it('shows the year’s figures, the overdue step, and filters by overdue', async () => {
    const fetchMock = stubApi({
      'GET /api/backoffice/complaints/': () => jsonResponse(200, { complaints: [row] }),
      'GET /api/backoffice/complaints/?overdue=1': () => jsonResponse(200, { complaints: [] }),
      [`GET /api/backoffice/complaints/figures?year=${year}`]: () => jsonResponse(200, figures),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ComplaintRegisterPage />, { path: paths.backofficeComplaints, auth: admin });
    const line = within(await screen.findByRole('row', { name: /C-2026-7KQ4M2XP/ }));
    expect(line.getByRole('link', { name: 'C-2026-7KQ4M2XP' })).toHaveAttribute(
      'href',
      paths.backofficeComplaint(row.id),
    );
    expect(line.getByText('Acknowledgement overdue')).toBeInTheDocument();
    expect(line.getByText('Nobody')).toBeInTheDocument();
    expect(await screen.findByText('18.5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/backoffice/complaints/export.csv',
    );

    await user.click(screen.getByRole('checkbox', { name: 'Overdue only' }));
    expect(await screen.findByText('No complaint matches.')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([input]) =>
        String(input instanceof Request ? input.url : input).includes('overdue=1'),
      ),
    ).toBe(true);
  });
});

describe('one complaint in the back office', () => {
  it('moves it forward, refuses an empty answer, and sends the answer', async () => {
    const fetchMock = stubApi({
      [`GET /api/backoffice/complaints/${row.id}`]: () => jsonResponse(200, detail),
      'GET /api/backoffice/complaints/assignees': () =>
        jsonResponse(200, { assignees: [{ id: admin.id, username: 'alice' }] }),
      [`POST /api/backoffice/complaints/${row.id}/status`]: () =>
        jsonResponse(200, {
          ...detail,
          status: 'acknowledged',
          overdue: null,
          acknowledged_at: '2026-03-03T10:00:00.000Z',
          next: ['investigating'],
        }),
      [`POST /api/backoffice/complaints/${row.id}/answer`]: () =>
        jsonResponse(200, {
          ...detail,
          status: 'answered',
          overdue: null,
          answer: 'We refunded it.',
          answered_at: '2026-03-20T10:00:00.000Z',
          next: ['closed'],
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ComplaintDetailPage />, {
      path: paths.backofficeComplaint(),
      route: paths.backofficeComplaint(row.id),
      auth: admin,
    });
    expect(await screen.findByTestId('complaint-status')).toHaveTextContent('Received');
    expect(screen.getByText('My investment was recorded twice.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as Acknowledged' }));
    await vi.waitFor(() => expect(screen.getByTestId('complaint-status')).toHaveTextContent('Acknowledged'));
    expect(screen.queryByRole('button', { name: 'Mark as Acknowledged' })).not.toBeInTheDocument();
    expect(await sent(fetchMock, '/status')).toEqual([{ status: 'acknowledged' }]);

    await user.click(screen.getByRole('button', { name: 'Send the answer' }));
    expect(screen.getByRole('textbox', { name: /^Final answer/ })).toHaveAttribute('aria-invalid', 'true');
    expect(await sent(fetchMock, '/answer')).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /^Final answer/ }), 'We refunded it.');
    await user.click(screen.getByRole('button', { name: 'Send the answer' }));
    await vi.waitFor(() => expect(screen.getByTestId('complaint-status')).toHaveTextContent('Answered'));
    expect(screen.getByText('We refunded it.')).toBeInTheDocument();
    expect(await sent(fetchMock, '/answer')).toEqual([{ answer: 'We refunded it.' }]);
  });
});
