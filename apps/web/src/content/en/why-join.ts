// "Why join" block of the home page, English: one text for visitors, one for members.
import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';
import type { WhyJoin } from '../types.ts';

export const whyJoin: WhyJoin = {
  loggedOut: {
    title: 'Why join IndieSplit',
    paragraphs: [
      'IndieSplit brings together the people who make independent games and the people who play them and want to back them. Studios raise funds and get the support they need to launch; investors share in the revenue of the games they believe in.',
    ],
    points: [
      `Back the indie games you care about and share in their net revenue for ${REVENUE_SHARE_TERM_MONTHS} months after launch.`,
      "All-or-nothing campaigns: if the goal isn't reached, everyone gets their money back.",
      "Clear terms: fees and the investors' revenue share are shown on every campaign before you commit.",
      'A community of players, developers and investors, open to everyone with an account.',
    ],
  },
  loggedIn: {
    title: 'Make the most of your membership',
    paragraphs: ["Thanks for being part of IndieSplit. Here's what you can do now."],
    points: [
      "Verify your email address, if you haven't yet: some features stay locked until you do.",
      'Complete your profile and choose which updates you want to receive in your preferences.',
      'Join the conversation with players, developers and the team in the community chat.',
      'Try the demo with virtual money to see how campaigns and payouts work before investing.',
      'Making a game? Send us your pitch.',
    ],
  },
};
