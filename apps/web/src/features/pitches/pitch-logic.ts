// Rules of the pitch forms (spec §3 "Project submission", §5), kept apart from React.

export const PLATFORMS = [
  { value: 'XBOX SERIES', label: 'Xbox Series' },
  { value: 'XBOX ONE', label: 'Xbox One' },
  { value: 'PLAY STATION 5', label: 'PlayStation 5' },
  { value: 'PLAY STATION 4', label: 'PlayStation 4' },
  { value: 'NINTENDO SWITCH', label: 'Nintendo Switch' },
  { value: 'META QUEST', label: 'Meta Quest' },
  { value: 'PC', label: 'PC' },
] as const;

/** The service choice; the API receives the chosen services comma-joined. */
export const SERVICE_CHOICES = [
  { key: 'fundingOnly', value: 'funding' },
  { key: 'fundingServices', value: 'funding,services' },
  { key: 'fundingServicesHr', value: 'funding,services,hr' },
] as const;

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

export function isReleaseDateAllowed(value: string, today: Date): boolean {
  return isCompleteDate(value) && value >= minReleaseDate(today);
}

/** Euro amounts: empty, or a non-negative number with at most two decimals. */
export function parseEuro(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (text === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Number(text);
}

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

export function isPdf(file: { name: string; type: string }): boolean {
  return /\.pdf$/i.test(file.name) && (file.type === '' || file.type === 'application/pdf');
}
