// PLACEHOLDERS: two partner slots until the operator adds the real partners (names, links and
// logos; logos are generated from `seed` until `src` points to a local file).
import type { Partner } from '../types.ts';

export const partners: readonly Partner[] = [
  {
    id: 'partner-1',
    name: 'Partner name 1',
    url: 'https://partner-one.example',
    logo: { seed: 'partner-1', alt: 'Placeholder logo of partner 1' },
  },
  {
    id: 'partner-2',
    name: 'Partner name 2',
    url: 'https://partner-two.example',
    logo: { seed: 'partner-2', alt: 'Placeholder logo of partner 2' },
  },
];
