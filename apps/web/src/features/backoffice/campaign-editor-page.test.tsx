// @vitest-environment jsdom
import type { BackofficeCampaignDetail } from '@indiesplit/shared/campaigns-backoffice';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../test/render.tsx';
import { BackofficeUserContext } from './backoffice-user.ts';
import CampaignEditorPage from './campaign-editor-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const ID = '00000000-0000-4000-8000-0000000000c1';

function detail(over: Partial<BackofficeCampaignDetail> = {}): BackofficeCampaignDetail {
  return {
    id: ID,
    slug: null,
    title: 'Neon Drift',
    status: 'draft',
    currency: 'EUR',
    goal_cents: 2_000_000,
    max_cents: null,
    committed_cents: 0,
    investor_count: 0,
    starts_at: null,
    deadline_at: null,
    developer: { id: 'd1', username: 'pixelforge' },
    updated_at: '2026-01-10T10:00:00Z',
    pitch_id: null,
    genre: null,
    platforms: ['PC'],
    summary_en: '',
    summary_it: '',
    story_en: '',
    story_it: '',
    risks_en: '',
    risks_it: '',
    use_of_funds_en: '',
    use_of_funds_it: '',
    services: [],
    cover_url: null,
    trailer_url: null,
    min_ticket_cents: 5_000,
    revenue_share_bps: null,
    term_months: 36,
    reflection_seconds: 345_600,
    expected_release_date: null,
    launched_on: null,
    studio: {
      legal_name: '',
      legal_form: '',
      registration_number: '',
      country: '',
      address: '',
      email: '',
      people: [],
      statement_signed: false,
    },
    studio_raised_elsewhere_cents: 0,
    created_at: '2026-01-10T10:00:00Z',
    terms_frozen: false,
    allowed_moves: ['scheduled', 'live', 'cancelled'],
    events: [],
    service_checklist: [],
    ...over,
  };
}

function renderEditor(routes: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi(routes);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[`/backoffice/campaigns/${ID}`]}>
      <QueryClientProvider client={client}>
        <BackofficeUserContext.Provider value={{ id: 'a1', username: 'demo_admin', role: 'admin' }}>
          <Routes>
            <Route path="/backoffice/campaigns/:id" element={<CampaignEditorPage />} />
          </Routes>
        </BackofficeUserContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return fetchMock;
}

const bodyOf = (fetchMock: ReturnType<typeof stubApi>, method: string) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === method);
  return JSON.parse(String(call?.[1]?.body));
};

