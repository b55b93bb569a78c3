// The game platforms of pitches and campaigns, and their names for people. No schemas here: the
// public campaign pages import this without the validation library (pitches.ts re-exports it).

/** The seven platforms of spec §5, as the form sends them. */
export const PITCH_PLATFORMS = [
  'XBOX SERIES',
  'XBOX ONE',
  'PLAY STATION 5',
  'PLAY STATION 4',
  'NINTENDO SWITCH',
  'META QUEST',
  'PC',
] as const;
export type PitchPlatform = (typeof PITCH_PLATFORMS)[number];

/** How a platform is written for people: brand names, never translated. */
export const PLATFORM_LABELS: Record<PitchPlatform, string> = {
  'XBOX SERIES': 'Xbox Series',
  'XBOX ONE': 'Xbox One',
  'PLAY STATION 5': 'PlayStation 5',
  'PLAY STATION 4': 'PlayStation 4',
  'NINTENDO SWITCH': 'Nintendo Switch',
  'META QUEST': 'Meta Quest',
  PC: 'PC',
};

/** A platform's name for people; an unknown value (an older pitch or campaign) is shown as stored. */
export function platformLabel(value: string): string {
  return Object.hasOwn(PLATFORM_LABELS, value) ? PLATFORM_LABELS[value as PitchPlatform] : value;
}
