import type { BackofficeKybDetail, KybRecordDto } from '@indiesplit/shared/kyb';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import KybDetailPage from './kyb-detail-page.tsx';

const ID = '00000000-0000-4000-8000-0000000000bb';

const record = (over: Partial<KybRecordDto> = {}): KybRecordDto => ({
  id: ID,
  decision: 'submitted',
  legal_name: 'Faro Games S.r.l.',
  registration_number: 'REA MI-2034567',
  country: 'IT',
  registered_address: 'Via Lanterna 3, Milano',
  registered_office: null,
  representative_country_of_residence: null,
  payout_iban: null,
  representative_first_name: 'Chiara',
  representative_last_name: 'Galli',
  representative_birth_date: '1987-03-14',
  representative_nationality: 'IT',
  representative_email: 'chiara@farogames.example',
  ubos: [
    {
      first_name: 'Chiara',
      last_name: 'Galli',
      birth_date: '1987-03-14',
      nationality: 'IT',
      address: 'Milano',
      ownership_percent: 60,
    },
    {
      first_name: 'Marco',
      last_name: 'Neri',
      birth_date: '1990-11-02',
      nationality: 'IT',
      address: 'Milano',
      ownership_percent: 40,
    },
  ],
  document: { file_name: 'visura.pdf', content_type: 'application/pdf', size_bytes: 1200 },
  submitted_at: '2026-11-20T10:00:00.000Z',
  decided_at: null,
  refusal_reason: null,
  valid_until: null,
  ...over,
});

const detail = (over: Partial<KybRecordDto> = {}, decidedBy: string | null = null): BackofficeKybDetail => ({
  record: record(over),
  studio: { id: 'studio-1', username: 'faro', email: 'faro@example.com' },
  decided_by: decidedBy,
  history: [],
});

const show = () =>
  renderScreen(<KybDetailPage />, {
    path: '/backoffice/studio-verifications/:id',
    route: `/backoffice/studio-verifications/${ID}`,
    auth: member({ staff_role: 'admin' }),
  });

describe("a studio's verification in the back office", { timeout: 20_000 }, () => {
  it('shows the owners and the proof, and approves only once the admin confirms', async () => {
    const bodies: unknown[] = [];
    stubApi({
      [`GET /api/backoffice/studio-verifications/${ID}`]: () => jsonResponse(200, detail()),
      [`POST /api/backoffice/studio-verifications/${ID}/decision`]: async (request) => {
        bodies.push(await request.json());
        return jsonResponse(
          200,
          detail(
            {
              decision: 'approved',
              decided_at: '2026-11-27T10:00:00.000Z',
              valid_until: '2027-11-27T10:00:00.000Z',
            },
            'admin_anna',
          ),
        );
      },
    });
    show();
    expect(await screen.findByRole('heading', { name: 'Faro Games S.r.l.', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Marco Neri')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'visura.pdf' })).toHaveAttribute(
      'href',
      `/api/studio-verification/${ID}/document`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(
      screen.getByRole('group', { name: /Approve the verification of Faro Games S.r.l.\?/ }),
    ).toHaveFocus();
    expect(bodies).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, approve' }));
    expect(await screen.findByText('The verification of Faro Games S.r.l. is approved.')).toBeInTheDocument();
    expect(bodies).toEqual([{ decision: 'approve' }]);
    expect(screen.getByText(/Decided by admin_anna/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('asks for the reason the studio will read before a refusal, then confirms it', async () => {
    const bodies: unknown[] = [];
    stubApi({
      [`GET /api/backoffice/studio-verifications/${ID}`]: () => jsonResponse(200, detail()),
      [`POST /api/backoffice/studio-verifications/${ID}/decision`]: async (request) => {
        bodies.push(await request.json());
        return jsonResponse(
          200,
          detail({
            decision: 'refused',
            decided_at: '2026-11-27T10:00:00.000Z',
            refusal_reason: 'Old extract.',
          }),
        );
      },
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Refuse…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refuse…' }));
    expect(screen.getByText('Please give the studio the reason for the refusal.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Reason for the refusal/), 'Old extract.');
    await userEvent.click(screen.getByRole('button', { name: 'Refuse…' }));
    expect(bodies).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, refuse' }));
    expect(await screen.findByText(/is refused; the studio sees the reason/)).toBeInTheDocument();
    expect(bodies).toEqual([{ decision: 'refuse', reason: 'Old extract.' }]);
  });
});