describe('the campaign editor', () => {
  it('sends only what changed and shows the server’s errors beside the fields', async () => {
    const fetchMock = renderEditor({
      [`GET /api/backoffice/campaigns/${ID}`]: () => jsonResponse(200, detail()),
      [`PATCH /api/backoffice/campaigns/${ID}`]: () =>
        jsonResponse(400, {
          success: false,
          code: 'capBelowGoal',
          message: 'The maximum must be at least the funding goal.',
          error_codes: { max: 'capBelowGoal' },
        }),
    });
    const max = await screen.findByLabelText('Maximum (euros)');
    await userEvent.type(max, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText('The maximum must be at least the funding goal.')).not.toHaveLength(0);
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(fetchMock, 'PATCH')).toEqual({ max: '100' });
  });

  it('edits the studio of the key information sheet and shows what it still lacks', async () => {
    const fetchMock = renderEditor({
      [`GET /api/backoffice/campaigns/${ID}`]: () => jsonResponse(200, detail()),
      [`PATCH /api/backoffice/campaigns/${ID}`]: () =>
        jsonResponse(400, {
          success: false,
          code: 'invalidCountry',
          message: 'Enter the country as its two-letter ISO code, such as IT.',
          error_codes: { studio_country: 'invalidCountry' },
        }),
    });
    await userEvent.type(await screen.findByLabelText('Studio’s legal name'), 'Pixelforge S.r.l.');
    await userEvent.type(screen.getByLabelText('Country (ISO code)'), 'I1');
    const people = screen.getByLabelText('People responsible for the sheet');
    await userEvent.type(people, 'Giulia Ferri');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    // A person without a role is refused before anything is sent.
    expect(
      await screen.findByText('Give each person responsible both a name and a role.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await userEvent.type(people, ', Managing director');
    await userEvent.click(
      screen.getByLabelText('The studio has signed the sheet’s responsibility statement'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findAllByText('Enter the country as its two-letter ISO code, such as IT.'),
    ).not.toHaveLength(0);
    expect(screen.getByLabelText('Country (ISO code)')).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(fetchMock, 'PATCH')).toEqual({
      studio_legal_name: 'Pixelforge S.r.l.',
      studio_country: 'I1',
      studio_people: [{ name: 'Giulia Ferri', role: 'Managing director' }],
      studio_statement_signed: true,
    });
  });

  it('refuses to open a campaign whose sheet lacks the studio, naming the missing parts by their fields', async () => {
    renderEditor({
      [`GET /api/backoffice/campaigns/${ID}`]: () => jsonResponse(200, detail()),
      [`POST /api/backoffice/campaigns/${ID}/status`]: () =>
        jsonResponse(400, {
          success: false,
          code: 'studioLegalNameMissing',
          message: 'The key information sheet needs the studio’s legal name.',
          error_codes: {
            studio_legal_name: 'studioLegalNameMissing',
            studio_statement_signed: 'studioStatementMissing',
          },
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Open now' }));
    const dialogButtons = screen.getAllByRole('button', { name: 'Open now' });
    await userEvent.click(dialogButtons[dialogButtons.length - 1]!);
    expect(
      await screen.findAllByText('The key information sheet needs the studio’s legal name.'),
    ).not.toHaveLength(0);
    expect(screen.getByLabelText('Studio’s legal name')).toHaveAttribute('aria-invalid', 'true');
    const statement = 'The key information sheet needs the studio’s signed responsibility statement.';
    expect(screen.getByText(statement)).toBeInTheDocument();
    // Ticking the box clears its "please confirm" at once, without a save first.
    const box = screen.getByLabelText('The studio has signed the sheet’s responsibility statement');
    await userEvent.click(box);
    await waitFor(() => expect(screen.queryByText(statement)).not.toBeInTheDocument());
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('edits what the studio raised elsewhere and shows the per-studio limit’s refusal on the field', async () => {
    const message =
      'With this amount the studio would raise more than 5,000,000 EUR in 12 months: at most 250000.00 EUR is left under the limit.';
    const fetchMock = renderEditor({
      [`GET /api/backoffice/campaigns/${ID}`]: () =>
        jsonResponse(200, detail({ studio_raised_elsewhere_cents: 150_000_000 })),
      [`PATCH /api/backoffice/campaigns/${ID}`]: () =>
        jsonResponse(400, {
          success: false,
          code: 'studioLimitExceeded',
          message,
          errors: { studio_raised_elsewhere: message },
          error_codes: { studio_raised_elsewhere: 'studioLimitExceeded' },
        }),
    });
    const declared = await screen.findByLabelText(
      'Raised by crowdfunding elsewhere in the last 12 months (euros)',
    );
    expect(declared).toHaveValue('1500000.00');
    await userEvent.clear(declared);
    await userEvent.type(declared, '4800000');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(declared).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(fetchMock, 'PATCH')).toEqual({ studio_raised_elsewhere: '4800000' });
  });

  it('refuses to open an incomplete campaign, naming every missing field and leading to each', async () => {
    renderEditor({
      [`GET /api/backoffice/campaigns/${ID}`]: () => jsonResponse(200, detail()),
      [`POST /api/backoffice/campaigns/${ID}/status`]: () =>
        jsonResponse(400, {
          success: false,
          code: 'campaignIncomplete',
          message: 'Fill in the missing details before publishing the campaign.',
          error_codes: {
            summary_it: 'fillMandatory',
            max: 'fillMandatory',
            deadline_at: 'deadlineInPast',
            studio_legal_name: 'studioLegalNameMissing',
          },
        }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Open now' }));
    const dialogButtons = screen.getAllByRole('button', { name: 'Open now' });
    await user.click(dialogButtons[dialogButtons.length - 1]!);
    const intro = await screen.findByText('These 4 fields need your attention:');
    const list = within(intro.parentElement!).getByRole('list');
    // In the form's order, by the names the admin sees on the fields.
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Maximum (euros)', 'Deadline', 'Summary (Italian)', 'Studio’s legal name']);
    for (const label of [/^Maximum \(euros\)/, /^Deadline/, /^Summary \(Italian\)/, /^Studio’s legal name/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    await user.click(within(list).getByRole('button', { name: 'Summary (Italian)' }));
    expect(screen.getByLabelText(/^Summary \(Italian\)/)).toHaveFocus();
  });

  it('cancels only after a confirmation, with the reason given', async () => {
    const fetchMock = renderEditor({
      [`GET /api/backoffice/campaigns/${ID}`]: () => jsonResponse(200, detail()),
      [`POST /api/backoffice/campaigns/${ID}/status`]: () =>
        jsonResponse(200, detail({ status: 'cancelled', allowed_moves: [] })),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel campaign' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(screen.getByText(/Every investment will be refunded/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Reason \(required\)/), 'The studio closed.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel campaign' }));
    expect(await screen.findByText('The campaign is now: Cancelled.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST')).toEqual({ to: 'cancelled', reason: 'The studio closed.' });
  });

  it('says a launched campaign completes by itself when its term is over', async () => {
    renderEditor({
      [`GET /api/backoffice/campaigns/${ID}`]: () =>
        jsonResponse(200, detail({ status: 'launched', launched_on: '2026-01-15', allowed_moves: [] })),
    });
    expect(
      await screen.findByText(
        'The revenue share is running. The campaign is completed automatically once its term is over and the report of its last month is due.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Complete/ })).not.toBeInTheDocument();
  });

  it('locks money terms and dates once the campaign is open', async () => {
    renderEditor({
      [`GET /api/backoffice/campaigns/${ID}`]: () =>
        jsonResponse(
          200,
          detail({
            status: 'live',
            slug: 'neon-drift',
            max_cents: 3_000_000,
            revenue_share_bps: 750,
            starts_at: '2026-01-10T10:00:00Z',
            deadline_at: '2026-02-10T10:00:00Z',
            terms_frozen: true,
            allowed_moves: ['cancelled'],
          }),
        ),
    });
    expect(await screen.findByLabelText(/Funding goal \(euros\)/)).toBeDisabled();
    expect(screen.getByLabelText('Revenue share to investors (%)')).toHaveValue('7.5');
    expect(screen.getByLabelText('Deadline')).toBeDisabled();
    expect(screen.getByLabelText('Story (English)')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel campaign' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule' })).not.toBeInTheDocument();
  });
});
