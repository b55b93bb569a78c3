// PLACEHOLDERS: the names, pictures and presentation links below stand in for the real team until
// the operator replaces them (here and in the Italian file). Role descriptions describe the job,
// not a person. Pictures are generated from `seed`; set `src` to a local file to use a photo.
import { siteConfig } from '../../app/site-config.ts';
import type { StaffMember, TeamHead } from '../types.ts';

const presentation = siteConfig.social.instagram;

export const teamHeads: readonly TeamHead[] = [
  {
    id: 'ceo',
    displayTitle: 'CEO',
    name: 'Team member — CEO',
    role: 'Chief Executive Officer',
    description:
      "Sets IndieSplit's strategy and leads the company: partnerships, relations with studios and investors, and the choices about which kinds of projects the platform supports.",
    image: { seed: 'team-ceo', alt: 'Placeholder portrait of the CEO' },
    reelUrl: presentation,
  },
  {
    id: 'coo',
    displayTitle: 'COO',
    name: 'Team member — COO',
    role: 'Chief Operating Officer',
    description:
      'Runs day-to-day operations: how campaigns are prepared and managed, and how the developer services and the back office support funded studios.',
    image: { seed: 'team-coo', alt: 'Placeholder portrait of the COO' },
    reelUrl: presentation,
  },
  {
    id: 'cto',
    displayTitle: 'CTO',
    name: 'Team member — CTO',
    role: 'Chief Technology Officer',
    description:
      'Leads the technology behind the platform: product engineering, security, and the systems that record investments and payouts.',
    image: { seed: 'team-cto', alt: 'Placeholder portrait of the CTO' },
    reelUrl: presentation,
  },
  {
    id: 'cmo',
    displayTitle: 'CMO',
    name: 'Team member — CMO',
    role: 'Chief Marketing Officer',
    description:
      'Leads brand, communication and community, and the marketing support offered to the games funded on IndieSplit.',
    image: { seed: 'team-cmo', alt: 'Placeholder portrait of the CMO' },
    reelUrl: presentation,
  },
  {
    id: 'clo',
    displayTitle: 'CLO',
    name: 'Team member — CLO',
    role: 'Chief Legal Officer',
    description:
      'Oversees legal matters and compliance: campaign terms, the information given to investors, and the legal support offered to studios.',
    image: { seed: 'team-clo', alt: 'Placeholder portrait of the CLO' },
    reelUrl: presentation,
  },
];

export const advisorsAndStaff: readonly StaffMember[] = [
  {
    id: 'marketing-manager',
    name: 'Team member — Marketing',
    role: 'Marketing Manager',
    image: { seed: 'staff-marketing', alt: 'Placeholder portrait of the marketing manager' },
  },
  {
    id: 'press-office-manager',
    name: 'Team member — Press office',
    role: 'Press Office Manager',
    image: { seed: 'staff-press', alt: 'Placeholder portrait of the press office manager' },
  },
  {
    id: 'product-ux-designer',
    name: 'Team member — Product design',
    role: 'Product / UX Designer',
    image: { seed: 'staff-ux', alt: 'Placeholder portrait of the product and UX designer' },
  },
  {
    id: 'frontend-developer',
    name: 'Team member — Frontend',
    role: 'Frontend Developer',
    image: { seed: 'staff-frontend', alt: 'Placeholder portrait of the frontend developer' },
  },
  {
    id: 'brand-ui-designer',
    name: 'Team member — Brand design',
    role: 'Brand / UI Designer',
    image: { seed: 'staff-brand', alt: 'Placeholder portrait of the brand and UI designer' },
  },
];
