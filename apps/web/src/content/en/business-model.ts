// "How it works" section of the home page, English.
import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';
import type { BusinessModel } from '../types.ts';

export const businessModel: BusinessModel = {
  title: 'How IndieSplit works',
  intro:
    'One model, the same rules for everyone: studios raise funds and get help to reach launch, investors share in the revenue their game earns.',
  steps: [
    {
      id: 'pitch',
      title: 'Pitch and review',
      text: 'Developers send us their pitch. Our team and outside consultants review it, and only the projects we select go on to a campaign. Being selected is not a guarantee that a game will succeed.',
    },
    {
      id: 'campaign',
      title: 'All-or-nothing campaign',
      text: "Every campaign has a funding goal and a deadline. If the goal isn't reached in time, every investor is refunded.",
    },
    {
      id: 'services',
      title: 'Developer services',
      text: 'When a campaign reaches its goal, the studio receives the funds and our services: mentoring, marketing, legal support, HR, back office, distribution and publishing.',
    },
    {
      id: 'revenue',
      title: `Revenue share for ${REVENUE_SHARE_TERM_MONTHS} months`,
      text: `For ${REVENUE_SHARE_TERM_MONTHS} months after launch, a share of the game's net revenue is split between IndieSplit and the investors, pro rata to what each investor put in.`,
    },
  ],
  riskNote:
    "Investing in video games is high risk: you could lose all the money you invest and receive no return. Payouts depend only on the game's actual revenue. Only invest what you can afford to lose.",
};
