// @vitest-environment jsdom
import type { ComplaintStatusDto } from '@indiesplit/shared/complaints';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths.ts';
import i18n from '../../i18n/index.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import ComplaintStatusPage from './complaint-status-page.tsx';
import ComplaintsPage from './complaints-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const answered: ComplaintStatusDto = {
  reference: 'C-2026-7KQ4M2XP',
  status: 'answered',
  service: 'investing',
  received_at: '2026-03-02T10:00:00.000Z',
  acknowledged_at: '2026-03-03T10:00:00.000Z',
  answered_at: '2026-03-20T10:00:00.000Z',
  closed_at: null,
  answer_due_at: '2026-05-01T10:00:00.000Z',
  answer: 'We refunded the second investment.',
};

/** The JSON bodies the screen posted to `path`. */
async function postedTo(fetchMock: ReturnType<typeof stubApi>, path: string) {
  const bodies: unknown[] = [];
  for (const [input, init] of fetchMock.mock.calls) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith(path) && init?.method === 'POST') bodies.push(JSON.parse(String(init.body)));
  }
  return bodies;
}

describe('the complaints page', () => {
  it('explains the handling and refuses an empty form with a message on each required field', async () => {
    const fetchMock = stubApi({});
    const user = userEvent.setup({ delay: null });
    renderScreen(<ComplaintsPage />, { path: paths.complaints });
    expect(await screen.findByRole('heading', { level: 1, name: 'Complaints' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How we handle complaints' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the complaint' }));
    const name = screen.getByRole('textbox', { name: 'Full name' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please fill in all required fields.');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Please fill in all required fields.',
    );
    expect(screen.getByRole('combobox', { name: 'Service concerned' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('textbox', { name: /Your complaint/ })).toHaveAttribute('aria-invalid', 'true');
    expect(await postedTo(fetchMock, '/api/complaints/')).toEqual([]);
  });

  it('sends the template’s fields and shows the reference', async () => {
    const fetchMock = stubApi({
      'POST /api/complaints/': () => jsonResponse(201, { reference: 'C-2026-7KQ4M2XP' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ComplaintsPage />, { path: paths.complaints });
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Grace Hopper');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'grace@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'I am filing through a representative' }));
    await user.type(screen.getByRole('textbox', { name: 'Representative’s name' }), 'Avv. Rossi');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service concerned' }), 'payments');
    await user.type(screen.getByLabelText(/^Date of the facts/), '2026-01-10');
    await user.type(screen.getByRole('textbox', { name: /Your complaint/ }), 'My withdrawal never arrived.');
    await user.type(screen.getByRole('textbox', { name: 'What you ask us to do' }), 'Pay it.');
    await user.click(screen.getByRole('button', { name: 'Send the complaint' }));

    expect(await screen.findByText(/we received your complaint C-2026-7KQ4M2XP/)).toBeInTheDocument();
    expect(await postedTo(fetchMock, '/api/complaints/')).toEqual([
      expect.objectContaining({
        name: 'Grace Hopper',
        email: 'grace@example.com',
        via_representative: true,
        representative_name: 'Avv. Rossi',
        service: 'payments',
        facts_from: '2026-01-10',
        description: 'My withdrawal never arrived.',
        remedy: 'Pay it.',
      }),
    ]);
  });

  it('puts the server’s field error on its field, in Italian', async () => {
    await act(() => i18n.changeLanguage('it'));
    stubApi({
      'POST /api/complaints/': () =>
        jsonResponse(400, {
          success: false,
          code: 'complaintDateFuture',
          message: 'x',
          error_codes: { facts_from: 'complaintDateFuture' },
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ComplaintsPage />, { path: paths.complaints });
    await user.type(await screen.findByRole('textbox', { name: 'Nome e cognome' }), 'Grace Hopper');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'grace@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Servizio interessato' }), 'account');
    await user.type(screen.getByLabelText(/^Data dei fatti/), '2026-01-10');
    await user.type(screen.getByRole('textbox', { name: /Il tuo reclamo/ }), 'Testo');
    await user.type(screen.getByRole('textbox', { name: 'Cosa ci chiedi di fare' }), 'Rimedio');
    await user.click(screen.getByRole('button', { name: 'Invia il reclamo' }));
    expect(
      await screen.findByText('La data dei fatti non può essere nel futuro.', {
        selector: 'p[id$="-error"]',
      }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Data dei fatti/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('fills in a member’s email and lists their complaints with the answer', async () => {
    stubApi({ 'GET /api/complaints/mine': () => jsonResponse(200, { complaints: [answered] }) });
    renderScreen(<ComplaintsPage />, { path: paths.complaints, auth: member() });
    expect(await screen.findByRole('heading', { name: 'Your complaints' })).toBeInTheDocument();
    expect(screen.getByText(/C-2026-7KQ4M2XP/)).toBeInTheDocument();
    expect(screen.getByText('We refunded the second investment.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('alice@example.com');
  });
});

describe('the status page of the emailed link', () => {
  it('posts the reference and the token from the fragment and shows the status and the answer', async () => {
    const fetchMock = stubApi({ 'POST /api/complaints/lookup': () => jsonResponse(200, answered) });
    renderScreen(<ComplaintStatusPage />, {
      path: paths.complaintStatus(),
      route: `${paths.complaintStatus('C-2026-7KQ4M2XP')}#secret-token`,
    });
    expect(await screen.findByTestId('complaint-status')).toHaveTextContent('Answered');
    expect(screen.getByText('We refunded the second investment.')).toBeInTheDocument();
    expect(await postedTo(fetchMock, '/api/complaints/lookup')).toEqual([
      { reference: 'C-2026-7KQ4M2XP', token: 'secret-token' },
    ]);
  });

  it('says so when the link does not match, without showing anything of the complaint', async () => {
    stubApi({
      'POST /api/complaints/lookup': () =>
        jsonResponse(404, { success: false, code: 'complaintNotFound', message: 'x' }),
    });
    renderScreen(<ComplaintStatusPage />, {
      path: paths.complaintStatus(),
      route: `${paths.complaintStatus('C-2026-7KQ4M2XP')}#wrong`,
    });
    expect(
      await screen.findByText(
        'We found no complaint with this reference and link. Please check the link in your email.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('complaint-status')).not.toBeInTheDocument();
  });
});
