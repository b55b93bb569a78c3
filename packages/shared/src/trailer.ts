// Which trailer addresses the campaign page can play in place, and from where. The editor accepts
// any web address for a trailer; only YouTube and Vimeo videos are embedded (after the visitor's
// consent), everything else stays a link. The server's Content-Security-Policy allows frames from
// exactly these origins, so the two lists cannot drift apart.

export const TRAILER_PROVIDERS = {
  youtube: { name: 'YouTube', origin: 'https://www.youtube-nocookie.com' },
  vimeo: { name: 'Vimeo', origin: 'https://player.vimeo.com' },
} as const;

export type TrailerProvider = keyof typeof TRAILER_PROVIDERS;

/** The origins the pages may frame for trailers. */
export const TRAILER_FRAME_ORIGINS: readonly string[] = Object.values(TRAILER_PROVIDERS).map((p) => p.origin);

export interface TrailerEmbed {
  provider: TrailerProvider;
  /** The provider's name as people know it, to say who the player comes from. */
  providerName: string;
  src: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www|m)\./, '');
  if (host === 'youtu.be') return url.pathname.split('/')[1] ?? null;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const [, kind, id] = url.pathname.split('/');
  return kind === 'embed' || kind === 'shorts' || kind === 'live' ? (id ?? null) : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, '');
  if (host === 'vimeo.com') return url.pathname.split('/')[1] ?? null;
  if (host === 'player.vimeo.com') {
    const [, kind, id] = url.pathname.split('/');
    return kind === 'video' ? (id ?? null) : null;
  }
  return null;
}

/**
 * The privacy-friendlier player address of a YouTube or Vimeo trailer, or null for any other
 * address. The video id is checked against the provider's format, so nothing else of the
 * typed address reaches the frame.
 */
export function trailerEmbed(address: string | null | undefined): TrailerEmbed | null {
  if (!address) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const yt = youtubeId(url);
  if (yt && YOUTUBE_ID.test(yt)) {
    return {
      provider: 'youtube',
      providerName: TRAILER_PROVIDERS.youtube.name,
      src: `${TRAILER_PROVIDERS.youtube.origin}/embed/${yt}`,
    };
  }
  const vm = vimeoId(url);
  if (vm && VIMEO_ID.test(vm)) {
    return {
      provider: 'vimeo',
      providerName: TRAILER_PROVIDERS.vimeo.name,
      src: `${TRAILER_PROVIDERS.vimeo.origin}/video/${vm}?dnt=1`,
    };
  }
  return null;
}
