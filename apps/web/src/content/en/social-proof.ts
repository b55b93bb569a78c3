// PLACEHOLDERS: endorsers and press coverage are examples until the operator replaces them with
// real people and real articles. Never put words in a real person's or publication's mouth: use
// only quotes that were actually published or approved.
import type { Endorser, PressItem } from '../types.ts';

export const endorsers: readonly Endorser[] = [
  {
    id: 'endorser-1',
    name: 'Endorser name',
    title: 'Role, organisation',
    image: { seed: 'endorser-1', alt: 'Placeholder portrait of the first endorser' },
  },
  {
    id: 'endorser-2',
    name: 'Endorser name',
    title: 'Role, organisation',
    image: { seed: 'endorser-2', alt: 'Placeholder portrait of the second endorser' },
  },
];

export const press: readonly PressItem[] = [
  {
    id: 'press-1',
    name: 'Publication name',
    citation: 'Placeholder: a short excerpt from a published article about IndieSplit goes here.',
    url: 'https://press-one.example',
    logo: { seed: 'press-1', alt: 'Placeholder logo of the first publication' },
  },
  {
    id: 'press-2',
    name: 'Publication name',
    citation: 'Placeholder: a short excerpt from a second article goes here, with a link to the original.',
    url: 'https://press-two.example',
    logo: { seed: 'press-2', alt: 'Placeholder logo of the second publication' },
  },
];
