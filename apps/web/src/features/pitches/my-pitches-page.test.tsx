// @vitest-environment jsdom
import type { MyPitchDto } from '@indiesplit/shared/pitches';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import MyPitchesPage from './my-pitches-page.tsx';
import { PitchStatusBadge } from './pitch-status-badge.tsx';

afterEach(() => vi.unstubAllGlobals());

const nextYear = new Date().getFullYear() + 1;

function pitchDto(over: Partial<MyPitchDto> = {}): MyPitchDto {
  return {
    id: 'p1',
    project_name: 'Neon Drift',
    name: 'Pixel Forge',
    email: 'hi@pixelforge.example',
    status: 'submitted',
    decision_message: null,
    expected_production_budget_cents: 2_500_000,
    required_funding_size_cents: 0,
    distribution_platforms: ['PC'],
    is_debut_title: false,
    expected_release_date: `${nextYear}-06-01`,
    i_am_looking_for: ['funding'],
    plan_to_choose_publisher: false,
    notes: '',
    trailer_link: null,
    demo_link: null,
    has_pitch_password: false,
    pdf_bytes: 1000,
    revision: 1,
    submitted_at: '2026-01-10T10:00:00Z',
    decided_at: null,
    can_resubmit: false,
    campaign: null,
    ...over,
  };
}

describe('status badges', () => {
  it('names every status in words', () => {
    const { rerender } = renderScreen(<PitchStatusBadge status="changes_requested" />, { path: '/' });
    expect(screen.getByText('Changes requested')).toHaveAttribute('data-status', 'changes_requested');
    for (const [status, text] of [
      ['submitted', 'Submitted'],
      ['in_review', 'In review'],
      ['approved', 'Approved'],
      ['rejected', 'Rejected'],
    ] as const) {
      rerender(<PitchStatusBadge status={status} />);
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });
});

describe('My pitches', () => {
  it('lists each pitch with its status, date and the reviewers’ message', async () => {
    stubApi({
      'GET /api/projects/mine/': () =>
        jsonResponse(200, {
          pitches: [
            pitchDto(),
            pitchDto({
              id: 'p2',
              project_name: 'Moss Knight',
              status: 'rejected',
              decision_message: 'Not a fit for us right now.',
              decided_at: '2026-02-01T10:00:00Z',
            }),
          ],
        }),
    });
    renderScreen(<MyPitchesPage />, { path: '/my-pitches', auth: member() });
    const first = await screen.findByRole('article', { name: 'Neon Drift' });
    expect(within(first).getByText('Submitted', { selector: '[data-status]' })).toBeInTheDocument();
    expect(within(first).getByText('Jan 10, 2026')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Edit and resubmit' })).not.toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Moss Knight' });
    expect(within(second).getByText('Rejected', { selector: '[data-status]' })).toBeInTheDocument();
    expect(within(second).getByText('Not a fit for us right now.')).toBeInTheDocument();
  });

  it('links an approved pitch to its campaign once announced, and says a draft is being prepared', async () => {
    stubApi({
      'GET /api/projects/mine/': () =>
        jsonResponse(200, {
          pitches: [
            pitchDto({
              status: 'approved',
              decided_at: '2026-02-01T10:00:00Z',
              campaign: { id: 'c1', slug: 'neon-drift', status: 'live' },
            }),
            pitchDto({
              id: 'p2',
              project_name: 'Moss Knight',
              status: 'approved',
              decided_at: '2026-02-02T10:00:00Z',
              campaign: { id: 'c2', slug: null, status: 'draft' },
            }),
            pitchDto({ id: 'p3', project_name: 'Star Courier' }),
          ],
        }),
    });
    renderScreen(<MyPitchesPage />, { path: '/my-pitches', auth: member() });
    const live = await screen.findByRole('article', { name: 'Neon Drift' });
    expect(within(live).getByRole('link', { name: 'See the campaign of Neon Drift' })).toHaveAttribute(
      'href',
      '/campaigns/neon-drift',
    );
    const draft = screen.getByRole('article', { name: 'Moss Knight' });
    expect(within(draft).getByText(/^Our team is preparing its campaign/)).toBeInTheDocument();
    expect(within(draft).getByRole('link', { name: 'Go to My campaigns' })).toHaveAttribute(
      'href',
      '/my-campaigns',
    );
    expect(within(draft).queryByRole('link', { name: /See the campaign/ })).not.toBeInTheDocument();
    const pending = screen.getByRole('article', { name: 'Star Courier' });
    expect(within(pending).queryByRole('link')).not.toBeInTheDocument();
  });

  it('invites a first pitch when there is none', async () => {
    stubApi({ 'GET /api/projects/mine/': () => jsonResponse(200, { pitches: [] }) });
    renderScreen(<MyPitchesPage />, { path: '/my-pitches', auth: member() });
    expect(await screen.findByText('You have not pitched a game yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pitch your game' })).toHaveAttribute(
      'href',
      '/split-project-form',
    );
  });

  it('edits and resubmits a pitch sent back for changes, keeping the deck on file', async () => {
    let status: MyPitchDto['status'] = 'changes_requested';
    const fetchMock = stubApi({
      'GET /api/projects/mine/': () =>
        jsonResponse(200, {
          pitches: [
            pitchDto({
              status,
              can_resubmit: status === 'changes_requested',
              decision_message: 'Please detail the budget.',
              has_pitch_password: true,
            }),
          ],
        }),
      'POST /api/projects/p1/resubmit/': () => {
        status = 'in_review';
        return jsonResponse(200, pitchDto({ status: 'in_review', revision: 2 }));
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<MyPitchesPage />, { path: '/my-pitches', auth: member() });
    await user.click(await screen.findByRole('button', { name: 'Edit and resubmit' }));
    const budget = screen.getByRole('textbox', { name: 'Expected production budget' });
    expect(budget).toHaveValue('25000');
    expect(screen.getByRole('textbox', { name: 'Project name' })).toHaveValue('Neon Drift');
    expect(screen.getByRole('checkbox', { name: 'PC' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Funding Only' })).toBeChecked();
    // The deck is optional here.
    expect(screen.getByLabelText(/^New pitch deck/)).not.toBeRequired();
    await user.clear(budget);
    await user.type(budget, '30000');
    await user.click(screen.getByRole('button', { name: 'Resubmit pitch' }));

    expect(await screen.findByText(/Your pitch has been sent again/)).toBeInTheDocument();
    const body = fetchMock.mock.calls.find(([u]) => u === '/api/projects/p1/resubmit/')![1]!.body as FormData;
    expect(body.get('expected_production_budget')).toBe('30000');
    expect(body.get('project_name')).toBe('Neon Drift');
    expect(body.has('pitch_file')).toBe(false);
    // The list is read again and shows the new state.
    expect(await screen.findByText('In review', { selector: '[data-status]' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit and resubmit' })).not.toBeInTheDocument();
  });

  it('shows why a resubmission failed and keeps the edits', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'GET /api/projects/mine/': () =>
        jsonResponse(200, { pitches: [pitchDto({ status: 'changes_requested', can_resubmit: true })] }),
      'POST /api/projects/p1/resubmit/': () =>
        jsonResponse(409, {
          success: false,
          code: 'resubmitNotAllowed',
          message: 'x',
          error: 'x',
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<MyPitchesPage />, { path: '/my-pitches', auth: member() });
    await user.click(await screen.findByRole('button', { name: 'Edit and resubmit' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'New numbers inside.');
    await user.click(screen.getByRole('button', { name: 'Resubmit pitch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can change and resend a pitch only when the reviewers have asked for changes.',
    );
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('New numbers inside.');
  });
});
