import {
  PITCH_PLATFORMS,
  PITCH_STATUSES,
  type PitchPlatform,
  type PitchStatus,
} from '@indiesplit/shared/pitches';

// The pitch queue's filters live in the address (?status=in_review&platform=PC…), so a filtered
// queue can be bookmarked, shared and restored with Back. These turn the query string into filters,
// filters into the API's query string, and the filter form's text into filters. Anything the API
// would refuse (an unknown status, a negative budget, a malformed date) is dropped on the way in.

export interface QueueFilters {
  status?: PitchStatus;
  platform?: PitchPlatform;
  /** Whole euros. */
  budget_min?: number;
  budget_max?: number;
  /** YYYY-MM-DD, submitted on or after / on or before. */
  from?: string;
  to?: string;
  q?: string;
}

/** The filter form: every control's text as typed. */
export interface FilterFormValues {
  status: string;
  platform: string;
  budget_min: string;
  budget_max: string;
  from: string;
  to: string;
  q: string;
}

const ORDER = ['status', 'platform', 'budget_min', 'budget_max', 'from', 'to', 'q'] as const;
const MAX_Q = 200;

const isStatus = (v: string): v is PitchStatus => (PITCH_STATUSES as readonly string[]).includes(v);
const isPlatform = (v: string): v is PitchPlatform => (PITCH_PLATFORMS as readonly string[]).includes(v);

function wholeEuros(value: string): number | undefined {
  const text = value.trim();
  if (!/^\d{1,12}$/.test(text)) return undefined;
  return Number(text);
}

function day(value: string): string | undefined {
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : undefined;
}

/** Text (from the address or the form) -> filters; blanks and invalid values are left out. */
export function parseFilters(read: (key: (typeof ORDER)[number]) => string | null | undefined): QueueFilters {
  const filters: QueueFilters = {};
  const status = read('status')?.trim() ?? '';
  if (isStatus(status)) filters.status = status;
  const platform = read('platform')?.trim() ?? '';
  if (isPlatform(platform)) filters.platform = platform;
  const min = wholeEuros(read('budget_min') ?? '');
  if (min !== undefined) filters.budget_min = min;
  const max = wholeEuros(read('budget_max') ?? '');
  if (max !== undefined) filters.budget_max = max;
  const from = day(read('from') ?? '');
  if (from) filters.from = from;
  const to = day(read('to') ?? '');
  if (to) filters.to = to;
  const q = (read('q') ?? '').trim().slice(0, MAX_Q);
  if (q) filters.q = q;
  return filters;
}

export function filtersFromSearch(search: URLSearchParams): QueueFilters {
  return parseFilters((key) => search.get(key));
}

export function filtersFromForm(values: FilterFormValues): QueueFilters {
  return parseFilters((key) => values[key]);
}

/** Filters -> query string, keys in a fixed order (the same filters always give the same address). */
export function queueSearch(filters: QueueFilters): string {
  const params = new URLSearchParams();
  for (const key of ORDER) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export function formFromFilters(filters: QueueFilters): FilterFormValues {
  return {
    status: filters.status ?? '',
    platform: filters.platform ?? '',
    budget_min: filters.budget_min === undefined ? '' : String(filters.budget_min),
    budget_max: filters.budget_max === undefined ? '' : String(filters.budget_max),
    from: filters.from ?? '',
    to: filters.to ?? '',
    q: filters.q ?? '',
  };
}

export type FilterErrors = Partial<Record<keyof FilterFormValues, string>>;

/** Problems of the filter form, as keys of the backoffice namespace. */
export function checkFilterForm(values: FilterFormValues): FilterErrors {
  const errors: FilterErrors = {};
  for (const key of ['budget_min', 'budget_max'] as const) {
    if (values[key].trim() !== '' && wholeEuros(values[key]) === undefined)
      errors[key] = 'queue.errors.budget';
  }
  const min = wholeEuros(values.budget_min);
  const max = wholeEuros(values.budget_max);
  if (!errors.budget_max && min !== undefined && max !== undefined && min > max)
    errors.budget_max = 'queue.errors.budgetRange';
  const from = day(values.from);
  const to = day(values.to);
  if (from && to && from > to) errors.to = 'queue.errors.dateRange';
  return errors;
}

export function hasFilters(filters: QueueFilters): boolean {
  return Object.keys(filters).length > 0;
}
