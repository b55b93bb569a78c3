import { describe, expect, it } from 'vitest';
import {
  checkFilterForm,
  filtersFromForm,
  filtersFromSearch,
  formFromFilters,
  hasFilters,
  queueSearch,
} from './queue-filters.ts';

const form = (over: Partial<Parameters<typeof filtersFromForm>[0]> = {}) => ({
  status: '',
  platform: '',
  budget_min: '',
  budget_max: '',
  from: '',
  to: '',
  q: '',
  ...over,
});

describe('queue filters in the address', () => {
  it('reads every filter from the query string', () => {
    const filters = filtersFromSearch(
      new URLSearchParams(
        'status=in_review&platform=NINTENDO+SWITCH&budget_min=1000&budget_max=50000&from=2026-01-01&to=2026-02-01&q=neon',
      ),
    );
    expect(filters).toEqual({
      status: 'in_review',
      platform: 'NINTENDO SWITCH',
      budget_min: 1000,
      budget_max: 50000,
      from: '2026-01-01',
      to: '2026-02-01',
      q: 'neon',
    });
  });

  it('drops what the API would refuse', () => {
    expect(
      filtersFromSearch(
        new URLSearchParams(
          'status=lost&platform=AMIGA&budget_min=-3&budget_max=1e5&from=2026-02-30&to=soon&q=++',
        ),
      ),
    ).toEqual({});
  });

  it('writes filters back in a fixed order, leaving blanks out, so an address round-trips', () => {
    const search = queueSearch({ q: 'moss', status: 'submitted', budget_max: 20000 });
    expect(search).toBe('status=submitted&budget_max=20000&q=moss');
    expect(queueSearch(filtersFromSearch(new URLSearchParams(search)))).toBe(search);
    expect(queueSearch({})).toBe('');
  });

  it('goes from the form to filters and back', () => {
    const filters = filtersFromForm(form({ platform: 'PC', budget_min: ' 500 ', q: ' drift ' }));
    expect(filters).toEqual({ platform: 'PC', budget_min: 500, q: 'drift' });
    expect(formFromFilters(filters)).toEqual(form({ platform: 'PC', budget_min: '500', q: 'drift' }));
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters({})).toBe(false);
  });

  it('checks budgets are whole euros in order and dates are in order', () => {
    expect(checkFilterForm(form({ budget_min: '12.5' }))).toEqual({ budget_min: 'queue.errors.budget' });
    expect(checkFilterForm(form({ budget_min: '900', budget_max: '100' }))).toEqual({
      budget_max: 'queue.errors.budgetRange',
    });
    expect(checkFilterForm(form({ from: '2026-03-01', to: '2026-02-01' }))).toEqual({
      to: 'queue.errors.dateRange',
    });
    expect(checkFilterForm(form({ budget_min: '100', budget_max: '900', from: '2026-01-01' }))).toEqual({});
  });
});
