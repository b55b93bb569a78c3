import type { KybRecordDto, StudioKybDto } from '@indiesplit/shared/kyb';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('the studio verification page where the payment provider verifies studios', {
  timeout: 30_000,
}, () => {
  const provider = (over: Partial<NonNullable<StudioKybDto['provider']>> = {}) => ({
    state: 'waiting' as const,
    document_status: 'VALIDATION_ASKED',
    declaration_status: 'VALIDATION_ASKED',
    refused: null,
    reason_type: null,
    reason_message: null,
    sandbox_url: null,
    payout_account: null,
    ...over,
  });
  const sentRecord = () =>
    record({
      registered_office: { line1: 'Via Lanterna 3', city: 'Milano', postal_code: '20121', country: 'IT' },
      representative_country_of_residence: 'IT',
      payout_iban: 'IT60X0542811101000000123456',
      ubos: [
        {
          first_name: 'Chiara',
          last_name: 'Galli',
          birth_date: '1987-03-14',
          nationality: 'IT',
          address: 'Via Lanterna 3, 20121 Milano, IT',
          ownership_percent: 100,
          residence: { line1: 'Via Lanterna 3', city: 'Milano', postal_code: '20121', country: 'IT' },
          birthplace_city: 'Genova',
          birthplace_country: 'IT',
        },
      ],
    });

  it('shows a submission waiting for the provider, what it is checking, and the sandbox’s page', async () => {
    stubApi({
      'GET /api/studio-verification': () =>
        jsonResponse(
          200,
          dto({
            mode: 'provider',
            status: 'submitted',
            can_submit: false,
            provider: provider({
              document_status: 'VALIDATED',
              sandbox_url: 'http://127.0.0.1:4000/sandbox/kyb',
            }),
            latest: record({ decision: 'submitted', refusal_reason: null }),
          }),
        ),
    });
    show();
    expect(await screen.findByText(/waiting for the payment provider's verdict/)).toBeInTheDocument();
    expect(screen.getByText(/Our payment provider verifies studios/)).toBeInTheDocument();
    expect(screen.getByText('validated')).toBeInTheDocument();
    expect(screen.getByText('being checked')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /sandbox provider's page/ })).toHaveAttribute(
      'href',
      'http://127.0.0.1:4000/sandbox/kyb',
    );
  });

  it('shows the provider’s refusal translated, with its message, then sends the provider’s fields again', async () => {
    const api = stubApi({
      'GET /api/studio-verification': () =>
        jsonResponse(
          200,
          dto({
            mode: 'provider',
            status: 'refused',
            provider: provider({
              state: 'refused',
              document_status: 'REFUSED',
              refused: 'document',
              reason_type: 'DOCUMENT_UNREADABLE',
              reason_message: 'Scan is blurred',
            }),
            latest: sentRecord(),
          }),
        ),
      'POST /api/studio-verification': () =>
        jsonResponse(
          200,
          dto({
            mode: 'provider',
            status: 'submitted',
            can_submit: false,
            provider: provider({ state: 'sending', document_status: null, declaration_status: null }),
            latest: record({ decision: 'submitted', refusal_reason: null }),
          }),
        ),
    });
    show();
    expect(await screen.findByText('Your registration proof was refused:')).toBeInTheDocument();
    expect(screen.getByText('The registration proof could not be read.')).toBeInTheDocument();
    expect(screen.getByText("The provider's message: Scan is blurred")).toBeInTheDocument();
    // The provider's fields, filled with what was sent; the one-line address is not asked.
    expect(screen.getByLabelText(/^Postal code/)).toHaveValue('20121');
    expect(screen.getByLabelText(/^IBAN of the studio/)).toHaveValue('IT60X0542811101000000123456');
    expect(screen.queryByLabelText(/^Registered office address/)).not.toBeInTheDocument();
    const owner = screen.getByRole('group', { name: 'Beneficial owner 1' });
    expect(within(owner).getByLabelText(/^City of birth/)).toHaveValue('Genova');

    await userEvent.clear(screen.getByLabelText(/^IBAN of the studio/));
    await userEvent.type(screen.getByLabelText(/^IBAN of the studio/), 'IT60 X054 2811 1010 0000 0123 457');
    for (const box of screen.getAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.upload(screen.getByLabelText('Registration proof'), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText(/Please enter a valid IBAN/)).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/^IBAN of the studio/));
    await userEvent.type(screen.getByLabelText(/^IBAN of the studio/), 'IT60 X054 2811 1010 0000 0123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText(/Being sent to the payment provider/)).toBeInTheDocument();
    const form = api.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body as FormData;
    const data = JSON.parse(String(form.get('data')));
    expect(data).toMatchObject({
      registered_office: { line1: 'Via Lanterna 3', city: 'Milano', postal_code: '20121', country: 'IT' },
      representative_country_of_residence: 'IT',
      payout_iban: 'IT60 X054 2811 1010 0000 0123 456',
      ubos: [{ birthplace_city: 'Genova', birthplace_country: 'IT', residence: { postal_code: '20121' } }],
    });
    expect(data.registered_address).toBeUndefined();
  });

  it('names the provider’s missing fields before sending anything', async () => {
    const api = stubApi({
      'GET /api/studio-verification': () => jsonResponse(200, dto({ mode: 'provider' })),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Send for review' }));
    expect(
      await screen.findByText('Please choose the country where the legal representative lives.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^IBAN of the studio/)).toHaveAttribute('aria-invalid', 'true');
    const owner = screen.getByRole('group', { name: 'Beneficial owner 1' });
    expect(within(owner).getByLabelText(/^Country of birth/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  describe('the payout account', () => {
    const approved = (status: 'PENDING' | 'ACTIVE' | 'CANCELED' | 'DEACTIVATED') =>
      dto({
        mode: 'provider',
        status: 'approved',
        approved_until: '2027-11-21T10:00:00.000Z',
        provider: provider({
          state: 'approved',
          document_status: 'VALIDATED',
          declaration_status: 'VALIDATED',
          payout_account: { iban: 'IT60X0542811101000000123456', status },
        }),
        latest: sentRecord(),
      });
    const leaving = () => {
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, assign });
      return assign;
    };
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('waits for the representative’s confirmation and sends the browser to the provider’s page', async () => {
      const assign = leaving();
      const api = stubApi({
        'GET /api/studio-verification': () => jsonResponse(200, approved('PENDING')),
        'POST /api/studio-verification/payout-account/confirm': () =>
          jsonResponse(200, {
            status: 'PENDING',
            confirm_url:
              'https://provider.example/sca/rec_1?returnUrl=https%3A%2F%2Fapp%2Fstudio-verification',
          }),
      });
      show();
      expect(await screen.findByTestId('kyb-payout-account-status')).toHaveTextContent(
        "waiting for your legal representative's confirmation",
      );
      expect(screen.getByText('IT60 X054 2811 1010 0000 0123 456')).toBeInTheDocument();
      await userEvent.click(
        screen.getByRole('button', { name: 'Confirm the payout account with the payment provider' }),
      );
      await waitFor(() =>
        expect(assign).toHaveBeenCalledWith(
          'https://provider.example/sca/rec_1?returnUrl=https%3A%2F%2Fapp%2Fstudio-verification',
        ),
      );
      expect(
        api.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url)),
      ).toEqual([expect.stringMatching(/\/api\/studio-verification\/payout-account\/confirm$/)]);
    });

    it('shows a confirmed account with no button', async () => {
      stubApi({ 'GET /api/studio-verification': () => jsonResponse(200, approved('ACTIVE')) });
      show();
      expect(await screen.findByTestId('kyb-payout-account-status')).toHaveTextContent(
        'confirmed: the money your campaigns raise is paid there',
      );
      expect(screen.queryByRole('button', { name: /Confirm the payout account/ })).not.toBeInTheDocument();
    });

    it('offers to confirm again an account not confirmed, and says so when the provider does not answer', async () => {
      const assign = leaving();
      stubApi({
        'GET /api/studio-verification': () => jsonResponse(200, approved('CANCELED')),
        'POST /api/studio-verification/payout-account/confirm': () =>
          jsonResponse(503, {
            success: false,
            code: 'paymentProviderUnavailable',
            message:
              'Our payment provider is not answering right now. Nothing was changed: please try again in a few minutes.',
          }),
      });
      show();
      expect(await screen.findByTestId('kyb-payout-account-status')).toHaveTextContent('not confirmed');
      expect(screen.getByText(/The confirmation did not go through/)).toBeInTheDocument();
      await userEvent.click(
        screen.getByRole('button', { name: 'Confirm the payout account with the payment provider' }),
      );
      expect(await screen.findByText(/Our payment provider is not answering right now/)).toBeInTheDocument();
      expect(assign).not.toHaveBeenCalled();
      expect(
        screen.getByRole('button', { name: 'Confirm the payout account with the payment provider' }),
      ).toBeEnabled();
    });
  });
});
