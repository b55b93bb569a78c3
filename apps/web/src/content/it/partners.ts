// SEGNAPOSTO: due spazi per i partner finché l'operatore non inserisce quelli reali (nomi, link e
// loghi; i loghi sono generati da `seed` finché `src` non punta a un file locale).
import type { Partner } from '../types.ts';

export const partners: readonly Partner[] = [
  {
    id: 'partner-1',
    name: 'Nome partner 1',
    url: 'https://partner-one.example',
    logo: { seed: 'partner-1', alt: 'Logo segnaposto del partner 1' },
  },
  {
    id: 'partner-2',
    name: 'Nome partner 2',
    url: 'https://partner-two.example',
    logo: { seed: 'partner-2', alt: 'Logo segnaposto del partner 2' },
  },
];
