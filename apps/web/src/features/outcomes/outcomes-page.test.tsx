// @vitest-environment jsdom
import type { OutcomeDto } from '@indiesplit/shared/revenue';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths.ts';
import i18n from '../../i18n/index.ts';
import { jsonResponse, renderScreen, stubApi } from '../../test/render.tsx';
import OutcomesPage from './outcomes-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const launched: OutcomeDto = {
  slug: 'starfall-couriers',
  title: 'Starfall Couriers',
  status: 'launched',
  raised_cents: 2_000_000,
  launched_on: '2026-03-15',
  term_months: 36,
  months_elapsed: 8,
  paid_cents: 123_456,
  multiple: 0.06,
  health: 'overdue',
};
const waiting: OutcomeDto = {
  slug: 'neon-drift',
  title: 'Neon Drift',
  status: 'funded',
  raised_cents: 1_234_500,
  launched_on: null,
  term_months: 36,
  months_elapsed: null,
  paid_cents: 0,
  multiple: 0,
  health: null,
};

function renderOutcomes(outcomes: OutcomeDto[]) {
  stubApi({ 'GET /api/outcomes/': () => jsonResponse(200, { outcomes }) });
  return renderScreen(<OutcomesPage />, { path: paths.outcomes });
}

const rowOf = (title: string) => screen.getByRole('row', { name: new RegExp(title) });

describe('the outcomes page', () => {
  it('shows every funded campaign’s figures and reporting health', async () => {
    renderOutcomes([launched, waiting]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Outcomes' })).toBeInTheDocument();
    await screen.findByRole('table');
    const row = within(rowOf('Starfall Couriers'));
    expect(row.getByRole('link', { name: 'Starfall Couriers' })).toHaveAttribute(
      'href',
      paths.campaign('starfall-couriers'),
    );
    expect(row.getByText('€20,000.00')).toBeInTheDocument();
    expect(row.getByText('March 15, 2026')).toBeInTheDocument();
    expect(row.getByText('8 of 36 months')).toBeInTheDocument();
    expect(row.getByText('€1,234.56')).toBeInTheDocument();
    expect(row.getByText('0.06×')).toBeInTheDocument();
    expect(row.getByText('Report overdue')).toBeInTheDocument();

    const other = within(rowOf('Neon Drift'));
    expect(other.getByText('Not launched yet')).toBeInTheDocument();
    expect(other.getByText('€12,345.00')).toBeInTheDocument();
    expect(other.getByText('0.00×')).toBeInTheDocument();
  });

  it('speaks Italian', async () => {
    await act(() => i18n.changeLanguage('it'));
    renderOutcomes([{ ...launched, health: 'default' }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Risultati' })).toBeInTheDocument();
    const row = within(await screen.findByRole('row', { name: /Starfall Couriers/ }));
    expect(row.getByText('8 di 36 mesi')).toBeInTheDocument();
    expect(row.getByText('Inadempiente')).toBeInTheDocument();
    expect(row.getByText('15 marzo 2026')).toBeInTheDocument();
    expect(row.getByText('0,06×')).toBeInTheDocument();
  });

  it('says so when nothing has been funded yet', async () => {
    renderOutcomes([]);
    expect(await screen.findByText('No campaign has been funded yet.')).toBeInTheDocument();
  });
});
