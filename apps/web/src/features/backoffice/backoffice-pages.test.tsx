// @vitest-environment jsdom
import type { BackofficePitchDetail, BackofficePitchSummary, StaffRole } from '@indiesplit/shared/pitches';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient as appQueryClient } from '../../app/query-client.ts';
import { verifiedSecondFactor } from '../../test/answers.ts';
import { jsonResponse, LOGGED_OUT, member, stubApi } from '../../test/render.tsx';
import { AuthProvider } from '../auth/auth-context.tsx';
import AuditPage from './audit-page.tsx';
import BackofficeApp from './backoffice-layout.tsx';
import { BackofficeUserContext } from './backoffice-user.ts';
import CallsPage from './calls-page.tsx';
import PitchDetailPage from './pitch-detail-page.tsx';
import PitchQueuePage from './pitch-queue-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  appQueryClient.clear();
});

const ADMIN_ID = '00000000-0000-4000-8000-0000000000a1';
const REVIEWER_ID = '00000000-0000-4000-8000-0000000000b2';

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

/** A back-office screen as `role`, at `route`, with the address shown in data-testid="where". */
function renderAs(role: StaffRole, ui: ReactElement, route: string, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = { id: role === 'admin' ? ADMIN_ID : REVIEWER_ID, username: `demo_${role}`, role };
  return render(
    <MemoryRouter initialEntries={[route]}>
      <QueryClientProvider client={client}>
        <BackofficeUserContext.Provider value={user}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <Where />
        </BackofficeUserContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

function summary(over: Partial<BackofficePitchSummary> = {}): BackofficePitchSummary {
  return {
    id: 'p1',
    project_name: 'Neon Drift',
    name: 'Pixel Forge',
    email: 'hi@pixelforge.example',
    status: 'in_review',
    expected_production_budget_cents: 2_500_000,
    required_funding_size_cents: 1_000_000,
    distribution_platforms: ['PC'],
    expected_release_date: '2030-06-01',
    submitted_at: '2026-01-10T10:00:00Z',
    revision: 1,
    review_count: 2,
    average_score: 3.75,
    ...over,
  };
}

function detail(over: Partial<BackofficePitchDetail> = {}): BackofficePitchDetail {
  return {
    id: 'p1',
    project_name: 'Neon Drift',
    name: 'Pixel Forge',
    email: 'hi@pixelforge.example',
    status: 'in_review',
    decision_message: null,
    expected_production_budget_cents: 2_500_050,
    required_funding_size_cents: 1_000_000,
    distribution_platforms: ['PC', 'NINTENDO SWITCH'],
    is_debut_title: true,
    expected_release_date: '2030-06-01',
    i_am_looking_for: ['funding', 'services'],
    plan_to_choose_publisher: false,
    notes: 'A racing game.',
    trailer_link: 'https://video.example/trailer',
    demo_link: 'javascript:alert(1)',
    has_pitch_password: true,
    pdf_bytes: 2 * 1024 * 1024,
    revision: 1,
    submitted_at: '2026-01-10T10:00:00Z',
    decided_at: null,
    can_resubmit: false,
    pitch_password: 'open-sesame',
    user_id: null,
    assignments: [
      {
        id: REVIEWER_ID,
        username: 'demo_reviewer',
        name: 'Demo Reviewer',
        email: 'r@x.example',
        role: 'reviewer',
      },
    ],
    reviews: [
      {
        id: 'r1',
        reviewer: { id: REVIEWER_ID, username: 'demo_reviewer' },
        revision: 1,
        team: 4,
        game: 5,
        market: 3,
        budget_realism: 3,
        comment: 'Strong team.',
        average: 3.75,
        updated_at: '2026-01-12T10:00:00Z',
      },
    ],
    average_score: 3.75,
    events: [
      {
        id: 1,
        pitch_id: 'p1',
        project_name: 'Neon Drift',
        actor: null,
        from_status: null,
        to_status: 'submitted',
        message: null,
        created_at: '2026-01-10T10:00:00Z',
      },
      {
        id: 2,
        pitch_id: 'p1',
        project_name: 'Neon Drift',
        actor: { id: ADMIN_ID, username: 'demo_admin' },
        from_status: 'submitted',
        to_status: 'in_review',
        message: null,
        created_at: '2026-01-11T10:00:00Z',
      },
    ],
    campaign_id: null,
    ...over,
  };
}

describe('the back office frame', () => {
  function renderLayout(auth: Parameters<typeof member>[0] | null, route = '/backoffice') {
    const who = auth === null ? LOGGED_OUT : member(auth);
    const fetchMock = stubApi({
      'GET /api/auth/authenticated/': () => jsonResponse(200, who),
      'GET /api/mfa/': verifiedSecondFactor,
      'GET /api/backoffice/pitches': () => jsonResponse(200, { pitches: [] }),
    });
    render(
      <MemoryRouter initialEntries={[route]}>
        <AuthProvider fetchAuthenticated={async () => who}>
          <Routes>
            <Route path="/backoffice/*" element={<BackofficeApp />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>,
    );
    return fetchMock;
  }

  it('sends visitors to the login page', async () => {
    renderLayout(null);
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
  });

  it('shows members without a staff role a 403 screen', async () => {
    renderLayout({ staff_role: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reserved for the review team' }),
    ).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).not.toBeInTheDocument();
  });

  it('gives reviewers the queue and the call list, admins the audit log too', async () => {
    renderLayout({ staff_role: 'reviewer', username: 'demo_reviewer' });
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Pitches', 'Call list']);
    // The queue is the back office's home page.
    expect(await screen.findByRole('heading', { level: 1, name: 'Pitches' })).toBeVisible();
    expect(screen.getByText('Reviewer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the site/ })).toHaveAttribute('href', '/');
  });

  it.each([
    '/backoffice/audit',
    '/backoffice/campaigns',
    '/backoffice/campaigns/c1',
    '/backoffice/funds',
    '/backoffice/investors',
    '/backoffice/revenue',
    '/backoffice/distributions',
  ])('tells a reviewer who opens %s that it is for administrators', async (route) => {
    const fetchMock = renderLayout({ staff_role: 'reviewer', username: 'demo_reviewer' }, route);
    expect(await screen.findByRole('heading', { level: 1, name: 'For administrators only' })).toBeVisible();
    expect(
      screen.getByText(/This page is for administrators\. As a reviewer you can work on the pitches/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the pitches' })).toHaveAttribute('href', '/backoffice');
    // The frame stays, with the reviewer's own menu, and nothing admin-only is asked of the server.
    expect(screen.getByRole('navigation', { name: 'Back office' })).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => !/\/api\/(auth\/authenticated|mfa)\/$/.test(url))).toEqual([]);
  });

  it('lists the audit log for admins', async () => {
    renderLayout({ staff_role: 'admin', username: 'demo_admin' });
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/backoffice/audit');
    expect(within(nav).getByRole('link', { name: 'Pitches' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('the pitch queue', () => {
  it('loads the filters of the address and writes new ones back to it', async () => {
    const fetchMock = stubApi({
      'GET /api/backoffice/pitches?status=in_review&platform=PC': () =>
        jsonResponse(200, { pitches: [summary()] }),
      'GET /api/backoffice/pitches?status=in_review&platform=PC&budget_min=1000&q=neon': () =>
        jsonResponse(200, { pitches: [] }),
    });
    const user = userEvent.setup({ delay: null });
    renderAs('admin', <PitchQueuePage />, '/backoffice?platform=PC&status=in_review', '/backoffice');

    const row = await screen.findByRole('row', { name: /Neon Drift/ });
    expect(within(row).getByRole('link', { name: 'Neon Drift' })).toHaveAttribute(
      'href',
      '/backoffice/pitches/p1',
    );
    expect(within(row).getByText('€25,000')).toBeInTheDocument();
    expect(within(row).getByText('2 reviews · 3.8')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 pitch');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('in_review');
    expect(screen.getByRole('combobox', { name: 'Platform' })).toHaveValue('PC');

    await user.type(screen.getByRole('textbox', { name: 'Budget from (€)' }), '1000');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'neon');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/backoffice?status=in_review&platform=PC&budget_min=1000&q=neon',
    );
    expect(await screen.findByText('No pitch matches these filters.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/backoffice$/);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  });

  it('explains a wrong budget range instead of searching', async () => {
    const fetchMock = stubApi({ 'GET /api/backoffice/pitches': () => jsonResponse(200, { pitches: [] }) });
    const user = userEvent.setup({ delay: null });
    renderAs('admin', <PitchQueuePage />, '/backoffice', '/backoffice');
    await screen.findByText('No pitches yet.');
    await user.type(screen.getByRole('textbox', { name: 'Budget from (€)' }), '5000');
    await user.type(screen.getByRole('textbox', { name: 'Budget up to (€)' }), '100');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('textbox', { name: 'Budget up to (€)' })).toHaveAccessibleDescription(
      'The upper limit must not be below the lower one.',
    );
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/backoffice$/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the 403 screen when the server refuses', async () => {
    stubApi({
      'GET /api/backoffice/pitches': () =>
        jsonResponse(403, { success: false, code: 'staffOnly', message: 'x', error: 'x' }),
    });
    renderAs('reviewer', <PitchQueuePage />, '/backoffice', '/backoffice');
    expect(await screen.findByRole('heading', { name: 'Reserved for the review team' })).toBeVisible();
  });
});

describe('a pitch in the back office', () => {
  const route = '/backoffice/pitches/p1';
  const path = '/backoffice/pitches/:id';

  it('shows every field to an admin, with euros, safe links, the PDF and the history', async () => {
    stubApi({
      'GET /api/backoffice/pitches/p1': () => jsonResponse(200, detail()),
      'GET /api/backoffice/reviewers': () => jsonResponse(200, { staff: [] }),
    });
    const user = userEvent.setup({ delay: null });
    renderAs('admin', <PitchDetailPage />, route, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Neon Drift' })).toBeVisible();
    expect(screen.getByText('€25,000.50')).toBeInTheDocument();
    expect(screen.getByText('€10,000')).toBeInTheDocument();
    expect(screen.getByText('PC, Nintendo Switch')).toBeInTheDocument();
    expect(screen.getByText('Funding + Services')).toBeInTheDocument();
    const trailer = screen.getByRole('link', { name: /video\.example/ });
    expect(trailer).toHaveAttribute('target', '_blank');
    expect(trailer).toHaveAttribute('rel', 'noopener noreferrer');
    // A link that is not a web address is never clickable.
    expect(screen.queryByRole('link', { name: /javascript/ })).not.toBeInTheDocument();
    const pdf = screen.getByRole('link', { name: 'Download PDF (2 MB)' });
    expect(pdf).toHaveAttribute('href', '/api/backoffice/pitches/p1/pdf');
    expect(pdf).toHaveAttribute('download');
    expect(screen.queryByText('open-sesame')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByText('open-sesame')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Status history' });
    expect(within(history).getByText('Submitted → In review')).toBeInTheDocument();
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(within(reviews).getByText('Review by demo_reviewer')).toBeInTheDocument();
    expect(within(reviews).getByText('3.8')).toBeInTheDocument();
  });

  it('lets an admin request changes only with a message and after confirming', async () => {
    let decided: unknown = null;
    stubApi({
      'GET /api/backoffice/pitches/p1': () =>
        jsonResponse(200, detail(decided ? { status: 'changes_requested' } : {})),
      'GET /api/backoffice/reviewers': () => jsonResponse(200, { staff: [] }),
      'POST /api/backoffice/pitches/p1/decision': async (request) => {
        decided = await request.json();
        return jsonResponse(200, detail({ status: 'changes_requested' }));
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAs('admin', <PitchDetailPage />, route, path);
    const panel = await screen.findByRole('region', { name: 'Decision' });
    expect(
      within(panel)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['request_changes', 'reject', 'approve']);
    await user.click(within(panel).getByRole('radio', { name: /Request changes/ }));
    await user.click(within(panel).getByRole('button', { name: 'Continue' }));
    expect(
      within(panel).getByRole('textbox', { name: /Message for the developer/ }),
    ).toHaveAccessibleDescription(/Please write a message for the developer\./);
    await user.type(
      within(panel).getByRole('textbox', { name: /Message for the developer/ }),
      'Detail the budget.',
    );
    await user.click(within(panel).getByRole('button', { name: 'Continue' }));
    expect(within(panel).getByText(/Ask for changes to “Neon Drift”\?/)).toBeInTheDocument();
    expect(decided).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Yes, request changes' }));
    expect(
      await screen.findByText('Changes requested: the developer has been notified.'),
    ).toBeInTheDocument();
    expect(decided).toEqual({ decision: 'request_changes', message: 'Detail the budget.' });
    // Read again: the pitch now waits for the developer, so only a rejection is left.
    await vi.waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Decision' })).getAllByRole('radio')).toHaveLength(1),
    );
  });

  it('approves without a message and shows the campaign draft', async () => {
    let approved = false;
    stubApi({
      'GET /api/backoffice/pitches/p1': () =>
        jsonResponse(200, approved ? detail({ status: 'approved', campaign_id: 'c-42' }) : detail()),
      'GET /api/backoffice/reviewers': () => jsonResponse(200, { staff: [] }),
      'POST /api/backoffice/pitches/p1/decision': () => {
        approved = true;
        return jsonResponse(200, detail({ status: 'approved', campaign_id: 'c-42' }));
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAs('admin', <PitchDetailPage />, route, path);
    const panel = await screen.findByRole('region', { name: 'Decision' });
    await user.click(within(panel).getByRole('radio', { name: /Approve/ }));
    await user.click(within(panel).getByRole('button', { name: 'Continue' }));
    await user.click(within(panel).getByRole('button', { name: 'Yes, approve' }));
    const done = await screen.findByText(
      /^The pitch has been approved and its campaign draft has been created\./,
    );
    // The notice leads straight to the draft the approval created.
    expect(within(done).getByRole('link', { name: 'Open the campaign draft' })).toHaveAttribute(
      'href',
      '/backoffice/campaigns/c-42',
    );
    // Read again: the pitch is closed, and the decision's message stays on screen.
    expect(await screen.findByText('A decision has been taken: this pitch is closed.')).toBeInTheDocument();
    expect(screen.getByText(/^The pitch has been approved and its campaign draft/)).toBeVisible();
    // The pitch's header links to the draft too.
    expect(
      within(screen.getByRole('note')).getByRole('link', { name: 'Open the campaign draft' }),
    ).toHaveAttribute('href', '/backoffice/campaigns/c-42');
  });

  it('lets an admin assign a reviewer from the staff list', async () => {
    const calls: string[] = [];
    stubApi({
      'GET /api/backoffice/pitches/p1': () =>
        jsonResponse(200, detail({ status: 'submitted', assignments: [] })),
      'GET /api/backoffice/reviewers': () =>
        jsonResponse(200, {
          staff: [
            {
              id: REVIEWER_ID,
              username: 'demo_reviewer',
              name: 'Demo Reviewer',
              email: 'r@x.example',
              role: 'reviewer',
            },
          ],
        }),
      'POST /api/backoffice/pitches/p1/assignments': async (request) => {
        calls.push(await request.text());
        return jsonResponse(200, detail());
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAs('admin', <PitchDetailPage />, route, path);
    const panel = await screen.findByRole('region', { name: 'Reviewers' });
    const select = within(panel).getByRole('combobox', { name: 'Add a reviewer' });
    await within(panel).findByRole('option', { name: 'demo_reviewer (Reviewer)' });
    await user.selectOptions(select, REVIEWER_ID);
    await user.click(within(panel).getByRole('button', { name: 'Assign' }));
    expect(await within(panel).findByText('demo_reviewer now reviews this pitch.')).toBeInTheDocument();
    expect(JSON.parse(calls[0]!)).toEqual({ reviewer_id: REVIEWER_ID });
  });

  it('gives an assigned reviewer the rubric, no decision and no assignment controls', async () => {
    let saved: unknown = null;
    stubApi({
      'GET /api/backoffice/pitches/p1': () => jsonResponse(200, detail({ reviews: [] })),
      'PUT /api/backoffice/pitches/p1/review': async (request) => {
        saved = await request.json();
        return jsonResponse(200, detail());
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAs('reviewer', <PitchDetailPage />, route, path);
    const form = await screen.findByRole('region', { name: 'Your review' });
    expect(screen.queryByRole('region', { name: 'Decision' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Add a reviewer' })).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    const team = within(form).getByRole('group', { name: 'Team' });
    expect(team).toHaveAccessibleDescription(/Please choose a score from 1 to 5\./);
    expect(within(team).getAllByRole('radio')).toHaveLength(5);

    for (const [criterion, score] of [
      ['Team', '4'],
      ['Game', '5'],
      ['Market', '3'],
      ['Budget realism', '2'],
    ] as const) {
      await user.click(
        within(within(form).getByRole('group', { name: criterion })).getByRole('radio', { name: score }),
      );
    }
    fireEvent.change(within(form).getByRole('textbox', { name: 'Comment' }), {
      target: { value: ' Solid. ' },
    });
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    expect(await within(form).findByText('Your review has been saved.')).toBeInTheDocument();
    expect(saved).toEqual({ team: 4, game: 5, market: 3, budget_realism: 2, comment: 'Solid.' });
  });

  it('hides the rubric from a reviewer when the pitch is not in review', async () => {
    stubApi({
      'GET /api/backoffice/pitches/p1': () => jsonResponse(200, detail({ status: 'changes_requested' })),
    });
    renderAs('reviewer', <PitchDetailPage />, route, path);
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    expect(screen.queryByRole('region', { name: 'Your review' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reviews you saved' })).toBeInTheDocument();
  });
});

describe('the call list and the audit log', () => {
  it('marks a contact as called and filters through the address', async () => {
    let body: unknown = null;
    stubApi({
      'GET /api/backoffice/contacts?called=false': () =>
        jsonResponse(200, {
          contacts: [
            {
              id: 'c1',
              name: 'Pixel Forge',
              email: 'hi@pixelforge.example',
              asked_for_contact: true,
              created_at: '2026-01-10T10:00:00Z',
              called_at: null,
              called_by: null,
            },
          ],
        }),
      'GET /api/backoffice/contacts?called=true': () => jsonResponse(200, { contacts: [] }),
      'POST /api/backoffice/contacts/c1/called': async (request) => {
        body = await request.json();
        return jsonResponse(200, {});
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAs('reviewer', <CallsPage />, '/backoffice/calls', '/backoffice/calls');
    await user.click(await screen.findByRole('button', { name: 'Mark as called: Pixel Forge' }));
    expect(await screen.findByText('Pixel Forge is marked as called.')).toBeInTheDocument();
    expect(body).toEqual({ called: true });
    await user.click(screen.getByRole('radio', { name: 'Called' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/backoffice/calls?show=done');
    expect(await screen.findByText('Nobody has been called yet.')).toBeInTheDocument();
  });

  it('pages through the audit log', async () => {
    const event = (id: number) => ({
      id,
      pitch_id: 'p1',
      project_name: 'Neon Drift',
      actor: { id: ADMIN_ID, username: 'demo_admin' },
      from_status: 'in_review',
      to_status: 'changes_requested',
      message: `message ${id}`,
      created_at: '2026-01-12T10:00:00Z',
    });
    stubApi({
      'GET /api/backoffice/audit': () => jsonResponse(200, { events: [event(9), event(8)], next_before: 8 }),
      'GET /api/backoffice/audit?before=8': () =>
        jsonResponse(200, { events: [event(7)], next_before: null }),
    });
    const user = userEvent.setup({ delay: null });
    renderAs('admin', <AuditPage />, '/backoffice/audit', '/backoffice/audit');
    expect(await screen.findByText('message 9')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('message 7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 changes shown');
  });

  it('keeps the audit log from reviewers', () => {
    renderAs('reviewer', <AuditPage />, '/backoffice/audit', '/backoffice/audit');
    expect(screen.getByRole('heading', { name: 'For administrators only' })).toBeInTheDocument();
  });
});
