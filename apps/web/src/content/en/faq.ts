// Home page FAQ, English. Keep the same items, in the same order, as the Italian file.
import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';
import type { Faq } from '../types.ts';

export const faq: Faq = {
  title: 'Frequently asked questions',
  items: [
    {
      id: 'revenue-share',
      title: 'How does revenue sharing work?',
      content: [
        "When you invest in a campaign you don't buy shares in the studio: you acquire the right to a share of the game's net revenue. Each campaign page states, before you invest, how big that share is and how net revenue is calculated.",
        "Once the game launches, that share of net revenue is split between IndieSplit and the investors, and the investors' part is divided pro rata: if you provided 2% of the money raised, you receive 2% of it.",
        'Payouts depend entirely on how the game sells. If it earns little, payouts are small; if it earns nothing, there is nothing to share.',
      ],
    },
    {
      id: 'term',
      title: 'How long does the revenue share last?',
      content: [
        `${REVENUE_SHARE_TERM_MONTHS} months (three years), counted from the game's launch date, not from the day you invest. Between the end of the campaign and the launch there may be months of development in which nothing is paid out; if the launch is delayed, payouts start later.`,
        `When the ${REVENUE_SHARE_TERM_MONTHS} months are over the agreement ends and no further payments are due. There is no separate repayment of the amount you invested: everything you receive comes from the revenue share during those ${REVENUE_SHARE_TERM_MONTHS} months.`,
      ],
    },
    {
      id: 'all-or-nothing',
      title: "What happens if a campaign doesn't reach its goal?",
      content: [
        'Campaigns are all-or-nothing. Each one has a funding goal and a deadline set in advance. If the goal is not reached by the deadline, the campaign closes unfunded and every investor gets their money back.',
        "If the goal is reached, the funds go to the project and IndieSplit's developer services are activated: mentoring, marketing, legal support, HR, back office, distribution and publishing.",
      ],
    },
    {
      id: 'risks',
      title: 'What are the risks?',
      content: [
        'Investing in video games is high risk. A game can be delayed, may never launch, or may sell far less than expected: you could lose all the money you invest and receive no return at all.',
        "The results of other games, or of the same studio's earlier games, are not a reliable guide to future results. Nothing on IndieSplit is a promise or a forecast of returns.",
        `Your investment is not a bank deposit and is not covered by deposit guarantee or investor compensation schemes. It may be difficult or impossible to sell or transfer it before the ${REVENUE_SHARE_TERM_MONTHS} months are over. Only invest money you can afford to lose, and spread it across several projects rather than putting everything into one.`,
      ],
    },
    {
      id: 'who-can-invest',
      title: 'Who can invest?',
      content: [
        'You need an IndieSplit account with a verified email address, and you must be of legal age. Depending on where you live and on the campaign, identity checks and investment limits may apply: the campaign page tells you which ones before you invest.',
        'Players, developers and investors are all welcome: when you sign up you can choose one or more profiles.',
      ],
    },
    {
      id: 'fees',
      title: 'What fees do I pay?',
      content: [
        "Fees can differ from one campaign to another, so we don't quote a single figure here. Each campaign page shows the fees that apply to investors and the share of revenue kept by IndieSplit, and you see them again before you confirm an investment.",
      ],
    },
    {
      id: 'pitch',
      title: "I'm a developer: how do I pitch my game?",
      content: [
        'Log in and open the pitch form. Tell us about yourself or your studio, then about the game: production budget, the funding you need, platforms, expected release date, the services you are interested in, and a pitch deck in PDF. A trailer or a playable demo helps, but is not required.',
        "Our team reviews every pitch together with outside consultants, and gets in touch if the project is a good fit for a campaign. If you'd rather talk first, you can ask us to call you before sending the full pitch.",
      ],
    },
    {
      id: 'demo',
      title: 'Can I try IndieSplit with virtual money?',
      content: [
        'Yes. The demo uses virtual money only: you can explore campaigns, simulate investments and see how revenue-share payouts are calculated without spending anything.',
        'Figures in the demo are simulated and meant for learning: they are not a forecast of how any real game will perform.',
      ],
    },
  ],
};
