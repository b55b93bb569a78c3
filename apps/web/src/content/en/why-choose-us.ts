// "Why choose us" feature cards of the home page, English. The first three are shown in thirds,
// the others in halves, so an even number after the first three fills the grid best.
import type { FeatureCard } from '../types.ts';

export const whyChooseUs: readonly FeatureCard[] = [
  {
    id: 'clear-terms',
    title: 'Clear terms, up front',
    text: "Fees, the investors' revenue share and how net revenue is calculated are stated on each campaign before you invest.",
    iconSeed: 'card-clear-terms',
  },
  {
    id: 'all-or-nothing',
    title: 'All-or-nothing funding',
    text: "A game is funded only if it reaches its goal. If it doesn't, every investor gets their money back.",
    iconSeed: 'card-all-or-nothing',
  },
  {
    id: 'reviewed',
    title: 'Pitches reviewed by people',
    text: 'Every project is reviewed by our team and outside consultants before it can raise funds.',
    iconSeed: 'card-reviewed',
  },
  {
    id: 'services',
    title: 'More than money',
    text: 'Funded studios get mentoring, marketing, legal, HR, back-office, distribution and publishing support on the way to launch.',
    iconSeed: 'card-services',
  },
  {
    id: 'community',
    title: 'Built with the community',
    text: 'Players, developers and investors meet in our community chat, and the virtual-money demo lets anyone learn how it works before investing.',
    iconSeed: 'card-community',
  },
];
