// Vision and mission cards of the about page, English. The document links are PLACEHOLDERS on a
// reserved example domain: the operator points them to the published documents.
import type { EssenceCard } from '../types.ts';

export const essence: readonly EssenceCard[] = [
  {
    id: 'vision',
    title: 'Our vision',
    text: 'A games industry where independent studios can fund and publish their work together with the people who play it, and where those people share in its success.',
    documentUrl: 'https://indiesplit.example/documents/vision',
  },
  {
    id: 'mission',
    title: 'Our mission',
    text: 'Give indie developers access to funding and professional services through transparent, all-or-nothing revenue-share campaigns, and give players and investors a clear, fair way to back them.',
    documentUrl: 'https://indiesplit.example/documents/mission',
  },
];
