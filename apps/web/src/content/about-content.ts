// About page content in both languages (loaded with the about page only).
import type { Language } from '@indiesplit/shared/languages';
import { essence as enEssence } from './en/essence.ts';
import { partners as enPartners } from './en/partners.ts';
import { endorsers as enEndorsers, press as enPress } from './en/social-proof.ts';
import { advisorsAndStaff as enStaff, teamHeads as enTeamHeads } from './en/team.ts';
import { essence as itEssence } from './it/essence.ts';
import { partners as itPartners } from './it/partners.ts';
import { endorsers as itEndorsers, press as itPress } from './it/social-proof.ts';
import { advisorsAndStaff as itStaff, teamHeads as itTeamHeads } from './it/team.ts';
import { useContentLanguage } from './language.ts';
import type { Endorser, EssenceCard, Partner, PressItem, StaffMember, TeamHead } from './types.ts';

export interface AboutContent {
  teamHeads: readonly TeamHead[];
  advisorsAndStaff: readonly StaffMember[];
  essence: readonly EssenceCard[];
  partners: readonly Partner[];
  endorsers: readonly Endorser[];
  press: readonly PressItem[];
}

export const aboutContent: Record<Language, AboutContent> = {
  en: {
    teamHeads: enTeamHeads,
    advisorsAndStaff: enStaff,
    essence: enEssence,
    partners: enPartners,
    endorsers: enEndorsers,
    press: enPress,
  },
  it: {
    teamHeads: itTeamHeads,
    advisorsAndStaff: itStaff,
    essence: itEssence,
    partners: itPartners,
    endorsers: itEndorsers,
    press: itPress,
  },
};

export function useAboutContent(): AboutContent {
  return aboutContent[useContentLanguage()];
}
