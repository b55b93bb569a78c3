import {
  type CampaignStatus,
  DEVELOPER_SERVICES,
  type DeveloperService,
  GAME_GENRES,
  type GameGenre,
  SERVICE_STATUSES,
  type ServiceStatus,
} from '@indiesplit/shared/campaigns';
import type { Language } from '@indiesplit/shared/messages';
import type { Currency } from '@indiesplit/shared/wallet';

// The small conversions from a campaign row's columns to the values the presenters show.

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const asStatus = (s: string) => s as CampaignStatus;
export const asCurrency = (c: string): Currency => (c === 'DEMO' ? 'DEMO' : 'EUR');
export const asGenre = (g: string | null): GameGenre | null =>
  g !== null && (GAME_GENRES as readonly string[]).includes(g) ? (g as GameGenre) : null;
export const asServices = (list: readonly string[]): DeveloperService[] =>
  list.filter((s): s is DeveloperService => (DEVELOPER_SERVICES as readonly string[]).includes(s));
export const asServiceStatus = (s: string): ServiceStatus =>
  (SERVICE_STATUSES as readonly string[]).includes(s) ? (s as ServiceStatus) : 'pending';

/** The text in the reader's language; the English one when the Italian is still missing. */
export function localized(lang: Language, en: string, it: string): string {
  return lang === 'it' && it.trim() !== '' ? it : en;
}
