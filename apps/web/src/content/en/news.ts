// Platform updates for members, newest first, English. The entries below are EXAMPLES, marked
// `placeholder: true` so the page labels them; the operator replaces them with real news.
import type { NewsEntry } from '../types.ts';

export const news: readonly NewsEntry[] = [
  {
    id: 'example-feature',
    date: '2026-11-01',
    title: 'Example update: a new feature on the platform',
    paragraphs: [
      'This is an example entry. Announcements of new features will appear here, with what changes for members and how to use them.',
    ],
    placeholder: true,
  },
  {
    id: 'example-campaigns',
    date: '2026-10-15',
    title: 'Example update: upcoming campaigns',
    paragraphs: [
      'This is an example entry. When campaigns are scheduled, their opening dates will be announced here.',
    ],
    placeholder: true,
  },
  {
    id: 'example-terms',
    date: '2026-10-01',
    title: 'Example update: changes to our terms',
    paragraphs: [
      'This is an example entry. Any change to the terms of service or to the privacy policy will be summarised here, with a link to the full text.',
    ],
    placeholder: true,
  },
];
