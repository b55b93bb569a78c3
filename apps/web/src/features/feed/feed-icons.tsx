import type { FeedItemKind } from '@indiesplit/shared/feed';
import type { ReactNode } from 'react';

// One small line icon per kind of feed item, beside its written label (the label says it; the
// icon only helps the eye find it).

const PATHS: Record<FeedItemKind, ReactNode> = {
  // A flag: a campaign opened.
  campaign_opened: <path d="M5 21V4m0 0h11l-2 4 2 4H5" />,
  // A speech bubble: the studio has something to say.
  campaign_update: <path d="M4 5h16v11H9l-5 4z" />,
  // A target hit.
  campaign_funded: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M8.5 12.5l2.5 2.5 4.5-5" />
    </>
  ),
  // A gamepad.
  game_launched: (
    <>
      <rect x="3" y="7" width="18" height="10" rx="5" />
      <path d="M7.5 12h3M9 10.5v3M15.5 11h.01M17 13h.01" />
    </>
  ),
  // A coin.
  payout_made: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M14.5 9.5c-.5-.8-1.4-1.2-2.5-1.2-1.5 0-2.5.8-2.5 1.9 0 2.6 5 1.3 5 4 0 1.1-1.1 1.9-2.5 1.9-1.1 0-2-.4-2.5-1.2M12 6.8v1.5m0 7.4v1.5" />
    </>
  ),
  // A page of news.
  news: <path d="M5 4h11v16H7a2 2 0 0 1-2-2zm11 5h3v9a2 2 0 0 1-2 2M8 8h5M8 12h5M8 16h3" />,
};

export function FeedIcon({ kind }: { kind: FeedItemKind }) {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[kind]}
    </svg>
  );
}
