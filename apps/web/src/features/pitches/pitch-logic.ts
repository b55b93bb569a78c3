// Rules of the pitch forms (spec §3 "Project submission", §5), kept apart from React.
import { centsToEuroString, parseEuroToCents } from '@indiesplit/shared/money';
import {
  earliestReleaseDate,
  PITCH_PDF_MAX_BYTES,
  PITCH_PLATFORMS,
  type PitchDto,
  type PitchPlatform,
  PLATFORM_LABELS,
  SERVICE_CHOICE_VALUES,
} from '@indiesplit/shared/pitches';

/** The platforms in the form's order, with their names for people. */
export const PLATFORMS: ReadonlyArray<{ value: PitchPlatform; label: string }> = PITCH_PLATFORMS.map(
  (value) => ({
    value,
    label: PLATFORM_LABELS[value],
  }),
);

/** The service choice; the API receives the chosen services comma-joined. */
export const SERVICE_CHOICES = [
  { key: 'fundingOnly', value: SERVICE_CHOICE_VALUES[0] },
  { key: 'fundingServices', value: SERVICE_CHOICE_VALUES[1] },
  { key: 'fundingServicesHr', value: SERVICE_CHOICE_VALUES[2] },
] as const;

/** The translation key (namespace pitch) of a stored service list, e.g. ['funding','services']. */
export function serviceChoiceKey(services: readonly string[]): string | undefined {
  const joined = services.join(',');
  return SERVICE_CHOICES.find((c) => c.value === joined)?.key;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar date as YYYY-MM-DD. */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The earliest release date allowed: the same day next month (the month's last day if shorter). */
export function minReleaseDate(today: Date): string {
  const year = today.getFullYear();
  const month = today.getMonth() + 1;
  const lastDay = new Date(year, month + 1, 0).getDate();
  return isoDate(new Date(year, month, Math.min(today.getDate(), lastDay)));
}

/** A full date as a date input reports it (a partly typed year such as 0002 does not count). */
export function isCompleteDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && Number(value.slice(0, 4)) >= 1000;
}

/**
 * The first date the form accepts: a month from the visitor's today, or from the server's (UTC)
 * today when that is later, so the form never accepts a date the server then refuses.
 */
export function firstAllowedReleaseDate(today: Date): string {
  const local = minReleaseDate(today);
  const server = earliestReleaseDate(today);
  return server > local ? server : local;
}

export function isReleaseDateAllowed(value: string, today: Date): boolean {
  return isCompleteDate(value) && value >= firstAllowedReleaseDate(today);
}

/**
 * Euro amounts as people type them: null when empty, NaN when not an amount. The shared parser is
 * the server's, so the browser never accepts what the server would refuse (and the reverse).
 */
export function parseEuro(value: string): number | null {
  const cents = parseEuroToCents(value);
  if (cents === undefined) return Number.NaN;
  return cents === null ? null : cents / 100;
}

/** Cents -> what the amount input shows ("25000", "1250.50"). */
export function euroInputValue(cents: number): string {
  return centsToEuroString(cents).replace(/\.00$/, '');
}

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

export function isPdf(file: { name: string; type: string }): boolean {
  return /\.pdf$/i.test(file.name) && (file.type === '' || file.type === 'application/pdf');
}

/** Checked before the upload starts, so nobody waits for 80 MB to travel only to be refused. */
export function isPdfSizeAllowed(file: { size: number }): boolean {
  return file.size > 0 && file.size <= PITCH_PDF_MAX_BYTES;
}

export const PDF_MAX_MB = PITCH_PDF_MAX_BYTES / (1024 * 1024);

/** What the project form holds: text as typed, a file list from the file input. */
export interface ProjectFormValues {
  name: string;
  email: string;
  project_name: string;
  expected_production_budget: string;
  required_funding_size: string;
  distribution_platforms: string[];
  is_debut_title: boolean;
  expected_release_date: string;
  i_am_looking_for: string;
  plan_to_choose_publisher: boolean;
  notes: string;
  trailer_link: string;
  demo_link: string;
  pitch_password: string;
  pitch_file: FileList | null;
}

export const EMPTY_PROJECT: ProjectFormValues = {
  name: '',
  email: '',
  project_name: '',
  expected_production_budget: '',
  required_funding_size: '',
  distribution_platforms: [],
  is_debut_title: false,
  expected_release_date: '',
  i_am_looking_for: '',
  plan_to_choose_publisher: false,
  notes: '',
  trailer_link: '',
  demo_link: '',
  pitch_password: '',
  pitch_file: null,
};

/** A pitch sent back for changes, as the edit form starts. The password is never sent back. */
export function valuesFromPitch(pitch: PitchDto): ProjectFormValues {
  return {
    name: pitch.name,
    email: pitch.email,
    project_name: pitch.project_name,
    expected_production_budget: euroInputValue(pitch.expected_production_budget_cents),
    required_funding_size:
      pitch.required_funding_size_cents > 0 ? euroInputValue(pitch.required_funding_size_cents) : '',
    distribution_platforms: [...pitch.distribution_platforms],
    is_debut_title: pitch.is_debut_title,
    expected_release_date: pitch.expected_release_date.slice(0, 10),
    i_am_looking_for: pitch.i_am_looking_for.join(','),
    plan_to_choose_publisher: pitch.plan_to_choose_publisher,
    notes: pitch.notes,
    trailer_link: pitch.trailer_link ?? '',
    demo_link: pitch.demo_link ?? '',
    pitch_password: '',
    pitch_file: null,
  };
}

/**
 * The multipart body of submit-project and resubmit (spec §3): amounts as typed (the server turns
 * them into cents; an empty funding size is the spec's default 0), platforms in the order of the
 * list and comma-joined, booleans as "true"/"false". A password or file left empty is not sent.
 */
export function projectFormData(values: ProjectFormValues): FormData {
  const data = new FormData();
  const order = PLATFORMS.map((p) => p.value as string);
  const platforms = [...values.distribution_platforms].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  data.append('name', values.name.trim());
  data.append('email', values.email.trim());
  data.append('project_name', values.project_name.trim());
  data.append('expected_production_budget', values.expected_production_budget.trim() || '0');
  data.append('required_funding_size', values.required_funding_size.trim() || '0');
  data.append('distribution_platforms', platforms.join(','));
  data.append('is_debut_title', String(values.is_debut_title));
  data.append('expected_release_date', values.expected_release_date);
  data.append('i_am_looking_for', values.i_am_looking_for);
  data.append('plan_to_choose_publisher', String(values.plan_to_choose_publisher));
  data.append('notes', values.notes.trim());
  data.append('trailer_link', values.trailer_link.trim());
  data.append('demo_link', values.demo_link.trim());
  if (values.pitch_password) data.append('pitch_password', values.pitch_password);
  const file = values.pitch_file?.[0];
  if (file) data.append('pitch_file', file);
  return data;
}
