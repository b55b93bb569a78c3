// Operator-editable links and dates. Build-time overrides come from VITE_* variables.
const env = import.meta.env;

export const siteConfig = {
  communityChatUrl: env.VITE_COMMUNITY_CHAT_URL ?? 'https://discord.com/invite/indiesplit',
  social: {
    instagram: env.VITE_INSTAGRAM_URL ?? 'https://www.instagram.com/indiesplit',
    linkedin: env.VITE_LINKEDIN_URL ?? 'https://www.linkedin.com/company/indiesplit',
    discord: env.VITE_COMMUNITY_CHAT_URL ?? 'https://discord.com/invite/indiesplit',
  },
  pressEmail: env.VITE_PRESS_EMAIL ?? 'press@indiesplit.example',
  // The platform serves its own legal documents (ADR 0034); the operator replaces their texts on
  // the server (LEGAL_DIR), not here.
  legal: {
    privacyPolicy: '/legal/privacy',
    cookiePolicy: '/legal/cookies',
    terms: '/legal/terms',
  },
  /**
   * A launch countdown target (spec §2), local time, from VITE_COUNTDOWN_TARGET. None by default:
   * the home page shows the countdown only while a future target is configured.
   */
  countdownTarget: (env.VITE_COUNTDOWN_TARGET as string | undefined) || null,
  /**
   * Up to three reel permalinks for the home page's social block, comma-separated in
   * VITE_HOME_REELS (for example https://www.instagram.com/reel/<id>/). Empty by default: the block
   * then shows cards linking to the photo-sharing profile instead of embeds.
   */
  homeReels: parseList(env.VITE_HOME_REELS),
} as const;

function parseList(value: unknown): readonly string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
