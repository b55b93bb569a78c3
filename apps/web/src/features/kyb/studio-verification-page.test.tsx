import type { KybRecordDto, StudioKybDto } from '@indiesplit/shared/kyb';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import StudioVerificationPage from './studio-verification-page.tsx';

const record = (over: Partial<KybRecordDto> = {}): KybRecordDto => ({
  id: '00000000-0000-4000-8000-0000000000aa',
  decision: 'refused',
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
      address: 'Via Lanterna 3, Milano',
      ownership_percent: 100,
    },
  ],
  document: { file_name: 'visura.pdf', content_type: 'application/pdf', size_bytes: 1200 },
  submitted_at: '2026-11-20T10:00:00.000Z',
  decided_at: '2026-11-21T10:00:00.000Z',
  refusal_reason: 'The extract is older than six months.',
  valid_until: null,
  ...over,
});

const dto = (over: Partial<StudioKybDto> = {}): StudioKybDto => ({
  mode: 'manual',
  provider: null,
  status: 'none',
  approved_until: null,
  can_submit: true,
  latest: null,
  ...over,
});

const show = () => renderScreen(<StudioVerificationPage />, { path: '/studio-verification', auth: member() });

const pdf = () => new File(['%PDF-1.7 registration'], 'visura.pdf', { type: 'application/pdf' });

// A long form (four country lists of every ISO country): typing it through takes a while.
describe('the studio verification page', { timeout: 30_000 }, () => {
  it('shows a refusal with its reason and offers the form again, filled with what was sent', async () => {
    stubApi({
      'GET /api/studio-verification': () => jsonResponse(200, dto({ status: 'refused', latest: record() })),
    });
    show();
    expect(await screen.findByText('Refused')).toBeInTheDocument();
    expect(screen.getByText('The extract is older than six months.')).toBeInTheDocument();
    expect(screen.getByText(/Article 5 of Regulation \(EU\) 2020\/1503/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Legal name/)).toHaveValue('Faro Games S.r.l.');
    // The declarations are made anew.
    expect(screen.getByRole('checkbox', { name: /criminal record/ })).not.toBeChecked();
  });

  it('names every missing field and declaration before sending anything', async () => {
    const api = stubApi({ 'GET /api/studio-verification': () => jsonResponse(200, dto()) });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText("Please enter the studio's legal name.")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Legal name/)).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getAllByText('Please confirm this declaration: the verification cannot go ahead without it.'),
    ).toHaveLength(3);
    expect(
      screen.getAllByText('Please enter a share between 0.01 and 100, with at most two decimals.'),
    ).toHaveLength(1);
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('refuses owners holding more than 100% together, then sends the form with its proof', async () => {
    const api = stubApi({
      'GET /api/studio-verification': () => jsonResponse(200, dto({ status: 'refused', latest: record() })),
      'POST /api/studio-verification': () =>
        jsonResponse(
          200,
          dto({
            status: 'submitted',
            can_submit: false,
            latest: record({ decision: 'submitted', refusal_reason: null }),
          }),
        ),
    });
    const sent = () =>
      api.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body as FormData | undefined;
    show();
    await screen.findByText('Refused');
    await userEvent.click(screen.getByRole('button', { name: 'Add a beneficial owner' }));
    const second = screen.getByRole('group', { name: 'Beneficial owner 2' });
    await userEvent.type(within(second).getByLabelText(/^First name/), 'Marco');
    await userEvent.type(within(second).getByLabelText(/^Last name/), 'Neri');
    await userEvent.type(within(second).getByLabelText(/^Date of birth/), '1990-11-02');
    await userEvent.selectOptions(within(second).getByLabelText(/^Nationality/), 'IT');
    await userEvent.type(within(second).getByLabelText(/^Address of residence/), 'Corso Como 8, Milano');
    await userEvent.type(within(second).getByLabelText(/^Ownership/), '12,5');
    for (const box of screen.getAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.upload(screen.getByLabelText('Registration proof'), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(
      await screen.findByText('The beneficial owners together cannot hold more than 100%.'),
    ).toBeInTheDocument();
    expect(sent()).toBeUndefined();

    const first = screen.getByRole('group', { name: 'Beneficial owner 1' });
    await userEvent.clear(within(first).getByLabelText(/^Ownership/));
    await userEvent.type(within(first).getByLabelText(/^Ownership/), '87.5');
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText(/your verification was sent/)).toBeInTheDocument();
    const form = sent() as FormData;
    const data = JSON.parse(String(form.get('data')));
    expect(data.ubos.map((u: { ownership_percent: number }) => u.ownership_percent)).toEqual([87.5, 12.5]);
    expect(data).toMatchObject({ legal_name: 'Faro Games S.r.l.', no_convictions: true, accurate: true });
    expect((form.get('registration_proof') as File).name).toBe('visura.pdf');
    // Waiting for staff: no form any more.
    expect(screen.getByText("Waiting for our staff's review")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send for review' })).not.toBeInTheDocument();
  });

  it("puts the server's errors on their fields, an owner's included", async () => {
    stubApi({
      'GET /api/studio-verification': () => jsonResponse(200, dto({ status: 'refused', latest: record() })),
      'POST /api/studio-verification': () =>
        jsonResponse(400, {
          success: false,
          code: 'kybBirthDateInvalid',
          message: 'Please enter a valid date of birth in the past.',
          errors: {
            'ubos.0.birth_date': 'Please enter a valid date of birth in the past.',
            registration_proof: 'x',
          },
          error_codes: {
            'ubos.0.birth_date': 'kybBirthDateInvalid',
            registration_proof: 'kybDocumentInvalid',
          },
        }),
    });
    show();
    await screen.findByText('Refused');
    for (const box of screen.getAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.upload(screen.getByLabelText('Registration proof'), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    const owner = screen.getByRole('group', { name: 'Beneficial owner 1' });
    await waitFor(() =>
      expect(within(owner).getByLabelText(/^Date of birth/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText(/must be a readable PDF, PNG or JPEG file/)).toBeInTheDocument();
  });
});
